/**
 * The one generator of a site's design (./design.ts) into CSS: the palette's ten colours, each
 * colour theme's colours (the white theme's on `:root` for the page itself, every theme's on its
 * section class), the fonts, the type scale per breakpoint, spacing and buttons, as custom
 * properties, with the few rules a choice cannot be a value for (an outlined button, a sticky
 * header). The published page's per-site stylesheet and the Design screen's preview are this
 * output, with the `@font-face` rules of the fonts used (./font-faces.ts).
 */
import { BREAKPOINTS_PX, FONT_SIZES_PX } from '../domain/design-tokens';
import { fontFamily } from '../domain/fonts';
import { PALETTE_COLOR_IDS, type PaletteColorId } from '../domain/palette';
import { colorRgba, contrastRatio, derivePaletteColors, MIN_CONTRAST, rgbToHex, type Rgb, type Rgba } from '../domain/palette-color';
import { parseColor } from '../domain/colors';
import { COLOR_THEME_IDS, type ColorReference, type ColorTheme, type ColorThemeId, type Design } from './design';
import { fontFaceCss, fontStack, fontStylesheetName, fontsUsed, preloadFile } from './font-faces';

export type PaletteColors = Record<PaletteColorId, Rgba>;

/** The palette's ten colours, by id. */
export const paletteColorsOf = (design: Design): PaletteColors => derivePaletteColors(design.palette.swatches);

/** A custom colour string (stored normalised) as sRGB with alpha, for contrast and mixing; currentcolor reads as black. */
function customRgba(value: string): Rgba {
  const parsed = parseColor(value);
  return (parsed && colorRgba(parsed)) ?? { r: 0, g: 0, b: 0, alpha: 1 };
}

/** A colour reference's colour; THEME_COLOR is the section theme's own, `inherited`. */
export function resolveColor(ref: ColorReference, palette: PaletteColors, inherited: Rgba): Rgba {
  switch (ref.type) {
    case 'SITE_PALETTE_COLOR': {
      const c = palette[ref.sitePaletteColor.id];
      return { ...c, alpha: c.alpha * ref.sitePaletteColor.alpha };
    }
    case 'CUSTOM_COLOR':
      return customRgba(ref.customColor);
    case 'THEME_COLOR':
      return inherited;
  }
}

/** How CSS writes a colour: hex when opaque, else rgb() with its alpha. */
export function cssColor(c: Rgba): string {
  if (c.alpha >= 1) return rgbToHex(c);
  return `rgb(${c.r} ${c.g} ${c.b} / ${Math.round(c.alpha * 1000) / 1000})`;
}

/** A colour reference as CSS: a palette colour by its custom property, so a palette change follows. */
function cssOf(ref: ColorReference, palette: PaletteColors): string {
  if (ref.type === 'SITE_PALETTE_COLOR' && ref.sitePaletteColor.alpha === 1) return `var(--palette-${kebab(ref.sitePaletteColor.id)})`;
  if (ref.type === 'CUSTOM_COLOR') return ref.customColor;
  return cssColor(resolveColor(ref, palette, { r: 0, g: 0, b: 0, alpha: 1 }));
}

const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const mix = (a: Rgb, b: Rgb, share: number): Rgb => ({
  r: Math.round(a.r * share + b.r * (1 - share)),
  g: Math.round(a.g * share + b.g * (1 - share)),
  b: Math.round(a.b * share + b.b * (1 - share)),
});

/** The colours a theme resolves to, with what it derives: secondary text that still reads (4.5:1), hairlines, the button's hover. */
export type ThemeColors = {
  background: Rgba;
  text: Rgba;
  heading: Rgba;
  link: Rgba;
  button: Rgba;
  buttonText: Rgba;
  buttonHover: Rgba;
  buttonTextHover: Rgba;
  muted: Rgb;
  line: Rgb;
};

/** A hover colour the owner chose: not left out, and not THEME_COLOR (the theme's own, derived). */
const chosen = (ref: ColorReference | undefined): ref is ColorReference => ref !== undefined && ref.type !== 'THEME_COLOR';

export function themeColors(theme: ColorTheme, palette: PaletteColors): ThemeColors {
  const black: Rgba = { r: 0, g: 0, b: 0, alpha: 1 };
  const at = (ref: ColorReference) => resolveColor(ref, palette, black);
  const background = at(theme.background);
  const text = at(theme.text);
  const button = at(theme.button);
  // Secondary text: the text colour eased towards the background, as far as it still reads.
  let share = 0.72;
  while (share < 1 && contrastRatio(mix(text, background, share), background) < MIN_CONTRAST) share += 0.04;
  const muted = mix(text, background, Math.min(share, 1));
  // A hover a step from the button, away from the background's lightness.
  const darker = contrastRatio(button, { r: 0, g: 0, b: 0 }) > contrastRatio(button, { r: 255, g: 255, b: 255 });
  const hoverDefault: Rgba = { ...mix(button, darker ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 }, 0.82), alpha: button.alpha };
  return {
    background,
    text,
    heading: at(theme.heading),
    link: at(theme.link),
    button,
    buttonText: at(theme.buttonText),
    buttonHover: chosen(theme.buttonHover) ? at(theme.buttonHover) : hoverDefault,
    buttonTextHover: chosen(theme.buttonTextHover) ? at(theme.buttonTextHover) : at(theme.buttonText),
    muted,
    line: mix(text, background, 0.16),
  };
}

export type CustomProperty = readonly [name: `--${string}`, value: string];

/** A colour theme's custom properties: the names every stylesheet reads, redefined on each section theme. */
function themeProperties(theme: ColorTheme, palette: PaletteColors): CustomProperty[] {
  const c = themeColors(theme, palette);
  const hover = chosen(theme.buttonHover) ? cssOf(theme.buttonHover, palette) : cssColor(c.buttonHover);
  const hoverText = chosen(theme.buttonTextHover) ? cssOf(theme.buttonTextHover, palette) : cssOf(theme.buttonText, palette);
  return [
    ['--color-paper', cssOf(theme.background, palette)],
    ['--color-ink', cssOf(theme.text, palette)],
    ['--color-heading', cssOf(theme.heading, palette)],
    ['--color-link', cssOf(theme.link, palette)],
    ['--color-accent', cssOf(theme.button, palette)],
    ['--color-accent-ink', cssOf(theme.buttonText, palette)],
    ['--color-button-hover', hover],
    ['--color-button-text-hover', hoverText],
    ['--color-muted', cssColor({ ...c.muted, alpha: 1 })],
    ['--color-line', cssColor({ ...c.line, alpha: 1 })],
  ];
}

/** The fixed stylesheet's sizes, as shares of its 16 px body size, so the scale follows the owner's base size. */
const FONT_SIZE_SHARES = { xs: 9.75 / 16, sm: 13 / 16, lg: 19 / 16, xl: 23 / 16, '2xl': 28 / 16 } as const;
const HEADING_LEVELS = ['h4', 'h3', 'h2', 'h1'] as const;
const round2 = (n: number) => Math.round(n * 100) / 100;
const px = (n: number) => (n === 0 ? '0' : `${round2(n)}px`);

/** Seed 001 §9: font size tokens are 9.75 to 28 px (the headings grow past them by the type ratio). */
const withinSeedSizes = (n: number) => Math.min(FONT_SIZES_PX[FONT_SIZES_PX.length - 1]!, Math.max(FONT_SIZES_PX[0], n));

function typeProperties(step: Design['type']['desktop']): CustomProperty[] {
  return [
    ['--font-md', px(step.baseSizePx)],
    ...Object.entries(FONT_SIZE_SHARES).map(([name, share]): CustomProperty => [`--font-${name}`, px(withinSeedSizes(step.baseSizePx * share))]),
    ['--type-ratio', String(step.ratio)],
  ];
}

const BUTTON_RADIUS = { square: '0', rounded: '4px', pill: '999px' } as const;
/** Each size's padding, in the spacing scale's steps (--space-N); the medium is the fixed stylesheet's. */
const BUTTON_PADDING = {
  small: ['var(--space-1)', 'var(--space-4)'],
  medium: ['var(--space-2)', 'var(--space-5)'],
  large: ['var(--space-3)', 'var(--space-7)'],
} as const;

/** The properties on `:root`: the palette, the page's own (white) theme, fonts, type, spacing and buttons. */
export function designCustomProperties(design: Design): CustomProperty[] {
  const palette = paletteColorsOf(design);
  const font = (role: keyof Design['fonts']) => {
    const family = fontFamily(design.fonts[role].family);
    return family ? fontStack(family) : 'system-ui, sans-serif';
  };
  return [
    ...PALETTE_COLOR_IDS.map((id): CustomProperty => [`--palette-${kebab(id)}`, cssColor(palette[id])]),
    ['--color-light', 'var(--palette-light-accent)'],
    ['--color-dark', 'var(--palette-dark-accent)'],
    // The dark colour theme's text and link, for what is dark outside a section (the dark information bar, the dark cookie banner's focus).
    ['--color-dark-text', cssOf(design.colorThemes.dark.text, palette)],
    ['--color-dark-link', cssOf(design.colorThemes.dark.link, palette)],
    ...themeProperties(design.colorThemes.white, palette),
    ['--font-body', font('body')],
    ['--font-heading', font('heading')],
    ['--font-button', font('button')],
    ['--weight-body', String(design.fonts.body.weight)],
    ['--weight-heading', String(design.fonts.heading.weight)],
    ['--weight-button', String(design.fonts.button.weight)],
    ...typeProperties(design.type.desktop),
    ...HEADING_LEVELS.map((level, i): CustomProperty => [`--font-${level}`, `calc(var(--font-${i === 0 ? 'md' : HEADING_LEVELS[i - 1]}) * var(--type-ratio))`]),
    ['--section-padding', px(design.spacing.sectionPaddingPx)],
    ['--section-padding-phone', px(Math.round(design.spacing.sectionPaddingPx * 0.8))],
    ['--block-gap', px(design.spacing.blockGapPx)],
    ['--content-width', px(design.spacing.contentWidthPx)],
    ['--button-radius', BUTTON_RADIUS[design.buttons.shape]],
    ['--button-padding-y', BUTTON_PADDING[design.buttons.size][0]],
    ['--button-padding-x', BUTTON_PADDING[design.buttons.size][1]],
  ];
}

const declarations = (properties: readonly CustomProperty[], indent: string) => properties.map(([name, value]) => `${indent}${name}: ${value};\n`).join('');

/** The largest width that counts as narrow (seed 001 §9: the first breakpoint, 800 px). */
const NARROW_MAX_WIDTH_PX = BREAKPOINTS_PX[0] - 1;

/** The design's CSS without its fonts' faces: `:root`, the phone's type, each section theme, and the rules of choices. */
export function designCss(design: Design): string {
  const palette = paletteColorsOf(design);
  const themes = COLOR_THEME_IDS.map((id: ColorThemeId) => `.theme-${id} {\n${declarations(themeProperties(design.colorThemes[id], palette), '  ')}}\n`).join(
    '',
  );
  const outline =
    design.buttons.style === 'outline'
      ? '.button-primary { background: transparent; color: var(--color-accent); }\n.button-primary:hover { background: var(--color-accent); color: var(--color-accent-ink); border-color: var(--color-accent); }\n'
      : '';
  const sticky = design.stickyHeader ? '.site-header { position: sticky; top: 0; z-index: 40; }\n' : '';
  return (
    `:root {\n${declarations(designCustomProperties(design), '  ')}}\n` +
    `@media (max-width: ${NARROW_MAX_WIDTH_PX}px) {\n  :root {\n${declarations(typeProperties(design.type.phone), '    ')}  }\n}\n` +
    themes +
    outline +
    sticky
  );
}

/**
 * The per-site stylesheet: its address's name (the families and weights used: seed 000 §7), its
 * text, and the fonts' files to preload: the body's, the headings' and the buttons' latin faces, so
 * the text above the fold is drawn in them from the first paint rather than swapped in.
 */
export type DesignStylesheet = { name: string; css: string; preloads: string[] };

/** `fileUrl` gives a font file's address on the site's origin (the server's, or what the Design screen was told). */
export function designStylesheet(design: Design, fileUrl: (familyId: string, file: string) => string): DesignStylesheet {
  const used = fontsUsed(design.fonts);
  const roles = [design.fonts.body, design.fonts.heading, design.fonts.button];
  const preloads = roles.flatMap((font) => {
    const file = preloadFile(used, font.family, font.weight);
    return file === undefined ? [] : [fileUrl(font.family, file)];
  });
  return { name: fontStylesheetName(used), css: fontFaceCss(used, fileUrl) + designCss(design), preloads: [...new Set(preloads)] };
}
