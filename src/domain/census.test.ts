import { describe, expect, it } from 'vitest';
import { BUTTON_TRACKING_CONTEXT, CENSUS_EVENT_TYPES, isPageViewRecorded } from './census';
import { PAGE_TYPES } from './page-types';

const visitor = { pageType: PAGE_TYPES.PAGE, path: '/about', signedIn: false, viewerOnly: false };

describe('census', () => {
  // constants and helpers for 000-3.78 (the browser behaviour is left to end-to-end tests)
  it('numbers event types page view 1, site search 2, heartbeat 10, audio 20, video 21', () => {
    expect(CENSUS_EVENT_TYPES).toEqual({ PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 });
  });

  // constants and helpers for 000-3.43 (the browser behaviour is left to end-to-end tests)
  it('numbers button contexts button block 1, popup overlay 2', () => {
    expect(BUTTON_TRACKING_CONTEXT).toEqual({ BUTTON_BLOCK: 1, POPUP_OVERLAY: 2 });
  });

  // constants and helpers for 000-2.13 (the browser behaviour is left to end-to-end tests)
  it('records no page view on /search', () => {
    expect(isPageViewRecorded(visitor)).toBe(true);
    expect(isPageViewRecorded({ ...visitor, path: '/search' })).toBe(false);
  });

  // constants and helpers for 000-6.09, 000-6.10, 000-6.11 (the browser behaviour is left to end-to-end tests)
  it('records nothing on not-found, lock screen and access-denied pages', () => {
    for (const pageType of [PAGE_TYPES.NOT_FOUND, PAGE_TYPES.LOCK_SCREEN, PAGE_TYPES.MEMBER_AREA_ACCESS_DENIED]) {
      expect(isPageViewRecorded({ ...visitor, pageType })).toBe(false);
    }
  });

  // constants and helpers for 000-6.08, 000-6.05 (the browser behaviour is left to end-to-end tests)
  it('records nothing for signed-in members except viewer-only ones', () => {
    expect(isPageViewRecorded({ ...visitor, signedIn: true })).toBe(false);
    expect(isPageViewRecorded({ ...visitor, signedIn: true, viewerOnly: true })).toBe(true);
  });
});
