import { describe, expect, it } from 'vitest';
import { PAGE_KINDS, PAGE_STATUS, PAGE_TYPES, pageTypeName, SLICE_TYPES, SLIDE_TYPES } from './page-types';
import { CONTENT_STATUSES } from './website';

describe('page types', () => {
  // covers 000-2.32
  it('are numbered as seed 000 lists them', () => {
    expect(PAGE_TYPES).toEqual({
      MAIN_CONTENT: 1,
      PAGE: 2,
      SPLASH_PAGE: 3,
      CONTENT_ITEM: 50,
      NOT_FOUND: 100,
      ERROR: 101,
      SEARCH: 102,
      LOCK_SCREEN: 103,
      POPUP_OVERLAY: 104,
      PROTECTED_CONTENT: 105,
      MEMBER_AREA_ACCESS_DENIED: 106,
      SHOW_CART: 200,
      CHECKOUT: 201,
      ORDER_CONFIRMED: 202,
      DONATE: 203,
      CONTRIBUTION_CONFIRMED: 204,
      COMMERCE_CART_V2: 205,
      SUBSCRIPTION_CONFIRMED: 206,
      ORDER_RECEIVED: 207,
      MEMBERSHIP_CONFIRMED: 208,
      REVIEWS_REQUEST: 209,
      DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
      ORDER_STATUS: 211,
      NEWSLETTER_UNSUBSCRIBE: 300,
      COMMERCE_EMAIL_PREVIEW: 301,
    });
    expect(pageTypeName(209)).toBe('REVIEWS_REQUEST');
    expect(pageTypeName(4)).toBeUndefined();
  });

  // covers 000-3.77, 001-3.92
  it('numbers the cover, lock and popup page kinds 1 to 3, one slide type each', () => {
    expect(Object.values(PAGE_KINDS).sort()).toEqual([1, 2, 3]);
    expect(SLIDE_TYPES).toEqual(['cover-page', 'lock-screen', 'popup-overlay']);
  });

  // covers 001-3.91
  it('lists the slice types', () => {
    expect(SLICE_TYPES).toEqual([
      'heading',
      'sub-heading',
      'body',
      'image',
      'gallery',
      'video',
      'social-icons',
      'buttons',
      'navigation',
      'custom-form',
      'newsletter',
      'album',
      'map',
      'lock',
      'password',
      'twitter',
      'logo',
      'action',
      'popup-overlay-action',
      'temp-lock-inject',
    ]);
  });

  it('reads a page status as the content status it is', () => {
    expect(PAGE_STATUS).toBe(CONTENT_STATUSES);
    expect(PAGE_STATUS.PUBLISHED).toBe(1);
  });
});
