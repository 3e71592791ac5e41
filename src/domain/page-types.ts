/**
 * Page types by number (seed 000 §2), the cover/lock/popup page kinds (seed 000 §3) and the slide
 * and slice types those pages are built from (seed 001 §3). The renderer puts the page type in
 * the page context; tracking, the popup overlay and lazy modules decide by it.
 */
import { CONTENT_STATUSES, type ContentStatus } from './website';

export const PAGE_TYPES = {
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
} as const;

export type PageTypeName = keyof typeof PAGE_TYPES;
export type PageType = (typeof PAGE_TYPES)[PageTypeName];

// Built in a pure call, so a browser bundle that never looks names up leaves the table out.
const pageTypeNames = /* @__PURE__ */ (() => new Map<number, PageTypeName>(Object.entries(PAGE_TYPES).map(([name, n]) => [n, name as PageTypeName])))();

export function pageTypeName(n: number): PageTypeName | undefined {
  return pageTypeNames.get(n);
}

/**
 * A page's status is a content status (seed 000 §3: PUBLISHED 1 … DELETED 6), the same numbers
 * collections and items use: one enumeration, under the name page code reads it by.
 */
export const PAGE_STATUS = CONTENT_STATUSES;
export type PageStatus = ContentStatus;

/**
 * Seed 000 §3: "cover/lock/popup page kinds 1 to 3", numbered in the order the seed names them
 * (docs/decisions/0069-page-kinds.md).
 */
export const PAGE_KINDS = { COVER_PAGE: 1, LOCK_SCREEN: 2, POPUP_OVERLAY: 3 } as const;
export type PageKind = (typeof PAGE_KINDS)[keyof typeof PAGE_KINDS];

/** Seed 001 §3: slide types, one per page kind. */
export const SLIDE_TYPES = ['cover-page', 'lock-screen', 'popup-overlay'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

/** Seed 001 §3: the parts a cover, lock or overlay page is built from. */
export const SLICE_TYPES = [
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
] as const;
export type SliceType = (typeof SLICE_TYPES)[number];
