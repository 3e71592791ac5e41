import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BADGE_TYPES,
  COLLECTION_ITEM_ANALYTICS_TYPES,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  INFO_BAR_STYLES,
  isCoverPageSite,
  isParkingPageSite,
  ITEM_VISIBILITY,
  TEMPLATE_VERSIONS,
  WEBSITE_STATUSES,
  WEBSITE_TYPES,
} from './website';
import { productWorkflowLabel } from './product-status';

describe('site enumerations', () => {
  // covers 000-3.79, 001-3.95
  it('numbers website types CLASSIC 1 to ENTERPRISE 5', () => {
    expect(WEBSITE_TYPES).toEqual({ CLASSIC: 1, COVER_PAGE: 2, PARKING_PAGE: 3, COMMERCE: 4, ENTERPRISE: 5 });
  });

  // constants and helpers for 000-2.34 (the browser behaviour is left to end-to-end tests)
  it('tells cover and parking pages apart by website type', () => {
    expect(isCoverPageSite(2)).toBe(true);
    expect(isCoverPageSite(1)).toBe(false);
    expect(isParkingPageSite(3)).toBe(true);
    expect(isParkingPageSite(2)).toBe(false);
  });

  // covers 000-3.76, 000-2.35
  it('has the thirteen website statuses, resold and resold grace among them', () => {
    expect(Object.keys(WEBSITE_STATUSES)).toEqual([
      'EXPIRED',
      'PASTDUE',
      'TRIAL',
      'BETA',
      'REMOVED',
      'INTERNAL',
      'COMPED',
      'PAID',
      'V5_LINKED',
      'PARKING_PAGE',
      'RESOLD',
      'RESOLD_GRACE',
      'ENTERPRISE',
    ]);
    expect(new Set(Object.values(WEBSITE_STATUSES)).size).toBe(13);
  });

  // covers 000-3.80, 001-3.95
  it('numbers content statuses PUBLISHED 1 to DELETED 6', () => {
    expect(CONTENT_STATUSES).toEqual({ PUBLISHED: 1, SCHEDULED: 2, NEEDS_REVIEW: 3, DRAFT: 4, PRIVATE: 5, DELETED: 6 });
  });

  // constants and helpers for 001-3.98 (the on-screen text is left to end-to-end tests)
  it('labels content statuses with the string-table words', () => {
    expect(CONTENT_STATUS_LABELS[2]).toBe('Scheduled');
    expect(CONTENT_STATUS_LABELS[3]).toBe('Needs Review');
    expect(CONTENT_STATUS_LABELS[4]).toBe('Draft');
    expect(CONTENT_STATUS_LABELS[5]).toBe('Private');
  });

  // covers 000-3.70
  // constants and helpers for 000-3.69, 001-3.96 (the browser behaviour is left to end-to-end tests)
  it('lists analytics item types and visibility values', () => {
    expect(COLLECTION_ITEM_ANALYTICS_TYPES).toEqual(['album-track', 'event-item', 'gallery-image', 'portfolio-item', 'blog-post', 'gallery-video']);
    expect(ITEM_VISIBILITY).toEqual(['draft', 'published', 'needs_review', 'scheduled']);
  });

  // constants and helpers for 000-3.60, 000-3.57, 000-3.58 (the browser behaviour is left to end-to-end tests)
  it('has template versions, badge types and info bar styles', () => {
    expect(TEMPLATE_VERSIONS).toEqual([7, 7.1, 8]);
    expect(BADGE_TYPES).toEqual({ NONE: 1, BLACK: 2, WHITE: 3 });
    expect(INFO_BAR_STYLES).toEqual({ NONE: 1, LIGHT: 2, DARK: 3 });
  });
});

describe('productWorkflowLabel', () => {
  // constants and helpers for 000-4.01, 000-4.02, 000-4.03 (the on-screen text is left to end-to-end tests)
  it('reads PUBLISHED as Available, SCHEDULED as Scheduled, DRAFT as Hidden', () => {
    expect(productWorkflowLabel(CONTENT_STATUSES.PUBLISHED)).toBe('Available');
    expect(productWorkflowLabel(CONTENT_STATUSES.SCHEDULED)).toBe('Scheduled');
    expect(productWorkflowLabel(CONTENT_STATUSES.DRAFT)).toBe('Hidden');
  });

  // constants and helpers for 000-4.04 (the on-screen text is left to end-to-end tests)
  it('reads anything else as Unsupported', () => {
    for (const s of [CONTENT_STATUSES.NEEDS_REVIEW, CONTENT_STATUSES.PRIVATE, CONTENT_STATUSES.DELETED]) expect(productWorkflowLabel(s)).toBe('Unsupported');
    fc.assert(
      fc.property(
        fc.integer().filter((n) => n !== 1 && n !== 2 && n !== 4),
        (n) => {
          expect(productWorkflowLabel(n)).toBe('Unsupported');
        },
      ),
    );
  });
});
