/**
 * Palette values (seed 001 §3: hue, saturation, lightness, alpha) to and from sRGB, and what the
 * safe colours are chosen by: relative luminance and contrast ratio (WCAG 2), luma (seed 001 §9's
 * 65% threshold). Pure, for the generator, the server and the Design screen alike.
 */
import { KEYWORD_RGB, type Color } from './colors';
import { DARK_LUMA_THRESHOLD_PERCENT, type PaletteColorId, type PaletteUserFormat, type PaletteValue } from './palette';

export type Rgb = { r: number; g: number; b: number };

/** A palette value's colour, each channel 0-255 rounded; alpha is not a channel. */
export function paletteValueToRgb(value: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness'>): Rgb {
  const h = (((value.hue % 360) + 360) % 360) / 360;
  const s = value.saturation / 100;
  const l = value.lightness / 100;
  if (s === 0) {
    const v = Math.round(l * 255);
    return { r: v, g: v, b: v };
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return { r: Math.round(channel(h + 1 / 3) * 255), g: Math.round(channel(h) * 255), b: Math.round(channel(h - 1 / 3) * 255) };
}

/** The palette value of an sRGB colour, kept exact (no rounding), so it converts back to the same channels. */
export function rgbToPaletteValue(
  rgb: Rgb,
  userFormat: PaletteUserFormat = 'hex',
  alpha = 1,
): { userFormat: PaletteUserFormat; hue: number; saturation: number; lightness: number; alpha: number } {
  const r = rgb.r / 255;
  const g = rgb.g / 255;
  const b = rgb.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return { userFormat, hue: h, saturation: s * 100, lightness: l * 100, alpha };
}

export function hexToRgb(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export const paletteValueFromHex = (hex: string) => rgbToPaletteValue(hexToRgb(hex));
export const paletteValueToHex = (value: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness'>) => rgbToHex(paletteValueToRgb(value));

const linear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Luma in percent (Rec. 601 weights on the gamma-encoded channels), as seed 001 §9's threshold reads it. */
export function lumaPercent({ r, g, b }: Rgb): number {
  return ((0.299 * r + 0.587 * g + 0.114 * b) / 255) * 100;
}

/** The contrast the platform asks of text, links and buttons against their background (WCAG AA). */
export const MIN_CONTRAST = 4.5;

/** A colour with its alpha, as the palette ids and colour references resolve to. */
export type Rgba = Rgb & { alpha: number };

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** The one of `candidates` readable on every background (4.5:1), else white or black, whichever reads better on the worst of them. */
function firstReadable(candidates: readonly Rgb[], backgrounds: readonly Rgb[]): Rgb {
  const worst = (c: Rgb) => Math.min(...backgrounds.map((bg) => contrastRatio(c, bg)));
  return candidates.find((c) => worst(c) >= MIN_CONTRAST) ?? (worst(WHITE) >= worst(BLACK) ? WHITE : BLACK);
}

/** Text on `background`: the light swatch when the background is dark by seed 001 §9's luma threshold, else the dark one; the other when that one does not read. */
function inverseOf(background: Rgb, light: Rgb, dark: Rgb): Rgb {
  const preferred = lumaPercent(background) < DARK_LUMA_THRESHOLD_PERCENT ? [light, dark] : [dark, light];
  return firstReadable(preferred, [background]);
}

/**
 * The ten palette colour ids (seed 001 §3) from the five swatches: white, black, accent, light and
 * dark accent are the swatches; the safe ones are derived so that text in them reads (4.5:1) —
 * safe dark accent on white and the light accent, safe light accent on black and the dark accent,
 * each safe inverse on its accent.
 */
export function derivePaletteColors(swatches: {
  lightest: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness' | 'alpha'>;
  light: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness' | 'alpha'>;
  bright: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness' | 'alpha'>;
  dark: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness' | 'alpha'>;
  darkest: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness' | 'alpha'>;
}): Record<PaletteColorId, Rgba> {
  const rgb = (v: Pick<PaletteValue, 'hue' | 'saturation' | 'lightness'>) => paletteValueToRgb(v);
  const white = rgb(swatches.lightest);
  const black = rgb(swatches.darkest);
  const accent = rgb(swatches.bright);
  const lightAccent = rgb(swatches.light);
  const darkAccent = rgb(swatches.dark);
  const opaque = (c: Rgb): Rgba => ({ ...c, alpha: 1 });
  const withAlpha = (c: Rgb, v: Pick<PaletteValue, 'alpha'>): Rgba => ({ ...c, alpha: v.alpha ?? 1 });
  return {
    white: withAlpha(white, swatches.lightest),
    black: withAlpha(black, swatches.darkest),
    accent: withAlpha(accent, swatches.bright),
    lightAccent: withAlpha(lightAccent, swatches.light),
    darkAccent: withAlpha(darkAccent, swatches.dark),
    safeDarkAccent: opaque(firstReadable([accent, darkAccent, black], [white, lightAccent])),
    safeLightAccent: opaque(firstReadable([accent, lightAccent, white], [black, darkAccent])),
    safeInverseAccent: opaque(inverseOf(accent, white, black)),
    safeInverseLightAccent: opaque(inverseOf(lightAccent, white, black)),
    safeInverseDarkAccent: opaque(inverseOf(darkAccent, white, black)),
  };
}

/** A parsed colour string (seed 000 §5) as sRGB with alpha; `currentcolor` has none of its own. */
export function colorRgba(color: Color): Rgba | undefined {
  switch (color.format) {
    case 'hex':
      return { ...hexToRgb(color.hex), alpha: 1 };
    case 'rgb':
      return { r: color.r, g: color.g, b: color.b, alpha: 1 };
    case 'rgba':
      return { r: color.r, g: color.g, b: color.b, alpha: color.a };
    case 'hsl':
    case 'hsla':
      return { ...paletteValueToRgb({ hue: color.h, saturation: color.s, lightness: color.l }), alpha: color.format === 'hsla' ? color.a : 1 };
    case 'hwb': {
      // CSS Color 4: the pure hue scaled into what whiteness and blackness leave.
      const w = color.w / 100;
      const b = color.b / 100;
      const scale = w + b >= 1 ? 0 : 1 - w - b;
      const grey = w + b >= 1 ? w / (w + b) : w;
      const pure = paletteValueToRgb({ hue: color.h, saturation: 100, lightness: 50 });
      const ch = (v: number) => Math.round(((v / 255) * scale + grey) * 255);
      return { r: ch(pure.r), g: ch(pure.g), b: ch(pure.b), alpha: color.a ?? 1 };
    }
    case 'keyword': {
      if (color.keyword === 'transparent') return { r: 0, g: 0, b: 0, alpha: 0 };
      const rgb = KEYWORD_RGB[color.keyword];
      return rgb && { r: rgb[0], g: rgb[1], b: rgb[2], alpha: 1 };
    }
  }
}

/** A CIELAB colour under the D65 white (sRGB's own): L* 0 (black) to 100 (white), a* green to red, b* blue to yellow. */
export type Lab = { l: number; a: number; b: number };

/** D65 reference white in XYZ (Y = 1), and CIE's exact ε and κ for the Lab curve's linear toe. */
const D65 = { x: 0.95047, y: 1, z: 1.08883 };
const LAB_EPSILON = 216 / 24_389;
const LAB_KAPPA = 24_389 / 27;

const encode = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);

/** sRGB (IEC 61966-2-1) to CIELAB, through linear light and XYZ (D65). */
export function rgbToLab(rgb: Rgb): Lab {
  const r = linear(rgb.r);
  const g = linear(rgb.g);
  const b = linear(rgb.b);
  const f = (t: number) => (t > LAB_EPSILON ? Math.cbrt(t) : (LAB_KAPPA * t + 16) / 116);
  const fx = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / D65.x);
  const fy = f((0.2126729 * r + 0.7151522 * g + 0.072175 * b) / D65.y);
  const fz = f((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / D65.z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** CIELAB to sRGB, each channel rounded and clipped to 0-255 (a Lab colour outside the sRGB gamut comes back as the nearest channels). */
export function labToRgb({ l, a, b }: Lab): Rgb {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const inverse = (t: number) => (t ** 3 > LAB_EPSILON ? t ** 3 : (116 * t - 16) / LAB_KAPPA);
  const x = inverse(fx) * D65.x;
  const y = (l > LAB_KAPPA * LAB_EPSILON ? fy ** 3 : l / LAB_KAPPA) * D65.y;
  const z = inverse(fz) * D65.z;
  const channel = (v: number) => Math.max(0, Math.min(255, Math.round(encode(Math.max(0, v)))));
  return {
    r: channel(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    g: channel(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    b: channel(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  };
}

const RADIANS = Math.PI / 180;
const POW25_7 = 25 ** 7;

/** Hue angle in degrees, 0-360; 0 for a neutral (CIEDE2000's convention). */
const hueAngle = (b: number, a: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / RADIANS + 360) % 360);

/**
 * CIEDE2000 colour difference of two Lab colours (kL = kC = kH = 1), as Sharma, Wu and Dalal
 * (2005) give it, so it agrees with their test data to four decimals. About 1 is the smallest
 * difference a person notices side by side; plain Euclidean Lab distance (CIE76) overstates
 * differences between saturated colours and understates them among blues and greys.
 */
export function deltaE2000(x: Lab, y: Lab): number {
  const cBar = (Math.hypot(x.a, x.b) + Math.hypot(y.a, y.b)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + POW25_7)));
  const a1 = (1 + g) * x.a;
  const a2 = (1 + g) * y.a;
  const c1 = Math.hypot(a1, x.b);
  const c2 = Math.hypot(a2, y.b);
  const h1 = hueAngle(x.b, a1);
  const h2 = hueAngle(y.b, a2);
  const neutral = c1 * c2 === 0;
  let dh = neutral ? 0 : h2 - h1;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dL = y.l - x.l;
  const dC = c2 - c1;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh / 2) * RADIANS);
  const lBar = (x.l + y.l) / 2;
  const cBarP = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (!neutral) hBar = Math.abs(h1 - h2) <= 180 ? hBar / 2 : (hBar + (hBar < 360 ? 360 : -360)) / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * RADIANS) +
    0.24 * Math.cos(2 * hBar * RADIANS) +
    0.32 * Math.cos((3 * hBar + 6) * RADIANS) -
    0.2 * Math.cos((4 * hBar - 63) * RADIANS);
  const rotation = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(cBarP ** 7 / (cBarP ** 7 + POW25_7));
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cBarP;
  const sH = 1 + 0.015 * cBarP * t;
  const rT = -Math.sin(2 * rotation * RADIANS) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** CIEDE2000 difference of two sRGB colours (see deltaE2000); 10 is two colours of one family, plainly told apart. */
export function deltaE(a: Rgb, b: Rgb): number {
  return deltaE2000(rgbToLab(a), rgbToLab(b));
}
