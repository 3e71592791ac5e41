import { describe, expect, it } from 'vitest';
import {
  ANIMATION,
  DISPLAY_FREQUENCY_NEVER,
  isPopupOverlayAllowed,
  isPopupOverlayDue,
  MARQUEE_DEFAULTS,
  MARQUEE_DIRECTIONS,
  MARQUEE_LIMITS,
  POPUP_OVERLAY_STORAGE_KEYS,
  POPUP_OVERLAY_STYLES,
  PRICING_TOGGLE_OPTIONS,
  SCROLL_ANIMATION_THRESHOLDS,
  SHAPE_ASPECT_HEIGHTS,
} from './block-settings';
import { PAGE_TYPES } from './page-types';

const DAY = 86400000;
const settings = { style: POPUP_OVERLAY_STYLES.SHOW, version: 2, showUntilSignup: false, displayFrequency: 3, enableMobile: true };

describe('marquee', () => {
  // constants and helpers for 000-3.46, 000-3.47, 000-3.48, 000-3.49, 000-3.50, 000-3.51 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('has the seed defaults and directions', () => {
    expect(MARQUEE_DEFAULTS).toEqual({ waveFrequency: 1, waveIntensity: 0, animationDirection: 'left', animationSpeed: 1, pausedOnHover: false });
    expect(MARQUEE_DIRECTIONS).toEqual(['left', 'right']);
  });

  // covers 000-9.27
  // constants and helpers for 000-5.51, 000-9.26, 000-9.28 (the browser behaviour is left to end-to-end tests)
  it('has the width, wavelength and debounce limits', () => {
    expect(MARQUEE_LIMITS).toEqual({ MIN_WIDTH_PX: 50, MIN_WAVELENGTH_PX: 250, MAX_WAVELENGTH_PX: 1000, RESIZE_DEBOUNCE_MS: 1000 });
  });
});

describe('other blocks', () => {
  // covers 000-9.36
  // constants and helpers for 000-4.46, 000-9.35, 000-9.49, 000-9.50 (the browser behaviour is left to end-to-end tests)
  it('has the pricing toggle options, shape heights, scroll thresholds and animation constants', () => {
    expect(PRICING_TOGGLE_OPTIONS).toEqual(['left', 'right']);
    expect(SHAPE_ASPECT_HEIGHTS).toEqual({ DEFAULT: 100, TALL: 150, WIDE: 67 });
    expect(SCROLL_ANIMATION_THRESHOLDS).toEqual([0, 0.1, 0.25, 0.5, 1]);
    expect(ANIMATION).toEqual({ DEFAULT_DURATION_SECONDS: 0.3, SCALABLE_SCALE: 0.94 });
  });
});

describe('popup overlay', () => {
  // constants and helpers for 000-3.52, 000-3.53, 000-3.56 (the browser behaviour is left to end-to-end tests)
  it('has the storage keys, styles and never-again value', () => {
    expect(POPUP_OVERLAY_STORAGE_KEYS).toEqual({ DATE_CLOSED: 'date-closed', VERSION: 'version', SUBMITTED: 'submitted' });
    expect(POPUP_OVERLAY_STYLES).toEqual({ NONE: 1, SHOW: 2 });
    expect(DISPLAY_FREQUENCY_NEVER).toBe(-1);
  });

  // constants and helpers for 000-3.53 (the browser behaviour is left to end-to-end tests)
  it('shows only with style show', () => {
    expect(isPopupOverlayDue(settings, undefined, 0)).toBe(true);
    expect(isPopupOverlayDue({ ...settings, style: POPUP_OVERLAY_STYLES.NONE }, undefined, 0)).toBe(false);
  });

  // constants and helpers for 000-4.64 (the browser behaviour is left to end-to-end tests)
  it('shows again when the stored version is older than the setting', () => {
    const closed = { version: 1, submitted: true, dateClosed: 0 };
    expect(isPopupOverlayDue({ ...settings, showUntilSignup: true }, closed, 1)).toBe(true);
    expect(isPopupOverlayDue(settings, { ...closed, version: 2, submitted: false }, 1)).toBe(false);
  });

  // constants and helpers for 000-4.65 (the browser behaviour is left to end-to-end tests)
  it('never shows again after signup with showUntilSignup', () => {
    expect(isPopupOverlayDue({ ...settings, showUntilSignup: true }, { version: 2, submitted: true, dateClosed: 0 }, 1000 * DAY)).toBe(false);
  });

  // constants and helpers for 000-3.55, 000-4.66 (the browser behaviour is left to end-to-end tests)
  it('shows again once the closed date plus displayFrequency days has passed, not before', () => {
    const record = { version: 2, submitted: false, dateClosed: 10 * DAY };
    expect(isPopupOverlayDue(settings, record, 13 * DAY - 3600000)).toBe(false);
    expect(isPopupOverlayDue(settings, record, 13 * DAY)).toBe(true);
    expect(isPopupOverlayDue(settings, record, 13 * DAY + 3600000)).toBe(true);
  });

  // constants and helpers for 000-3.56 (the browser behaviour is left to end-to-end tests)
  it('never shows again after a close with displayFrequency -1', () => {
    expect(isPopupOverlayDue({ ...settings, displayFrequency: -1 }, { version: 2, submitted: false, dateClosed: 0 }, 1e13)).toBe(false);
  });

  // constants and helpers for 000-2.28, 000-2.29, 000-2.30 (the browser behaviour is left to end-to-end tests)
  it('is not shown on the not-found page, on a lock screen or with sqsscreenshot=true', () => {
    const base = { pageType: PAGE_TYPES.PAGE, screenshot: false, mobile: false, enableMobile: false };
    expect(isPopupOverlayAllowed(base)).toBe(true);
    expect(isPopupOverlayAllowed({ ...base, pageType: PAGE_TYPES.NOT_FOUND })).toBe(false);
    expect(isPopupOverlayAllowed({ ...base, pageType: PAGE_TYPES.LOCK_SCREEN })).toBe(false);
    expect(isPopupOverlayAllowed({ ...base, screenshot: true })).toBe(false);
    expect(isPopupOverlayAllowed({ ...base, mobile: true })).toBe(false);
    expect(isPopupOverlayAllowed({ ...base, mobile: true, enableMobile: true })).toBe(true);
  });
});
