import { describe, expect, it } from 'vitest';
import { FONT_SIZES_PX } from '../domain/design-tokens';
import { PALETTE_COLOR_IDS } from '../domain/palette';
import { rgbToHex } from '../domain/palette-color';
import { DEFAULT_DESIGN, designSchema, TYPE_LIMITS, type Design } from './design';
import { designCss, designCustomProperties, designStylesheet, paletteColorsOf, themeColors } from './design-css';

const value = (design: Design, name: string) => new Map(designCustomProperties(design)).get(name as `--${string}`);
const hex = (c: { r: number; g: number; b: number }) => rgbToHex(c);

describe('the design generator', () => {
  // covers 001-3.59 (the palette's ten colour ids, each a custom property)
  it('emits the ten palette colours by id', () => {
    const css = designCss(DEFAULT_DESIGN);
    for (const id of PALETTE_COLOR_IDS) expect(css).toContain(`--palette-${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: #`);
    expect(value(DEFAULT_DESIGN, '--palette-accent')).toBe('#1d5c4d');
  });

  it('gives the default design the colours of the stylesheet it replaced', () => {
    const palette = paletteColorsOf(DEFAULT_DESIGN);
    const white = themeColors(DEFAULT_DESIGN.colorThemes.white, palette);
    expect([white.background, white.text, white.link, white.button, white.buttonText, white.buttonHover].map(hex)).toEqual([
      '#ffffff',
      '#1b1f23',
      '#1d5c4d',
      '#1d5c4d',
      '#ffffff',
      '#164a3e',
    ]);
    const dark = themeColors(DEFAULT_DESIGN.colorThemes.dark, palette);
    expect([dark.background, dark.text, dark.link, dark.button, dark.buttonText].map(hex)).toEqual(['#1f2a2e', '#f5f3ef', '#9fd8c8', '#ffffff', '#1f2a2e']);
    expect(hex(themeColors(DEFAULT_DESIGN.colorThemes.light, palette).background)).toBe('#f4f1ec');
    expect(hex(themeColors(DEFAULT_DESIGN.colorThemes.accent, palette).text)).toBe('#ffffff');
    expect([value(DEFAULT_DESIGN, '--font-md'), value(DEFAULT_DESIGN, '--font-sm'), value(DEFAULT_DESIGN, '--font-2xl')]).toEqual(['16px', '13px', '28px']);
    expect([value(DEFAULT_DESIGN, '--content-width'), value(DEFAULT_DESIGN, '--section-padding'), value(DEFAULT_DESIGN, '--section-padding-phone')]).toEqual([
      '1200px',
      '55px',
      '44px',
    ]);
  });

  it('gives each colour theme its own section class, and phones their own type scale', () => {
    const css = designCss(DEFAULT_DESIGN);
    for (const id of ['white', 'light', 'dark', 'accent']) expect(css).toContain(`.theme-${id} {`);
    expect(css).toMatch(/@media \(max-width: 799px\) \{\s*:root \{[^}]*--type-ratio: 1\.2;/);
    expect(value(DEFAULT_DESIGN, '--type-ratio')).toBe('1.3');
  });

  it('writes a rule only for the choices a value cannot carry: outlined buttons, a sticky header', () => {
    expect(designCss(DEFAULT_DESIGN)).not.toMatch(/position: sticky|\.button-primary \{/);
    const chosen = designCss({ ...DEFAULT_DESIGN, stickyHeader: true, buttons: { shape: 'pill', style: 'outline', size: 'large' } });
    expect(chosen).toContain('.site-header { position: sticky; top: 0;');
    expect(chosen).toContain('.button-primary { background: transparent; color: var(--color-accent); }');
    expect(chosen).toContain('--button-radius: 999px;');
  });

  // covers 001-9.52 (font size tokens stay within 9.75 to 28 px whatever the base size)
  it('keeps the font size tokens within the seed’s 9.75 to 28 px', () => {
    for (const baseSizePx of [TYPE_LIMITS.baseSizePx.min, 16, TYPE_LIMITS.baseSizePx.max]) {
      const design = { ...DEFAULT_DESIGN, type: { desktop: { baseSizePx, ratio: 1.3 }, phone: { baseSizePx, ratio: 1.2 } } };
      for (const name of ['xs', 'sm', 'md', 'lg', 'xl', '2xl']) {
        const px = Number.parseFloat(value(design, `--font-${name}`)!);
        expect(px).toBeGreaterThanOrEqual(FONT_SIZES_PX[0]);
        expect(px).toBeLessThanOrEqual(FONT_SIZES_PX[FONT_SIZES_PX.length - 1]!);
      }
    }
  });

  // covers 000-7.31 (the stylesheet's address names the families used)
  it('names the families and weights used, and preloads the body’s, the headings’ and the buttons’ fonts', () => {
    const sheet = designStylesheet(DEFAULT_DESIGN, (family, file) => `/fonts/files/${family}-1/${file}`);
    expect(sheet.name).toBe('inter-400-600,lora-500');
    expect(sheet.preloads).toEqual([
      '/fonts/files/inter-1/inter-latin-400-normal.woff2',
      '/fonts/files/lora-1/lora-latin-500-normal.woff2',
      '/fonts/files/inter-1/inter-latin-600-normal.woff2',
    ]);
    expect(sheet.css).toContain('font-family: "Lora"');
    expect(value(DEFAULT_DESIGN, '--font-body')).toMatch(/^"Inter", "Inter Fallback", /);
  });

  it('is a design the schema accepts as it is', () => {
    expect(designSchema.parse(DEFAULT_DESIGN)).toEqual(DEFAULT_DESIGN);
  });
});
