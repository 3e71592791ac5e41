/**
 * Counts, lengths, sizes and timings the seeds fix that belong to no single feature module:
 * collection and editor limits, error-report caps, the email length bounds, layout thresholds of
 * blocks and the shared timings of the visitor runtime. Feature-specific constants live beside
 * their feature (gallery.ts, map.ts, media.ts, popups.ts, analytics.ts …).
 */

/** Seed 000 §9: browser error reporting to /api/events/RecordJavascriptErrors. */
export const ERROR_REPORTING = {
  MAX_REPORTS_PER_PAGE: 20,
  MAX_QUEUE_LENGTH: 10,
  MAX_STACK_LENGTH: 5000,
  SEND_DEBOUNCE_MS: 1000,
} as const;

/** Seed 000 §5, §9: an email address is 3 to 256 characters long, both ends included. */
export const EMAIL_LENGTH = { MIN: 3, MAX: 256 } as const;

/**
 * Width thresholds in CSS pixels (seed 000 §9, seed 001 §5). Each name says which side of the
 * number the condition holds on, as the seed words it.
 */
export const LAYOUT_THRESHOLDS_PX = {
  /** The mobile information bar shows at this viewport width or less. */
  INFO_BAR_MOBILE_MAX: 1024,
  /** The reservation widget uses its wide theme above this container width. */
  RESERVATION_WIDE_ABOVE: 850,
  /** The table-booking widget lays out as a column at this width or less. */
  TABLE_BOOKING_COLUMN_MAX: 750,
  /** An image block is narrow under this width. */
  IMAGE_NARROW_UNDER: 415,
  /** A newsletter block container is small under this width. */
  NEWSLETTER_SMALL_UNDER: 320,
  /** The captcha widget is compact under this width. */
  CAPTCHA_COMPACT_UNDER: 320,
} as const;

/** Runtime timings of seed 000 §7, §9 and seed 001 §9 that several modules share, in milliseconds. */
export const TIMINGS_MS = {
  /** A data request with a retry count retries other failures after this delay. */
  DATA_REQUEST_RETRY: 200,
  /** Census button, form and overlay calls give up after this. */
  TRACKING_TIMEOUT: 2500,
  FOLLOW_WIDGET_TIMEOUT: 10000,
  WAIT_FOR_ELEMENT_POLL: 100,
  RESIZE_DEBOUNCE: 150,
  GALLERY_RESIZE_DEBOUNCE: 100,
  VIEW_RESIZE_DEBOUNCE: 10,
  TEXT_SHRINK_DEBOUNCE: 100,
  SCROLL_TWEEN: 300,
  /** Logged tracking events (/api/events/Trace) are flushed this often. */
  LOGGER_FLUSH: 30000,
} as const;

/** Seed 000 §4, §9: an accordion item opens or closes over this. */
export const ACCORDION_ANIMATION_MS = 250;

/** Seed 001 §9: anchor scrolling stops this many pixels above its target. */
export const SCROLL_TWEEN_OFFSET_PX = 30;

/** Seed 001 §9: shrink-to-fit text never goes below this font size. */
export const TEXT_SHRINK_MIN_FONT_PX = 11;

/** Seed 000 §9 and seed 001 §9: the sampling throttle keeps a window of 22 samples, factor 2. */
export const THROTTLE = { SAMPLE_WINDOW: 22, FACTOR: 2 } as const;
