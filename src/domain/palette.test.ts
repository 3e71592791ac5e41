import { describe, expect, it } from 'vitest';
import {
  COLOR_REFERENCE_TYPES,
  DARK_LUMA_THRESHOLD_PERCENT,
  hasHexOutput,
  isDarkLuma,
  isValidPaletteValue,
  PALETTE_COLOR_IDS,
  PALETTE_MODES,
  PALETTE_PRESETS,
  SAFE_PALETTE_NAMES,
  SYSTEM_PALETTE_NAMES,
} from './palette';

const value = { userFormat: 'hex', hue: 180, saturation: 50, lightness: 50 };

describe('palette', () => {
  // constants and helpers for 001-3.59, 001-3.61, 001-3.62, 001-3.63, 000-3.41, 001-3.64 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('has the ids, names, modes, presets and colour reference types', () => {
    expect(PALETTE_COLOR_IDS).toHaveLength(10);
    expect(PALETTE_COLOR_IDS).toContain('safeInverseDarkAccent');
    expect(SYSTEM_PALETTE_NAMES).toEqual(['Lightest', 'Light', 'Bright', 'Dark', 'Darkest']);
    expect(SAFE_PALETTE_NAMES).toEqual(['Light', 'Dark', 'Inverse', 'Inverse Light', 'Inverse Dark']);
    expect(PALETTE_MODES).toEqual(['Presets', 'Custom Colors', 'From Image', 'From Color']);
    expect(PALETTE_PRESETS).toEqual(['Monochrome', 'Complementary', 'Analogous I', 'Analogous II']);
    expect(COLOR_REFERENCE_TYPES).toEqual(['SITE_PALETTE_COLOR', 'CUSTOM_COLOR', 'THEME_COLOR']);
  });

  // constants and helpers for 001-3.60, 001-5.16 (the HTTP behaviour is left to HTTP tests)
  it('accepts the hex, hsl and rgb formats only', () => {
    for (const userFormat of ['hex', 'hsl', 'rgb']) expect(isValidPaletteValue({ ...value, userFormat })).toBe(true);
    expect(isValidPaletteValue({ ...value, userFormat: 'cmyk' })).toBe(false);
  });

  // constants and helpers for 001-5.17, 001-5.18, 001-5.19 (the HTTP behaviour is left to HTTP tests)
  it('bounds hue to 0-360, saturation and lightness to 0-100, alpha to 0-1 (default 1)', () => {
    expect(isValidPaletteValue({ ...value, hue: 360 })).toBe(true);
    expect(isValidPaletteValue({ ...value, hue: 361 })).toBe(false);
    expect(isValidPaletteValue({ ...value, hue: -1 })).toBe(false);
    expect(isValidPaletteValue({ ...value, saturation: 101 })).toBe(false);
    expect(isValidPaletteValue({ ...value, lightness: 100 })).toBe(true);
    expect(isValidPaletteValue({ ...value, lightness: -0.1 })).toBe(false);
    expect(isValidPaletteValue({ ...value, alpha: 1.1 })).toBe(false);
    expect(isValidPaletteValue({ ...value, alpha: 0 })).toBe(true);
    expect(isValidPaletteValue({ ...value, hue: NaN })).toBe(false);
  });

  // covers 001-5.20
  it('has a hex form only at alpha 1', () => {
    expect(hasHexOutput(value)).toBe(true);
    expect(hasHexOutput({ ...value, alpha: 1 })).toBe(true);
    expect(hasHexOutput({ ...value, alpha: 0.5 })).toBe(false);
  });

  // covers 001-9.66
  it('calls a colour dark below 65 percent luma', () => {
    expect(DARK_LUMA_THRESHOLD_PERCENT).toBe(65);
    expect(isDarkLuma(64)).toBe(true);
    expect(isDarkLuma(66)).toBe(false);
  });
});
