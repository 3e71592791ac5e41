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

/** CSS Color 4 named colours, plus transparent and currentcolor. */
export const COLOR_KEYWORDS: ReadonlySet<string> = new Set([
  'aliceblue',
  'antiquewhite',
  'aqua',
  'aquamarine',
  'azure',
  'beige',
  'bisque',
  'black',
  'blanchedalmond',
  'blue',
  'blueviolet',
  'brown',
  'burlywood',
  'cadetblue',
  'chartreuse',
  'chocolate',
  'coral',
  'cornflowerblue',
  'cornsilk',
  'crimson',
  'cyan',
  'darkblue',
  'darkcyan',
  'darkgoldenrod',
  'darkgray',
  'darkgreen',
  'darkgrey',
  'darkkhaki',
  'darkmagenta',
  'darkolivegreen',
  'darkorange',
  'darkorchid',
  'darkred',
  'darksalmon',
  'darkseagreen',
  'darkslateblue',
  'darkslategray',
  'darkslategrey',
  'darkturquoise',
  'darkviolet',
  'deeppink',
  'deepskyblue',
  'dimgray',
  'dimgrey',
  'dodgerblue',
  'firebrick',
  'floralwhite',
  'forestgreen',
  'fuchsia',
  'gainsboro',
  'ghostwhite',
  'gold',
  'goldenrod',
  'gray',
  'green',
  'greenyellow',
  'grey',
  'honeydew',
  'hotpink',
  'indianred',
  'indigo',
  'ivory',
  'khaki',
  'lavender',
  'lavenderblush',
  'lawngreen',
  'lemonchiffon',
  'lightblue',
  'lightcoral',
  'lightcyan',
  'lightgoldenrodyellow',
  'lightgray',
  'lightgreen',
  'lightgrey',
  'lightpink',
  'lightsalmon',
  'lightseagreen',
  'lightskyblue',
  'lightslategray',
  'lightslategrey',
  'lightsteelblue',
  'lightyellow',
  'lime',
  'limegreen',
  'linen',
  'magenta',
  'maroon',
  'mediumaquamarine',
  'mediumblue',
  'mediumorchid',
  'mediumpurple',
  'mediumseagreen',
  'mediumslateblue',
  'mediumspringgreen',
  'mediumturquoise',
  'mediumvioletred',
  'midnightblue',
  'mintcream',
  'mistyrose',
  'moccasin',
  'navajowhite',
  'navy',
  'oldlace',
  'olive',
  'olivedrab',
  'orange',
  'orangered',
  'orchid',
  'palegoldenrod',
  'palegreen',
  'paleturquoise',
  'palevioletred',
  'papayawhip',
  'peachpuff',
  'peru',
  'pink',
  'plum',
  'powderblue',
  'purple',
  'rebeccapurple',
  'red',
  'rosybrown',
  'royalblue',
  'saddlebrown',
  'salmon',
  'sandybrown',
  'seagreen',
  'seashell',
  'sienna',
  'silver',
  'skyblue',
  'slateblue',
  'slategray',
  'slategrey',
  'snow',
  'springgreen',
  'steelblue',
  'tan',
  'teal',
  'thistle',
  'tomato',
  'turquoise',
  'violet',
  'wheat',
  'white',
  'whitesmoke',
  'yellow',
  'yellowgreen',
  'transparent',
  'currentcolor',
]);

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
