/**
 * The theme of published sites (design settings -> CSS custom properties): the default theme's
 * named values as data, and the one generator that turns them, with the seed's design tokens
 * (src/domain/design-tokens.ts), into the `:root` custom properties the page's stylesheet puts
 * before its rules (src/server/render/assets.ts). The rules themselves (src/server/render/theme.css,
 * each block's style.css) only name these properties, so a value is written here and nowhere else.
 * The editor canvas loads the same stylesheet; the config area takes the token part
 * (scripts/vite-design-tokens.ts).
 */
import { BREAKPOINTS_PX, FONT_WEIGHTS, RADII_PX, SPACING_PX } from '../domain/design-tokens';

export type ThemeColor = 'ink' | 'muted' | 'paper' | 'light' | 'dark' | 'accent' | 'accent-ink' | 'line';
export type ThemeFontSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
export type ThemeTime = 'fast' | 'base' | 'slow';

export type Theme = {
  colors: Readonly<Record<ThemeColor, string>>;
  /** A font stack each, as CSS writes it. */
  fonts: Readonly<{ body: string; heading: string }>;
  /** Picked within seed 001 §9's 9.75 to 28 px. */
  fontSizesPx: Readonly<Record<ThemeFontSize, number>>;
  /** Picked within seed 001 §9's 0 to 600 ms. */
  timesMs: Readonly<Record<ThemeTime, number>>;
  /** The section grid's smallest row. */
  rowHeightPx: number;
  contentWidthPx: number;
  /** A post's and a collection list's column. */
  textColumnPx: number;
  /**
   * Each heading level is the body size times the ratio once more (h4 once, h1 four times). Under
   * the first breakpoint the smaller ratio applies, so every level shrinks and the order holds.
   */
  typeRatio: Readonly<{ wide: number; narrow: number }>;
};

export const DEFAULT_THEME: Theme = {
  colors: {
    ink: '#1b1f23',
    muted: '#545b64',
    paper: '#ffffff',
    light: '#f4f1ec',
    dark: '#1f2a2e',
    accent: '#1d5c4d',
    'accent-ink': '#ffffff',
    line: '#d9d4cc',
  },
  fonts: {
    body: '"Inter", "Segoe UI", system-ui, -apple-system, sans-serif',
    heading: '"Georgia", "Iowan Old Style", "Times New Roman", serif',
  },
  fontSizesPx: { xs: 9.75, sm: 13, md: 16, lg: 19, xl: 23, '2xl': 28 },
  timesMs: { fast: 150, base: 300, slow: 600 },
  rowHeightPx: 22,
  contentWidthPx: 1200,
  textColumnPx: 760,
  typeRatio: { wide: 1.3, narrow: 1.2 },
};

/** The names the stylesheets give FONT_WEIGHTS, lightest first. */
const WEIGHT_NAMES = ['regular', 'medium', 'bold'] as const;

/** The heading sizes, h4 up: each the one below (h4: the body size) times the type ratio. */
const HEADING_LEVELS = ['h4', 'h3', 'h2', 'h1'] as const;

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

/** Every custom property of a published page on wide screens: the tokens, then the theme's values. */
export function themeCustomProperties(theme: Theme = DEFAULT_THEME): CustomProperty[] {
  const entries = <K extends string, V>(record: Readonly<Record<K, V>>) => Object.entries(record) as [K, V][];
  return [
    ...tokenCustomProperties(),
    ...entries(theme.fontSizesPx).map(([name, n]): CustomProperty => [`--font-${name}`, px(n)]),
    ...entries(theme.timesMs).map(([name, ms]): CustomProperty => [`--time-${name}`, `${ms}ms`]),
    ...entries(theme.colors).map(([name, color]): CustomProperty => [`--color-${name}`, color]),
    ['--row-height', px(theme.rowHeightPx)],
    ['--content-width', px(theme.contentWidthPx)],
    ['--text-column', px(theme.textColumnPx)],
    ['--type-ratio', String(theme.typeRatio.wide)],
    ...HEADING_LEVELS.map((level, i): CustomProperty => [`--font-${level}`, `calc(var(--font-${i === 0 ? 'md' : HEADING_LEVELS[i - 1]}) * var(--type-ratio))`]),
    ['--font-body', theme.fonts.body],
    ['--font-heading', theme.fonts.heading],
  ];
}

/** What changes under the first breakpoint (seed 001 §9: 800 px). */
export function themeNarrowCustomProperties(theme: Theme = DEFAULT_THEME): CustomProperty[] {
  return [['--type-ratio', String(theme.typeRatio.narrow)]];
}

/** The largest width that counts as narrow. */
const NARROW_MAX_WIDTH_PX = BREAKPOINTS_PX[0] - 1;

const declarations = (properties: CustomProperty[], indent: string) => properties.map(([name, value]) => `${indent}${name}: ${value};\n`).join('');

/** A `:root` rule declaring the properties, one a line. */
export function rootRule(properties: CustomProperty[]): string {
  return `:root {\n${declarations(properties, '  ')}}\n`;
}

/** The `:root` text the page's stylesheet starts with: the wide values, then the narrow screens' changes. */
export function themeRootCss(theme: Theme = DEFAULT_THEME): string {
  const narrow = `@media (max-width: ${NARROW_MAX_WIDTH_PX}px) {\n  :root {\n${declarations(themeNarrowCustomProperties(theme), '    ')}  }\n}\n`;
  return rootRule(themeCustomProperties(theme)) + narrow;
}
