/**
 * The palette's ten colours as the Design screen names them (seed 001 §3): the five swatches by
 * the system palette's names, the five derived ones as the safe variants, and the three contrast
 * checks each colour theme shows (text, links, and the button's text on the button), against
 * WCAG's AA ratio for body text.
 */
import type { ColorTheme } from '../../document/design';
import { cssColor, themeColors, type PaletteColors } from '../../document/design-css';
import { PALETTE_COLOR_IDS, SAFE_PALETTE_NAMES, SYSTEM_PALETTE_NAMES, type PaletteColorId } from '../../domain/palette';
import { contrastRatio, MIN_CONTRAST } from '../../domain/palette-color';
import { SWATCH_KEYS, type SwatchKey } from '../../document/design';

/** Each swatch's palette colour id, lightest first. */
export const SWATCH_IDS: Readonly<Record<SwatchKey, PaletteColorId>> = {
  lightest: 'white',
  light: 'lightAccent',
  bright: 'accent',
  dark: 'darkAccent',
  darkest: 'black',
};

/** Each swatch's name: Lightest, Light, Bright, Dark, Darkest. */
export const SWATCH_NAMES = Object.fromEntries(SWATCH_KEYS.map((key, i) => [key, SYSTEM_PALETTE_NAMES[i]!])) as Readonly<Record<SwatchKey, string>>;

/** The derived colours, in SAFE_PALETTE_NAMES' order: Safe Light, Safe Dark, Safe Inverse, Safe Inverse Light, Safe Inverse Dark. */
export const SAFE_IDS = PALETTE_COLOR_IDS.slice(5) as readonly PaletteColorId[];

/** Each of the ten colours' name. */
export const PALETTE_NAMES: Readonly<Record<PaletteColorId, string>> = {
  ...(Object.fromEntries(SWATCH_KEYS.map((key) => [SWATCH_IDS[key], SWATCH_NAMES[key]])) as Record<PaletteColorId, string>),
  ...(Object.fromEntries(SAFE_IDS.map((id, i) => [id, `Safe ${SAFE_PALETTE_NAMES[i]!}`])) as Record<PaletteColorId, string>),
};

/** The ten colours in the order the screen lists them: the five swatches, then the safe ones. */
export const PALETTE_ORDER: readonly PaletteColorId[] = [...SWATCH_KEYS.map((key) => SWATCH_IDS[key]), ...SAFE_IDS];

export type ContrastCheck = { pair: 'text' | 'link' | 'button'; ratio: number; passes: boolean };

/** The theme's three readability checks: text and links on its background, and the button's text on the button. */
export function contrastChecks(theme: ColorTheme, palette: PaletteColors): ContrastCheck[] {
  const c = themeColors(theme, palette);
  const check = (pair: ContrastCheck['pair'], fg: typeof c.text, bg: typeof c.text): ContrastCheck => {
    const ratio = contrastRatio(fg, bg);
    return { pair, ratio, passes: ratio >= MIN_CONTRAST };
  };
  return [check('text', c.text, c.background), check('link', c.link, c.background), check('button', c.buttonText, c.button)];
}

/** A theme's colours as CSS, for its sample card. */
export function themeSample(theme: ColorTheme, palette: PaletteColors) {
  const c = themeColors(theme, palette);
  return {
    background: cssColor(c.background),
    text: cssColor(c.text),
    heading: cssColor(c.heading),
    link: cssColor(c.link),
    button: cssColor(c.button),
    buttonText: cssColor(c.buttonText),
  };
}
