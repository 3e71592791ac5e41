/**
 * Site colour palette of seed 001 (§3, §5, §9) and the colour reference of seed 000 §3: palette
 * ids and names, modes and presets, how a palette value is validated, and the dark-colour
 * threshold. The design panel edits these; the renderer turns them into CSS variables.
 */

export const PALETTE_COLOR_IDS = [
  'white',
  'black',
  'accent',
  'lightAccent',
  'darkAccent',
  'safeLightAccent',
  'safeDarkAccent',
  'safeInverseAccent',
  'safeInverseLightAccent',
  'safeInverseDarkAccent',
] as const;
export type PaletteColorId = (typeof PALETTE_COLOR_IDS)[number];

export const PALETTE_USER_FORMATS = ['hex', 'hsl', 'rgb'] as const;
export type PaletteUserFormat = (typeof PALETTE_USER_FORMATS)[number];

export const SYSTEM_PALETTE_NAMES = ['Lightest', 'Light', 'Bright', 'Dark', 'Darkest'] as const;
export const SAFE_PALETTE_NAMES = ['Light', 'Dark', 'Inverse', 'Inverse Light', 'Inverse Dark'] as const;
export const PALETTE_MODES = ['Presets', 'Custom Colors', 'From Image', 'From Color'] as const;
export const PALETTE_PRESETS = ['Monochrome', 'Complementary', 'Analogous I', 'Analogous II'] as const;

/** Seed 000 §3, seed 001 §3: how a colour setting refers to its colour. */
export const COLOR_REFERENCE_TYPES = ['SITE_PALETTE_COLOR', 'CUSTOM_COLOR', 'THEME_COLOR'] as const;
export type ColorReferenceType = (typeof COLOR_REFERENCE_TYPES)[number];

export type PaletteValue = {
  userFormat: string;
  hue: number;
  saturation: number;
  lightness: number;
  alpha?: number;
};

export const DEFAULT_PALETTE_ALPHA = 1;

function within(n: number, min: number, max: number): boolean {
  return Number.isFinite(n) && n >= min && n <= max;
}

/** Seed 001 §5: format hex, hsl or rgb; hue 0–360; saturation and lightness 0–100; alpha 0–1. */
export function isValidPaletteValue(value: PaletteValue): boolean {
  return (
    (PALETTE_USER_FORMATS as readonly string[]).includes(value.userFormat) &&
    within(value.hue, 0, 360) &&
    within(value.saturation, 0, 100) &&
    within(value.lightness, 0, 100) &&
    within(value.alpha ?? DEFAULT_PALETTE_ALPHA, 0, 1)
  );
}

/** Seed 001 §5: a hex form exists only for an opaque colour. */
export function hasHexOutput(value: PaletteValue): boolean {
  return (value.alpha ?? DEFAULT_PALETTE_ALPHA) === 1;
}

/** Seed 001 §9: a colour is dark below 65 percent luma. */
export const DARK_LUMA_THRESHOLD_PERCENT = 65;

export function isDarkLuma(lumaPercent: number): boolean {
  return lumaPercent < DARK_LUMA_THRESHOLD_PERCENT;
}

/** Seed 001 §9: "a salmon hex"; we use CSS salmon (docs/decisions/0074-fallback-palette-seed.md). */
export const FALLBACK_PALETTE_SEED = '#fa8072';
