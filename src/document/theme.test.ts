import { describe, expect, it } from 'vitest';
import { FONT_SIZES_PX, FONT_WEIGHTS, RADII_PX, SPACING_PX, TIME_STEPS_MS } from '../domain/design-tokens';
import { HIGHLIGHT_THEME_COLORS } from '../domain/text-highlight';
import { DEFAULT_THEME, themeCustomProperties, themeNarrowCustomProperties, themeRootCss, tokenCustomProperties } from './theme';

const names = (properties: readonly (readonly [string, string])[]) => properties.map(([name]) => name);
const value = (name: string) => new Map(themeCustomProperties()).get(name as `--${string}`);

describe('the theme generator', () => {
  it('emits every token of the seed: spacing from the first step, each weight and each radius', () => {
    expect(SPACING_PX.slice(1).map((_, i) => value(`--space-${i + 1}`))).toEqual(SPACING_PX.slice(1).map((n) => `${n}px`));
    expect([value('--weight-regular'), value('--weight-medium'), value('--weight-bold')]).toEqual(FONT_WEIGHTS.map(String));
    expect(RADII_PX.map((_, i) => value(`--radius-${i}`))).toEqual(['0', '4px', '8px']);
    expect(names(themeCustomProperties())).toEqual(expect.arrayContaining(names(tokenCustomProperties())));
  });

  it('emits every value of the default theme, the headings on the type scale', () => {
    for (const [name, color] of Object.entries(DEFAULT_THEME.colors)) expect(value(`--color-${name}`)).toBe(color);
    for (const [name, size] of Object.entries(DEFAULT_THEME.fontSizesPx)) expect(value(`--font-${name}`)).toBe(`${size}px`);
    for (const [name, ms] of Object.entries(DEFAULT_THEME.timesMs)) expect(value(`--time-${name}`)).toBe(`${ms}ms`);
    expect(value('--font-body')).toBe(DEFAULT_THEME.fonts.body);
    expect(value('--font-heading')).toBe(DEFAULT_THEME.fonts.heading);
    expect([value('--row-height'), value('--content-width'), value('--text-column')]).toEqual(['22px', '1200px', '760px']);
    expect(value('--type-ratio')).toBe('1.3');
    expect(value('--font-h4')).toBe('calc(var(--font-md) * var(--type-ratio))');
    expect(value('--font-h1')).toBe('calc(var(--font-h2) * var(--type-ratio))');
  });

  // covers 001-9.52, 001-9.55 (the theme picks its sizes and times within the seed's ranges)
  it("keeps the theme's font sizes and times within the seed's ranges", () => {
    for (const size of Object.values(DEFAULT_THEME.fontSizesPx)) {
      expect(size).toBeGreaterThanOrEqual(FONT_SIZES_PX[0]);
      expect(size).toBeLessThanOrEqual(FONT_SIZES_PX[FONT_SIZES_PX.length - 1]!);
    }
    for (const ms of Object.values(DEFAULT_THEME.timesMs)) {
      expect(ms).toBeGreaterThanOrEqual(TIME_STEPS_MS[0]);
      expect(ms).toBeLessThanOrEqual(TIME_STEPS_MS[TIME_STEPS_MS.length - 1]!);
    }
  });

  it('declares each property once, and under 800 px only the smaller type ratio', () => {
    const all = names(themeCustomProperties());
    expect(new Set(all).size).toBe(all.length);
    expect(themeNarrowCustomProperties()).toEqual([['--type-ratio', '1.2']]);
    const css = themeRootCss();
    for (const name of all) expect(css.split(`${name}:`).length - 1, name).toBe(name === '--type-ratio' ? 2 : 1);
    expect(css).toMatch(/@media \(max-width: 799px\) \{\s*:root \{\s*--type-ratio: 1\.2;\s*\}\s*\}\n$/);
  });

  it('has every theme colour a text highlight may name', () => {
    expect(Object.keys(DEFAULT_THEME.colors)).toEqual(expect.arrayContaining([...HIGHLIGHT_THEME_COLORS]));
  });
});
