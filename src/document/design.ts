/**
 * A site's design as the document holds it (`settings.design`): the palette (five swatches, each a
 * seed 001 §3 palette value, from which the ten palette colour ids are derived), the colour themes
 * a section wears, the fonts, the type scale per breakpoint, spacing, buttons, animations and
 * whether the header stays in view. One pure generator (./design-css.ts) turns it into the site's
 * CSS custom properties; the Design screen edits it as a draft and publishes it.
 *
 * A colour is chosen by reference (seed 000 §3): a palette colour with its alpha, a custom colour
 * string (seed 000 §5's forms, stored normalised), or the section theme's own colour.
 */
import { z } from 'zod';
import { normalizeColor } from '../domain/colors';
import { fontFamily } from '../domain/fonts';
import { paletteValueFromHex } from '../domain/palette-color';
import { COLOR_REFERENCE_TYPES, DEFAULT_PALETTE_ALPHA, PALETTE_COLOR_IDS, PALETTE_MODES, PALETTE_PRESETS, PALETTE_USER_FORMATS } from '../domain/palette';

/** Seed 001 §3, §5: a palette colour value; alpha left out is 1. */
export const paletteValueSchema = z
  .object({
    userFormat: z.enum(PALETTE_USER_FORMATS, { message: 'must be hex, hsl or rgb' }),
    hue: z.number().min(0, 'must be from 0 to 360').max(360, 'must be from 0 to 360'),
    saturation: z.number().min(0, 'must be from 0 to 100').max(100, 'must be from 0 to 100'),
    lightness: z.number().min(0, 'must be from 0 to 100').max(100, 'must be from 0 to 100'),
    alpha: z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').default(DEFAULT_PALETTE_ALPHA),
  })
  .strict();
export type PaletteValueData = z.infer<typeof paletteValueSchema>;

/** Seed 000 §5: a colour string in any accepted form, stored in its one normal form. */
export const colorString = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const normal = normalizeColor(value);
    if (normal === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a colour: #rgb, #rrggbb, rgb(), rgba(), hsl(), hsla(), hwb() or a colour name' });
      return z.NEVER;
    }
    return normal;
  });

const alpha = z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').default(1);

const paletteReference = z
  .object({ type: z.literal(COLOR_REFERENCE_TYPES[0]), sitePaletteColor: z.object({ id: z.enum(PALETTE_COLOR_IDS), alpha }).strict() })
  .strict();
const customReference = z.object({ type: z.literal(COLOR_REFERENCE_TYPES[1]), customColor: colorString }).strict();
const themeReference = z.object({ type: z.literal(COLOR_REFERENCE_TYPES[2]) }).strict();

/** A colour of a colour theme: a palette colour or a custom one. */
export const themeColorSchema = z.discriminatedUnion('type', [paletteReference, customReference]);
/** A colour chosen on the page (a section's background, a highlight, a button): the section theme's own as well. */
export const colorReferenceSchema = z.discriminatedUnion('type', [paletteReference, customReference, themeReference]);
export type ThemeColorRef = z.infer<typeof themeColorSchema>;
export type ColorReference = z.infer<typeof colorReferenceSchema>;

/** The colour themes sections wear, by the section's `theme`; White, Light, Dark and Accent were the backgrounds before themes. */
export const COLOR_THEME_IDS = ['white', 'light', 'dark', 'accent'] as const;
export type ColorThemeId = (typeof COLOR_THEME_IDS)[number];

export const colorThemeSchema = z
  .object({
    background: themeColorSchema,
    text: themeColorSchema,
    heading: themeColorSchema,
    link: themeColorSchema,
    button: themeColorSchema,
    buttonText: themeColorSchema,
    /** Missing or THEME_COLOR: the theme's own, the button colour a step further from the background (the text, as it is). */
    buttonHover: colorReferenceSchema.optional(),
    buttonTextHover: colorReferenceSchema.optional(),
  })
  .strict();
export type ColorTheme = z.infer<typeof colorThemeSchema>;

/** The five swatches an owner picks, lightest first (seed 001 §3's system palette names). */
export const SWATCH_KEYS = ['lightest', 'light', 'bright', 'dark', 'darkest'] as const;
export type SwatchKey = (typeof SWATCH_KEYS)[number];
export type Swatches = Record<SwatchKey, PaletteValueData>;

const swatchesSchema = z.object(Object.fromEntries(SWATCH_KEYS.map((k) => [k, paletteValueSchema])) as Record<SwatchKey, typeof paletteValueSchema>).strict();

const fontChoice = z
  .object({ family: z.string().max(60), weight: z.number().int().min(100).max(900) })
  .strict()
  .superRefine((font, ctx) => {
    const family = fontFamily(font.family);
    if (!family) ctx.addIssue({ code: 'custom', path: ['family'], message: 'is not one of the fonts offered' });
    else if (!family.weights.includes(font.weight))
      ctx.addIssue({ code: 'custom', path: ['weight'], message: `must be one of ${family.name}’s weights: ${family.weights.join(', ')}` });
  });
export type FontChoice = z.infer<typeof fontChoice>;

/** A breakpoint's type: the body size and the ratio each heading level grows by (h4 once, h1 four times). */
export const TYPE_LIMITS = { baseSizePx: { min: 14, max: 22 }, ratio: { min: 1.05, max: 1.6 } } as const;
const typeStep = z
  .object({
    baseSizePx: z.number().min(TYPE_LIMITS.baseSizePx.min).max(TYPE_LIMITS.baseSizePx.max),
    ratio: z.number().min(TYPE_LIMITS.ratio.min).max(TYPE_LIMITS.ratio.max),
  })
  .strict();

export const SPACING_LIMITS = { sectionPaddingPx: { min: 16, max: 160 }, blockGapPx: { min: 0, max: 48 }, contentWidthPx: { min: 720, max: 1600 } } as const;

export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const;
export const BUTTON_STYLES = ['fill', 'outline'] as const;
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export const SITE_ANIMATIONS = ['none', 'fade', 'scale', 'slide'] as const;
export type SiteAnimation = (typeof SITE_ANIMATIONS)[number];

export const designSchema = z
  .object({
    palette: z
      .object({
        mode: z.enum(PALETTE_MODES).default('Custom Colors'),
        /** With mode Presets: which, and from what seed colour. */
        preset: z.enum(PALETTE_PRESETS).optional(),
        seed: colorString.optional(),
        swatches: swatchesSchema,
      })
      .strict(),
    colorThemes: z.object(Object.fromEntries(COLOR_THEME_IDS.map((id) => [id, colorThemeSchema])) as Record<ColorThemeId, typeof colorThemeSchema>).strict(),
    fonts: z.object({ heading: fontChoice, body: fontChoice, button: fontChoice }).strict(),
    type: z.object({ desktop: typeStep, phone: typeStep }).strict(),
    spacing: z
      .object({
        sectionPaddingPx: z.number().int().min(SPACING_LIMITS.sectionPaddingPx.min).max(SPACING_LIMITS.sectionPaddingPx.max),
        blockGapPx: z.number().int().min(SPACING_LIMITS.blockGapPx.min).max(SPACING_LIMITS.blockGapPx.max),
        contentWidthPx: z.number().int().min(SPACING_LIMITS.contentWidthPx.min).max(SPACING_LIMITS.contentWidthPx.max),
      })
      .strict(),
    buttons: z.object({ shape: z.enum(BUTTON_SHAPES), style: z.enum(BUTTON_STYLES), size: z.enum(BUTTON_SIZES) }).strict(),
    animation: z.enum(SITE_ANIMATIONS),
    stickyHeader: z.boolean(),
  })
  .strict();
export type Design = z.infer<typeof designSchema>;
export type DesignInput = z.input<typeof designSchema>;

const hex = (value: string): PaletteValueData => paletteValueFromHex(value);
const palette = (id: (typeof PALETTE_COLOR_IDS)[number]): ThemeColorRef => ({ type: 'SITE_PALETTE_COLOR', sitePaletteColor: { id, alpha: 1 } });
const custom = (color: string): ThemeColorRef => ({ type: 'CUSTOM_COLOR', customColor: color });

/**
 * The colour themes a palette gives: each text, link and button colour a safe one (derived with
 * seed 001 §9's luma threshold and 4.5:1 contrast), so any palette reads.
 */
export const PALETTE_COLOR_THEMES: Readonly<Record<ColorThemeId, ColorTheme>> = {
  white: {
    background: palette('white'),
    text: palette('black'),
    heading: palette('black'),
    link: palette('safeDarkAccent'),
    button: palette('safeDarkAccent'),
    buttonText: palette('white'),
  },
  light: {
    background: palette('lightAccent'),
    text: palette('black'),
    heading: palette('black'),
    link: palette('safeDarkAccent'),
    button: palette('safeDarkAccent'),
    buttonText: palette('white'),
  },
  dark: {
    background: palette('darkAccent'),
    text: palette('safeInverseDarkAccent'),
    heading: palette('safeInverseDarkAccent'),
    link: palette('safeLightAccent'),
    button: palette('safeInverseDarkAccent'),
    buttonText: palette('darkAccent'),
  },
  accent: {
    background: palette('accent'),
    text: palette('safeInverseAccent'),
    heading: palette('safeInverseAccent'),
    link: palette('safeInverseAccent'),
    button: palette('safeInverseAccent'),
    buttonText: palette('accent'),
  },
};

/**
 * The design every site had before designs were data, value for value: the palette of the fixed
 * stylesheet (#ffffff, #f4f1ec, #1d5c4d, #1f2a2e, #1b1f23) and its two dark-section colours as
 * custom colours. Sites made before it, and new blank ones, start here.
 */
export const DEFAULT_DESIGN: Design = {
  palette: {
    mode: 'Custom Colors',
    swatches: {
      lightest: hex('#ffffff'),
      light: hex('#f4f1ec'),
      bright: hex('#1d5c4d'),
      dark: hex('#1f2a2e'),
      darkest: hex('#1b1f23'),
    },
  },
  colorThemes: {
    white: { ...PALETTE_COLOR_THEMES.white, link: palette('accent'), button: palette('accent'), buttonHover: custom('#164a3e') },
    light: { ...PALETTE_COLOR_THEMES.light, link: palette('accent'), button: palette('accent'), buttonHover: custom('#164a3e') },
    dark: {
      ...PALETTE_COLOR_THEMES.dark,
      text: custom('#f5f3ef'),
      heading: custom('#f5f3ef'),
      link: custom('#9fd8c8'),
      button: palette('white'),
      buttonText: palette('darkAccent'),
    },
    accent: { ...PALETTE_COLOR_THEMES.accent, button: palette('white'), buttonText: palette('darkAccent') },
  },
  fonts: { heading: { family: 'lora', weight: 500 }, body: { family: 'inter', weight: 400 }, button: { family: 'inter', weight: 600 } },
  type: { desktop: { baseSizePx: 16, ratio: 1.3 }, phone: { baseSizePx: 16, ratio: 1.2 } },
  spacing: { sectionPaddingPx: 55, blockGapPx: 11, contentWidthPx: 1200 },
  buttons: { shape: 'rounded', style: 'fill', size: 'medium' },
  animation: 'none',
  stickyHeader: false,
};

/**
 * The design with a new palette (a preset, From Color, From Image, or swatches the owner typed):
 * the colour themes become the palette's own, every text, link and button a safe colour, so the
 * new palette reads whatever it is; custom colours chosen for the old palette do not carry over.
 */
export function withPalette(design: Design, palette: Design['palette']): Design {
  return { ...design, palette, colorThemes: PALETTE_COLOR_THEMES };
}
