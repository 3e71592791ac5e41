import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS_PX,
  DEVICE_VIEWS,
  FONT_CATEGORIES,
  FONT_SIZES_PX,
  FONT_WEIGHTS,
  isMobileWidth,
  MOBILE_MAX_WIDTH_PX,
  POSITIONS,
  RADII_PX,
  SPACING_PX,
  TIME_STEPS_MS,
  Z_INDEX,
} from './design-tokens';

describe('design tokens', () => {
  // covers 001-9.50, 001-9.51, 001-9.53, 001-9.54
  it('has the seed breakpoints, spacing, weights and radii', () => {
    expect(BREAKPOINTS_PX).toEqual([800, 1024]);
    expect(SPACING_PX).toEqual([0, 6, 11, 16, 22, 27, 33, 38, 44, 49, 55]);
    expect(FONT_WEIGHTS).toEqual([400, 500, 600]);
    expect(RADII_PX).toEqual([0, 4, 8]);
  });

  // covers 001-9.52
  it('runs font sizes from 9.75 to 28 px, ascending', () => {
    expect(FONT_SIZES_PX[0]).toBe(9.75);
    expect(FONT_SIZES_PX[FONT_SIZES_PX.length - 1]).toBe(28);
    expect([...FONT_SIZES_PX].sort((a, b) => a - b)).toEqual([...FONT_SIZES_PX]);
  });

  // covers 001-9.55
  it('runs time steps from 0 to 600 ms, ascending', () => {
    expect(TIME_STEPS_MS[0]).toBe(0);
    expect(TIME_STEPS_MS[TIME_STEPS_MS.length - 1]).toBe(600);
    expect([...TIME_STEPS_MS].sort((a, b) => a - b)).toEqual([...TIME_STEPS_MS]);
  });

  // constants and helpers for 000-9.25, 001-9.13, 001-9.17 (the browser behaviour is left to end-to-end tests)
  it('layers dialogs from 30000 and the lightbox overlay at 10000000', () => {
    expect(Z_INDEX).toEqual({ DIALOG_BASE: 30000, LIGHTBOX_OVERLAY: 10000000 });
  });

  // constants and helpers for 001-2.18, 001-2.19, 001-9.88 (the browser behaviour is left to end-to-end tests)
  it('treats 432 px or less as mobile and 433 px or more as desktop', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(432);
    expect(isMobileWidth(432)).toBe(true);
    expect(isMobileWidth(433)).toBe(false);
  });

  // constants and helpers for 001-3.87, 001-3.99 (the on-screen text is left to end-to-end tests)
  // related to 001-3.89 (only three of the nine positions are named here)
  it('lists device views, the nine positions and font categories', () => {
    expect(DEVICE_VIEWS).toEqual(['desktop', 'phone', 'tablet']);
    expect(POSITIONS).toHaveLength(9);
    expect(new Set(POSITIONS).size).toBe(9);
    expect(POSITIONS).toContain('TOP_LEFT');
    expect(POSITIONS).toContain('CENTER_CENTER');
    expect(POSITIONS).toContain('BOTTOM_RIGHT');
    expect(FONT_CATEGORIES).toEqual(['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other']);
  });
});
