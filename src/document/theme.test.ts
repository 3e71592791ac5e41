import { describe, expect, it } from 'vitest';
import { FONT_WEIGHTS, RADII_PX, SPACING_PX, TIME_STEPS_MS } from '../domain/design-tokens';
import { DEFAULT_THEME, themeCustomProperties, themeRootCss, tokenCustomProperties } from './theme';

const names = (properties: readonly (readonly [string, string])[]) => properties.map(([name]) => name);
const value = (name: string) => new Map(themeCustomProperties()).get(name as `--${string}`);

describe('the shared theme', () => {
  it('emits every token of the seed: spacing from the first step, each weight and each radius', () => {
    expect(SPACING_PX.slice(1).map((_, i) => value(`--space-${i + 1}`))).toEqual(SPACING_PX.slice(1).map((n) => `${n}px`));
    expect([value('--weight-regular'), value('--weight-medium'), value('--weight-bold')]).toEqual(FONT_WEIGHTS.map(String));
    expect(RADII_PX.map((_, i) => value(`--radius-${i}`))).toEqual(['0', '4px', '8px']);
    expect(names(themeCustomProperties())).toEqual(expect.arrayContaining(names(tokenCustomProperties())));
  });

  it('emits its times, the grid row and the text column', () => {
    for (const [name, ms] of Object.entries(DEFAULT_THEME.timesMs)) expect(value(`--time-${name}`)).toBe(`${ms}ms`);
    expect([value('--row-height'), value('--text-column')]).toEqual(['22px', '760px']);
  });

  // covers 001-9.55 (the theme picks its times within the seed's range)
  it("keeps the theme's times within the seed's range", () => {
    for (const ms of Object.values(DEFAULT_THEME.timesMs)) {
      expect(ms).toBeGreaterThanOrEqual(TIME_STEPS_MS[0]);
      expect(ms).toBeLessThanOrEqual(TIME_STEPS_MS[TIME_STEPS_MS.length - 1]!);
    }
  });

  it('declares each property once, and no colour a site’s design chooses', () => {
    const all = names(themeCustomProperties());
    expect(new Set(all).size).toBe(all.length);
    const css = themeRootCss();
    for (const name of all) expect(css.split(`${name}:`).length - 1, name).toBe(1);
    for (const chosen of ['--color-ink', '--color-paper', '--color-accent', '--font-body', '--font-md']) expect(all).not.toContain(chosen);
  });
});
