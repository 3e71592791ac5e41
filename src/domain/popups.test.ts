import { describe, expect, it } from 'vitest';
import { CONFIRMATION_STYLES, DEFAULT_CONFIRMATION_STYLE, POPUP, POPUP_EVENTS, RELATIVE_TIME_REFRESH_MS, relativeTimeText, TOOLTIP } from './popups';

describe('popups', () => {
  // covers 001-4.74
  // constants and helpers for 001-4.72, 001-4.73 (the browser behaviour is left to end-to-end tests)
  it('has the confirmation styles, confirm-or-cancel by default, and the popup events', () => {
    expect(CONFIRMATION_STYLES).toEqual(['confirm-or-reject', 'confirm-or-cancel', 'confirm-only', 'no-buttons']);
    expect(DEFAULT_CONFIRMATION_STYLE).toBe('confirm-or-cancel');
    expect(POPUP_EVENTS).toEqual(['show', 'hide', 'confirm', 'reject', 'cancel']);
  });

  // constants and helpers for 001-5.09, 001-5.10, 001-4.77, 001-4.80, 001-4.82, 001-9.16 (the browser behaviour is left to end-to-end tests)
  it('has the popup sizes and timings', () => {
    expect(POPUP).toEqual({ WIDTH_PX: 350, PADDING_PX: 20, HIDE_FALLBACK_MS: 600, INFORMATION_AUTO_HIDE_MS: 2000, INFORMATION_POSITION: 'top-right' });
  });

  // constants and helpers for 001-9.18, 001-9.19, 001-9.20, 001-9.21, 001-9.22 (the browser behaviour is left to end-to-end tests)
  it('has the tooltip constants', () => {
    expect(TOOLTIP).toEqual({ DELAY_MS: 1200, WIDTH_PX: 250, OFFSET_PX: 15, EDGE_MARGIN_PX: 20, ANIMATION_SECONDS: 0.3 });
  });
});

describe('relativeTimeText', () => {
  const date = () => 'Mar 5, 2024';

  // constants and helpers for 001-9.23, 001-9.24, 001-9.25, 001-9.26 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it("reads 'just now', then 'about N seconds ago' under a minute, then a date", () => {
    expect(RELATIVE_TIME_REFRESH_MS).toBe(5000);
    expect(relativeTimeText(0, date)).toBe('just now');
    expect(relativeTimeText(999, date)).toBe('just now');
    expect(relativeTimeText(30000, date)).toBe('about 30 seconds ago');
    expect(relativeTimeText(59999, date)).toBe('about 59 seconds ago');
    expect(relativeTimeText(60000, date)).toBe('Mar 5, 2024');
  });
});
