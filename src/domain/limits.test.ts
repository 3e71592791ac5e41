import { describe, expect, it } from 'vitest';
import { EDITOR_LIMITS } from './editor-limits';
import { ACCORDION_ANIMATION_MS, ERROR_REPORTING, LAYOUT_THRESHOLDS_PX, SCROLL_TWEEN_OFFSET_PX, TEXT_SHRINK_MIN_FONT_PX, THROTTLE, TIMINGS_MS } from './limits';

describe('limits', () => {
  // constants and helpers for 000-9.41, 000-9.42, 000-9.43, 000-9.44, 000-9.45, 000-9.46, 000-9.47, 001-9.77, 001-9.78, 001-9.79, 001-9.80 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('has the collection and editor limits', () => {
    expect(EDITOR_LIMITS).toEqual({
      MAX_BLOCKS_PER_LAYOUT: 60,
      MAX_TRACKS_IN_ALBUM: 60,
      MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION: 250,
      MAX_PRODUCTS_IN_COLLECTION: 200,
      NESTED_CATEGORIES_LIMIT: 10000,
      MAX_SMUGMUG_GALLERY_COUNT: 20,
      MAX_SMUGMUG_GALLERY_SIZE: 50,
      MAX_TAG_LENGTH: 50,
      MAX_CATEGORY_LENGTH: 25,
      DEFAULT_SLIDER_ASPECT_RATIO: 50,
    });
  });

  // constants and helpers for 000-9.04, 000-9.05, 000-9.06, 000-9.07 (the browser behaviour is left to end-to-end tests)
  it('caps error reports at 20 per page, a queue of 10, 5000-character stacks, sent after 1 s', () => {
    expect(ERROR_REPORTING).toEqual({ MAX_REPORTS_PER_PAGE: 20, MAX_QUEUE_LENGTH: 10, MAX_STACK_LENGTH: 5000, SEND_DEBOUNCE_MS: 1000 });
  });

  // constants and helpers for 000-9.29, 000-9.30, 000-9.31, 000-9.32, 000-9.33, 001-5.38 (the browser behaviour is left to end-to-end tests)
  it('has the block width thresholds', () => {
    expect(LAYOUT_THRESHOLDS_PX).toEqual({
      INFO_BAR_MOBILE_MAX: 1024,
      RESERVATION_WIDE_ABOVE: 850,
      TABLE_BOOKING_COLUMN_MAX: 750,
      IMAGE_NARROW_UNDER: 415,
      NEWSLETTER_SMALL_UNDER: 320,
      CAPTCHA_COMPACT_UNDER: 320,
    });
  });

  // covers 000-9.38, 000-9.39, 001-9.28, 001-9.29, 001-9.30, 001-9.31
  // constants and helpers for 000-4.43, 000-9.23, 000-7.16, 000-7.29, 000-9.24, 000-9.48, 001-9.27, 001-9.33, 001-9.67 (the browser behaviour is left to end-to-end tests)
  it('has the shared timings', () => {
    expect(ACCORDION_ANIMATION_MS).toBe(250);
    expect(TIMINGS_MS).toEqual({
      DATA_REQUEST_RETRY: 200,
      TRACKING_TIMEOUT: 2500,
      FOLLOW_WIDGET_TIMEOUT: 10000,
      WAIT_FOR_ELEMENT_POLL: 100,
      RESIZE_DEBOUNCE: 150,
      GALLERY_RESIZE_DEBOUNCE: 100,
      VIEW_RESIZE_DEBOUNCE: 10,
      TEXT_SHRINK_DEBOUNCE: 100,
      SCROLL_TWEEN: 300,
      LOGGER_FLUSH: 30000,
    });
    expect(THROTTLE).toEqual({ SAMPLE_WINDOW: 22, FACTOR: 2 });
    expect(TEXT_SHRINK_MIN_FONT_PX).toBe(11);
    expect(SCROLL_TWEEN_OFFSET_PX).toBe(30);
  });
});
