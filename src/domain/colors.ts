/**
 * Colour strings of seed 000 §5: which custom colour strings are accepted (3- or 6-digit hex, rgb,
 * rgba, hsl, hsla, hwb and keywords) and their clamping. A colour string that passes is rewritten
 * by `normalizeColor` into one canonical form, which is what the document stores and CSS receives,
 * so no owner text reaches a stylesheet unparsed.
 */

export const COLOR_FORMATS = ['hex', 'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'keyword'] as const;
export type ColorFormat = (typeof COLOR_FORMATS)[number];

export type Color =
  | { format: 'hex'; hex: string }
  | { format: 'rgb'; r: number; g: number; b: number }
  | { format: 'rgba'; r: number; g: number; b: number; a: number }
  | { format: 'hsl'; h: number; s: number; l: number }
  | { format: 'hsla'; h: number; s: number; l: number; a: number }
  | { format: 'hwb'; h: number; w: number; b: number; a?: number }
  | { format: 'keyword'; keyword: string };

/** CSS Color 4 named colours, each with its sRGB channels. */
export const KEYWORD_RGB: Readonly<Record<string, readonly [r: number, g: number, b: number]>> = {
  aliceblue: [240, 248, 255],
  antiquewhite: [250, 235, 215],
  aqua: [0, 255, 255],
  aquamarine: [127, 255, 212],
  azure: [240, 255, 255],
  beige: [245, 245, 220],
  bisque: [255, 228, 196],
  black: [0, 0, 0],
  blanchedalmond: [255, 235, 205],
  blue: [0, 0, 255],
  blueviolet: [138, 43, 226],
  brown: [165, 42, 42],
  burlywood: [222, 184, 135],
  cadetblue: [95, 158, 160],
  chartreuse: [127, 255, 0],
  chocolate: [210, 105, 30],
  coral: [255, 127, 80],
  cornflowerblue: [100, 149, 237],
  cornsilk: [255, 248, 220],
  crimson: [220, 20, 60],
  cyan: [0, 255, 255],
  darkblue: [0, 0, 139],
  darkcyan: [0, 139, 139],
  darkgoldenrod: [184, 134, 11],
  darkgray: [169, 169, 169],
  darkgreen: [0, 100, 0],
  darkgrey: [169, 169, 169],
  darkkhaki: [189, 183, 107],
  darkmagenta: [139, 0, 139],
  darkolivegreen: [85, 107, 47],
  darkorange: [255, 140, 0],
  darkorchid: [153, 50, 204],
  darkred: [139, 0, 0],
  darksalmon: [233, 150, 122],
  darkseagreen: [143, 188, 143],
  darkslateblue: [72, 61, 139],
  darkslategray: [47, 79, 79],
  darkslategrey: [47, 79, 79],
  darkturquoise: [0, 206, 209],
  darkviolet: [148, 0, 211],
  deeppink: [255, 20, 147],
  deepskyblue: [0, 191, 255],
  dimgray: [105, 105, 105],
  dimgrey: [105, 105, 105],
  dodgerblue: [30, 144, 255],
  firebrick: [178, 34, 34],
  floralwhite: [255, 250, 240],
  forestgreen: [34, 139, 34],
  fuchsia: [255, 0, 255],
  gainsboro: [220, 220, 220],
  ghostwhite: [248, 248, 255],
  gold: [255, 215, 0],
  goldenrod: [218, 165, 32],
  gray: [128, 128, 128],
  green: [0, 128, 0],
  greenyellow: [173, 255, 47],
  grey: [128, 128, 128],
  honeydew: [240, 255, 240],
  hotpink: [255, 105, 180],
  indianred: [205, 92, 92],
  indigo: [75, 0, 130],
  ivory: [255, 255, 240],
  khaki: [240, 230, 140],
  lavender: [230, 230, 250],
  lavenderblush: [255, 240, 245],
  lawngreen: [124, 252, 0],
  lemonchiffon: [255, 250, 205],
  lightblue: [173, 216, 230],
  lightcoral: [240, 128, 128],
  lightcyan: [224, 255, 255],
  lightgoldenrodyellow: [250, 250, 210],
  lightgray: [211, 211, 211],
  lightgreen: [144, 238, 144],
  lightgrey: [211, 211, 211],
  lightpink: [255, 182, 193],
  lightsalmon: [255, 160, 122],
  lightseagreen: [32, 178, 170],
  lightskyblue: [135, 206, 250],
  lightslategray: [119, 136, 153],
  lightslategrey: [119, 136, 153],
  lightsteelblue: [176, 196, 222],
  lightyellow: [255, 255, 224],
  lime: [0, 255, 0],
  limegreen: [50, 205, 50],
  linen: [250, 240, 230],
  magenta: [255, 0, 255],
  maroon: [128, 0, 0],
  mediumaquamarine: [102, 205, 170],
  mediumblue: [0, 0, 205],
  mediumorchid: [186, 85, 211],
  mediumpurple: [147, 112, 219],
  mediumseagreen: [60, 179, 113],
  mediumslateblue: [123, 104, 238],
  mediumspringgreen: [0, 250, 154],
  mediumturquoise: [72, 209, 204],
  mediumvioletred: [199, 21, 133],
  midnightblue: [25, 25, 112],
  mintcream: [245, 255, 250],
  mistyrose: [255, 228, 225],
  moccasin: [255, 228, 181],
  navajowhite: [255, 222, 173],
  navy: [0, 0, 128],
  oldlace: [253, 245, 230],
  olive: [128, 128, 0],
  olivedrab: [107, 142, 35],
  orange: [255, 165, 0],
  orangered: [255, 69, 0],
  orchid: [218, 112, 214],
  palegoldenrod: [238, 232, 170],
  palegreen: [152, 251, 152],
  paleturquoise: [175, 238, 238],
  palevioletred: [219, 112, 147],
  papayawhip: [255, 239, 213],
  peachpuff: [255, 218, 185],
  peru: [205, 133, 63],
  pink: [255, 192, 203],
  plum: [221, 160, 221],
  powderblue: [176, 224, 230],
  purple: [128, 0, 128],
  rebeccapurple: [102, 51, 153],
  red: [255, 0, 0],
  rosybrown: [188, 143, 143],
  royalblue: [65, 105, 225],
  saddlebrown: [139, 69, 19],
  salmon: [250, 128, 114],
  sandybrown: [244, 164, 96],
  seagreen: [46, 139, 87],
  seashell: [255, 245, 238],
  sienna: [160, 82, 45],
  silver: [192, 192, 192],
  skyblue: [135, 206, 235],
  slateblue: [106, 90, 205],
  slategray: [112, 128, 144],
  slategrey: [112, 128, 144],
  snow: [255, 250, 250],
  springgreen: [0, 255, 127],
  steelblue: [70, 130, 180],
  tan: [210, 180, 140],
  teal: [0, 128, 128],
  thistle: [216, 191, 216],
  tomato: [255, 99, 71],
  turquoise: [64, 224, 208],
  violet: [238, 130, 238],
  wheat: [245, 222, 179],
  white: [255, 255, 255],
  whitesmoke: [245, 245, 245],
  yellow: [255, 255, 0],
  yellowgreen: [154, 205, 50],
};

/** The named colours, plus transparent and currentcolor. */
export const COLOR_KEYWORDS: ReadonlySet<string> = new Set([...Object.keys(KEYWORD_RGB), 'transparent', 'currentcolor']);

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const FUNCTION = /^(rgba?|hsla?|hwb)\(\s*([^()]*?)\s*\)$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Keeps stored numbers short: three decimals is below anything a screen shows. */
function tidy(n: number): number {
  return Math.round(n * 1000) / 1000 || 0;
}

function number(text: string): number | undefined {
  return NUMBER.test(text) ? Number(text) : undefined;
}

function percent(text: string): number | undefined {
  return text.endsWith('%') ? number(text.slice(0, -1)) : undefined;
}

/** An rgb channel: a number, or a percentage of 255; clamped to 0–255 (seed 000 §5). */
function channel(text: string): number | undefined {
  const p = percent(text);
  const n = p === undefined ? number(text) : (p * 255) / 100;
  return n === undefined ? undefined : Math.round(clamp(n, 0, 255));
}

/** Alpha: a number or a percentage, clamped to 0–1 (seed 000 §5). */
function alpha(text: string): number | undefined {
  const p = percent(text);
  const n = p === undefined ? number(text) : p / 100;
  return n === undefined ? undefined : tidy(clamp(n, 0, 1));
}

/** Hue in degrees (a bare number or with 'deg'), brought into 0–360. */
function hue(text: string): number | undefined {
  const n = number(text.toLowerCase().endsWith('deg') ? text.slice(0, -3) : text);
  return n === undefined ? undefined : tidy(((n % 360) + 360) % 360);
}

function share(text: string): number | undefined {
  const p = percent(text);
  return p === undefined ? undefined : tidy(clamp(p, 0, 100));
}

/** Splits the arguments in both CSS syntaxes: 'a, b, c[, d]' and 'a b c[ / d]'. */
function splitArguments(inner: string): { values: string[]; alpha?: string } | undefined {
  if (inner.includes(',')) {
    if (inner.includes('/')) return undefined;
    const parts = inner.split(',').map((p) => p.trim());
    return parts.length === 4 ? { values: parts.slice(0, 3), alpha: parts[3] as string } : { values: parts };
  }
  const [main = '', slashAlpha, ...extra] = inner.split('/').map((p) => p.trim());
  if (extra.length > 0) return undefined;
  const values = main.split(/\s+/);
  return slashAlpha === undefined ? { values } : { values, alpha: slashAlpha };
}

function parseFunction(name: string, inner: string): Color | undefined {
  const args = splitArguments(inner);
  if (!args || args.values.length !== 3 || args.values.some((v) => v === '')) return undefined;
  const [x = '', y = '', z = ''] = args.values;
  const a = args.alpha === undefined ? undefined : alpha(args.alpha);
  if (args.alpha !== undefined && a === undefined) return undefined;
  // Seed 000 §5: rgba and hsla need an alpha, rgb and hsl must not have one; hwb may.
  const wantsAlpha = name === 'rgba' || name === 'hsla';
  if (name !== 'hwb' && wantsAlpha !== (a !== undefined)) return undefined;
  if (name === 'rgb' || name === 'rgba') {
    const [r, g, b] = [channel(x), channel(y), channel(z)];
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return a === undefined ? { format: 'rgb', r, g, b } : { format: 'rgba', r, g, b, a };
  }
  const h = hue(x);
  const [p, q] = [share(y), share(z)];
  if (h === undefined || p === undefined || q === undefined) return undefined;
  if (name === 'hwb') return a === undefined ? { format: 'hwb', h, w: p, b: q } : { format: 'hwb', h, w: p, b: q, a };
  return a === undefined ? { format: 'hsl', h, s: p, l: q } : { format: 'hsla', h, s: p, l: q, a };
}

/** Parses a colour string of seed 000 §5 with its values clamped, or undefined when it is not one. */
export function parseColor(input: string): Color | undefined {
  const text = input.trim();
  if (HEX.test(text)) return { format: 'hex', hex: text.toLowerCase() };
  const lower = text.toLowerCase();
  if (COLOR_KEYWORDS.has(lower)) return { format: 'keyword', keyword: lower };
  const match = FUNCTION.exec(text);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return parseFunction(match[1].toLowerCase(), match[2]);
}

/** The canonical CSS text of a parsed colour. */
export function formatColor(color: Color): string {
  switch (color.format) {
    case 'hex':
      return color.hex;
    case 'keyword':
      return color.keyword;
    case 'rgb':
      return `rgb(${color.r}, ${color.g}, ${color.b})`;
    case 'rgba':
      return `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a})`;
    case 'hsl':
      return `hsl(${color.h}, ${color.s}%, ${color.l}%)`;
    case 'hsla':
      return `hsla(${color.h}, ${color.s}%, ${color.l}%, ${color.a})`;
    case 'hwb':
      return `hwb(${color.h} ${color.w}% ${color.b}%${color.a === undefined ? '' : ` / ${color.a}`})`;
  }
}

export function isValidColor(input: string): boolean {
  return parseColor(input) !== undefined;
}

/** The accepted colour string in canonical, clamped form, or undefined when it is not accepted. */
export function normalizeColor(input: string): string | undefined {
  const color = parseColor(input);
  return color && formatColor(color);
}
