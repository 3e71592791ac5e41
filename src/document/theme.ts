/**
 * The theme of published sites (design settings -> CSS custom properties): the default theme's
 * named values as data, and the one generator that turns them, with the seed's design tokens
 * (src/domain/design-tokens.ts), into the `:root` custom properties the page's stylesheet puts
 * before its rules (src/server/render/assets.ts). The rules themselves (src/server/render/theme.css,
 * each block's style.css) only name these properties, so a value is written here and nowhere else.
 * The editor canvas loads the same stylesheet; the config area takes the token part
 * (scripts/vite-design-tokens.ts).
 */
import { FONT_WEIGHTS, RADII_PX, SPACING_PX } from '../domain/design-tokens';
import { FIXED_COLORS } from './fixed-colors';

export type ThemeTime = 'fast' | 'base' | 'slow';

/** What every site shares: the site's own design (./design.ts, ./design-css.ts) holds its colours, fonts, type and spacing. */
export type Theme = {
  /** Picked within seed 001 §9's 0 to 600 ms. */
  timesMs: Readonly<Record<ThemeTime, number>>;
  /** The section grid's smallest row. */
  rowHeightPx: number;
  /** A post's and a collection list's column. */
  textColumnPx: number;
};

export const DEFAULT_THEME: Theme = {
  timesMs: { fast: 150, base: 300, slow: 600 },
  rowHeightPx: 22,
  textColumnPx: 760,
};

/** The names the stylesheets give FONT_WEIGHTS, lightest first. */
const WEIGHT_NAMES = ['regular', 'medium', 'bold'] as const;

export type CustomProperty = readonly [name: `--${string}`, value: string];

const px = (n: number) => (n === 0 ? '0' : `${n}px`);

/** The seed's scales as custom properties: spacing (--space-1 up; step 0 is no space), weights, radii. */
export function tokenCustomProperties(): CustomProperty[] {
  return [
    ...SPACING_PX.slice(1).map((n, i): CustomProperty => [`--space-${i + 1}`, px(n)]),
    ...WEIGHT_NAMES.map((name, i): CustomProperty => [`--weight-${name}`, String(FONT_WEIGHTS[i])]),
    ...RADII_PX.map((n, i): CustomProperty => [`--radius-${i}`, px(n)]),
  ];
}

/** The shared stylesheet's custom properties: the tokens, the times, the colours no design chooses, the grid's row and the text column. */
export function themeCustomProperties(theme: Theme = DEFAULT_THEME): CustomProperty[] {
  return [
    ...tokenCustomProperties(),
    ...(Object.entries(theme.timesMs) as [ThemeTime, number][]).map(([name, ms]): CustomProperty => [`--time-${name}`, `${ms}ms`]),
    ...Object.entries(FIXED_COLORS).map(([name, color]): CustomProperty => [`--color-${name}`, color]),
    ['--row-height', px(theme.rowHeightPx)],
    ['--text-column', px(theme.textColumnPx)],
  ];
}

const declarations = (properties: CustomProperty[], indent: string) => properties.map(([name, value]) => `${indent}${name}: ${value};\n`).join('');

/** A `:root` rule declaring the properties, one a line. */
export function rootRule(properties: CustomProperty[]): string {
  return `:root {\n${declarations(properties, '  ')}}\n`;
}

/** The `:root` text the shared stylesheet starts with. */
export function themeRootCss(theme: Theme = DEFAULT_THEME): string {
  return rootRule(themeCustomProperties(theme));
}
