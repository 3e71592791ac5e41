/**
 * Per-block settings and rules of seed 000 (§3, §4, §5, §9) and seed 001 (§3, §4, §9) that are not
 * big enough for a module of their own: marquee, pricing toggle, shape, scroll
 * animations, text highlight and the popup overlay (its settings, stored record and when it shows).
 */
import { PAGE_TYPES } from './page-types';

export const MARQUEE_DIRECTIONS = ['left', 'right'] as const;
export type MarqueeDirection = (typeof MARQUEE_DIRECTIONS)[number];

export const MARQUEE_DEFAULTS = {
  waveFrequency: 1,
  waveIntensity: 0,
  animationDirection: 'left',
  animationSpeed: 1,
  pausedOnHover: false,
} as const;

export const MARQUEE_LIMITS = {
  MIN_WIDTH_PX: 50,
  MIN_WAVELENGTH_PX: 250,
  MAX_WAVELENGTH_PX: 1000,
  RESIZE_DEBOUNCE_MS: 1000,
} as const;

export const PRICING_TOGGLE_OPTIONS = ['left', 'right'] as const;

/** Seed 000 §9: shape block height as a percent of its width. */
export const SHAPE_ASPECT_HEIGHTS = { DEFAULT: 100, TALL: 150, WIDE: 67 } as const;

export const SCROLL_ANIMATION_THRESHOLDS = [0, 0.1, 0.25, 0.5, 1] as const;

export const ANIMATION = { DEFAULT_DURATION_SECONDS: 0.3, SCALABLE_SCALE: 0.94 } as const;

export const POPUP_OVERLAY_STYLES = { NONE: 1, SHOW: 2 } as const;

/** Seed 000 §3: keys of the overlay's local-storage record. */
export const POPUP_OVERLAY_STORAGE_KEYS = { DATE_CLOSED: 'date-closed', VERSION: 'version', SUBMITTED: 'submitted' } as const;

/** Seed 000 §3: displayFrequency -1 means a closed overlay never shows again. */
export const DISPLAY_FREQUENCY_NEVER = -1;

export type PopupOverlaySettings = {
  style: number;
  version: number;
  showUntilSignup: boolean;
  /** Days. */
  displayFrequency: number;
  enableMobile: boolean;
};

export type PopupOverlayRecord = {
  version: number;
  submitted: boolean;
  /** Epoch milliseconds the visitor closed the overlay. */
  dateClosed?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seed 000 §4: whether the overlay shows again for a visitor with this stored record. A newer
 * settings version shows it whatever the record says; after a signup it stays away when
 * showUntilSignup is on; after a close it returns once displayFrequency days have passed.
 */
export function isPopupOverlayDue(settings: PopupOverlaySettings, record: PopupOverlayRecord | undefined, now: number): boolean {
  if (settings.style !== POPUP_OVERLAY_STYLES.SHOW) return false;
  if (!record || record.version < settings.version) return true;
  if (settings.showUntilSignup && record.submitted) return false;
  if (record.dateClosed === undefined) return true;
  if (settings.displayFrequency === DISPLAY_FREQUENCY_NEVER) return false;
  return now >= record.dateClosed + settings.displayFrequency * DAY_MS;
}

/**
 * Seed 000 §2: never on the not-found page or a lock screen, nor with sqsscreenshot=true; on a
 * phone only with enableMobile.
 */
export function isPopupOverlayAllowed(input: { pageType: number; screenshot: boolean; mobile: boolean; enableMobile: boolean }): boolean {
  if (input.pageType === PAGE_TYPES.NOT_FOUND || input.pageType === PAGE_TYPES.LOCK_SCREEN) return false;
  if (input.screenshot) return false;
  return !input.mobile || input.enableMobile;
}
