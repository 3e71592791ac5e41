/**
 * The palette's names on the Design screen are the seed's (001 §3): the five swatches by the system
 * palette's names, the derived ones as their safe variants; and a theme's readability checks say
 * AA exactly when WCAG's 4.5:1 is met.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, PALETTE_COLOR_THEMES } from '../../document/design';
import { paletteColorsOf } from '../../document/design-css';
import { PALETTE_COLOR_IDS } from '../../domain/palette';
import { contrastRatio } from '../../domain/palette-color';
import { contrastChecks, PALETTE_NAMES, PALETTE_ORDER, SWATCH_NAMES } from './palette-names';

describe('the palette’s names', () => {
  it('are the system palette’s names and their safe variants, every colour named once', () => {
    expect(Object.values(SWATCH_NAMES)).toEqual(['Lightest', 'Light', 'Bright', 'Dark', 'Darkest']);
    expect(PALETTE_ORDER.map((id) => PALETTE_NAMES[id])).toEqual([
      'Lightest',
      'Light',
      'Bright',
      'Dark',
      'Darkest',
      'Safe Light',
      'Safe Dark',
      'Safe Inverse',
      'Safe Inverse Light',
      'Safe Inverse Dark',
    ]);
    expect([...PALETTE_ORDER].sort()).toEqual([...PALETTE_COLOR_IDS].sort());
    expect(PALETTE_NAMES).toMatchObject({ white: 'Lightest', accent: 'Bright', black: 'Darkest', safeInverseDarkAccent: 'Safe Inverse Dark' });
  });
});

describe('a theme’s readability checks', () => {
  const palette = paletteColorsOf(DEFAULT_DESIGN);

  it('measure text and links on the background and the button’s text on the button', () => {
    const [text, link, button] = contrastChecks(DEFAULT_DESIGN.colorThemes.white, palette);
    expect(text).toEqual({ pair: 'text', ratio: contrastRatio(palette.black, palette.white), passes: true });
    expect(link!.ratio).toBe(contrastRatio(palette.accent, palette.white));
    expect(button!.ratio).toBe(contrastRatio(palette.white, palette.accent));
  });

  it('pass at 4.5:1 and above only', () => {
    // Bright text on the Light background: the default palette's green on its cream passes; the cream on the white does not.
    const lowText = { ...PALETTE_COLOR_THEMES.white, text: { type: 'SITE_PALETTE_COLOR', sitePaletteColor: { id: 'lightAccent', alpha: 1 } } } as const;
    const [text] = contrastChecks(lowText, palette);
    expect(text!.ratio).toBeLessThan(4.5);
    expect(text!.passes).toBe(false);
    for (const check of contrastChecks(DEFAULT_DESIGN.colorThemes.dark, palette)) expect(check.passes).toBe(check.ratio >= 4.5);
  });
});
