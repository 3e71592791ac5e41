import { describe, expect, it } from 'vitest';
import { FONT_CATEGORIES } from './design-tokens';
import { FONT_FAMILIES, FONT_FAMILY_IDS, fontFamily, fontFileName } from './fonts';

describe('the font families offered', () => {
  // covers 001-3.99 (the categories the font picker shows, each with a family to pick)
  it('fill each of the seven categories, and name no other', () => {
    expect(FONT_CATEGORIES).toEqual(['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other']);
    for (const category of FONT_CATEGORIES)
      expect(
        FONT_FAMILIES.some((f) => f.category === category),
        category,
      ).toBe(true);
    for (const f of FONT_FAMILIES) expect(FONT_CATEGORIES, f.id).toContain(f.category);
  });

  it('are about two dozen, each once, with the weights the default design picks', () => {
    expect(FONT_FAMILIES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(FONT_FAMILY_IDS).size).toBe(FONT_FAMILIES.length);
    expect(fontFamily('inter')?.weights).toEqual(expect.arrayContaining([400, 600]));
    expect(fontFamily('lora')?.weights).toContain(500);
    expect(fontFamily('no-such-font')).toBeUndefined();
  });

  it('name their files as the packages do', () => {
    expect(fontFileName('inter', 'latin-ext', 600)).toBe('inter-latin-ext-600-normal.woff2');
  });
});
