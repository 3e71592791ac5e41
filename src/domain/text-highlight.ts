/**
 * Text highlight of seed 001 (§3 settings and defaults, §4 behaviour, §9 timings): the settings an
 * owner gives a highlighted run of words, what each setting may hold, and the shapes drawn over
 * the words. Pure and free of libraries, so the site document's schema (src/document/text-highlight.ts),
 * the text block's view and editor, and the small island that animates highlights share it.
 *
 * A shape is drawn in a 100 × 100 box stretched over the words (preserveAspectRatio none) with a
 * stroke that does not stretch (vector-effect non-scaling-stroke), so a stroke keeps its thickness
 * however long the words are. Strokes run left to right: drawing "right" reveals a stroke from its
 * start, "left" from its end.
 */

/** Seed 001 §3: the settings, in the seed's order. */
export const HIGHLIGHT_SETTINGS = [
  'shape',
  'color',
  'thickness',
  'linecap',
  'blend',
  'opacity',
  'animation',
  'direction',
  'duration',
  'isAnimationEnabled',
] as const;

/** Seed 001 §3: the shapes. */
export const HIGHLIGHT_SHAPES = [
  'circle',
  'cross',
  'enclose',
  'jagged',
  'marker',
  'scribble',
  'strike',
  'strikeDiagonal',
  'underline',
  'underlineCurve',
  'underlineDouble',
  'wave',
] as const;
export type HighlightShape = (typeof HIGHLIGHT_SHAPES)[number];

/** Seed 001 §3: the animations. */
export const HIGHLIGHT_ANIMATIONS = ['draw', 'fade', 'fadeScale'] as const;
export type HighlightAnimation = (typeof HIGHLIGHT_ANIMATIONS)[number];

/** Which way a drawn stroke goes: "right" draws from the left edge towards the right. */
export const HIGHLIGHT_DIRECTIONS = ['left', 'right'] as const;
export type HighlightDirection = (typeof HIGHLIGHT_DIRECTIONS)[number];

/** SVG's stroke-linecap values. */
export const HIGHLIGHT_LINECAPS = ['butt', 'round', 'square'] as const;
export type HighlightLinecap = (typeof HIGHLIGHT_LINECAPS)[number];

/** "none", or one of CSS's mix-blend-mode values other than normal (which is none). */
export const HIGHLIGHT_BLENDS = [
  'none',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
] as const;
export type HighlightBlend = (typeof HIGHLIGHT_BLENDS)[number];

/**
 * The theme's colours a highlight may name (the site stylesheet's --color-* variables,
 * src/document/theme.ts), so a highlight follows the theme when it changes.
 */
export const HIGHLIGHT_THEME_COLORS = ['accent', 'ink', 'muted', 'dark', 'light', 'paper'] as const;
export type HighlightThemeColor = (typeof HIGHLIGHT_THEME_COLORS)[number];

/** The text's own colour (seed 001 §3: the default). */
export const CURRENT_COLOR = 'currentColor';

/** A custom colour: #rgb or #rrggbb, nothing else (it is written into an SVG attribute). */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `currentColor`, a theme colour's name, or a custom #rgb / #rrggbb. */
export type HighlightColor = string;

export function isHighlightColor(value: string): boolean {
  return value === CURRENT_COLOR || (HIGHLIGHT_THEME_COLORS as readonly string[]).includes(value) || HEX_COLOR.test(value);
}

/** Stroke thickness: a number of em (relative to the words' size) or px, within these bounds. */
export const HIGHLIGHT_THICKNESS_LIMITS = { em: { min: 0.01, max: 1 }, px: { min: 0.5, max: 32 } } as const;
const THICKNESS = /^(\d{1,2}(?:\.\d{1,3})?|\.\d{1,3})(em|px)$/;

export function isHighlightThickness(value: string): boolean {
  const found = THICKNESS.exec(value);
  if (!found) return false;
  const limits = HIGHLIGHT_THICKNESS_LIMITS[found[2] as 'em' | 'px'];
  const n = Number(found[1]);
  return n >= limits.min && n <= limits.max;
}

/** Opacity of the shape, and the animation's duration in seconds: the bounds an owner may give. */
export const HIGHLIGHT_OPACITY_LIMITS = { min: 0.1, max: 1 } as const;
export const HIGHLIGHT_DURATION_LIMITS_S = { min: 0.1, max: 10 } as const;

export type HighlightSettings = {
  shape: HighlightShape;
  color: HighlightColor;
  thickness: string;
  linecap: HighlightLinecap;
  blend: HighlightBlend;
  opacity: number;
  animation: HighlightAnimation;
  direction: HighlightDirection;
  /** Seconds. */
  duration: number;
  isAnimationEnabled: boolean;
};

/** Seed 001 §3 defaults (opacity, which the seed leaves out, is full; animation is on). */
export const HIGHLIGHT_DEFAULTS: Readonly<HighlightSettings> = {
  shape: 'wave',
  color: CURRENT_COLOR,
  thickness: '0.06em',
  linecap: 'square',
  blend: 'none',
  opacity: 1,
  animation: 'draw',
  direction: 'right',
  duration: 0.75,
  isAnimationEnabled: true,
};

/** Seed 001 §4, §9: the animation starts this long after the words become visible. */
export const HIGHLIGHT_START_DELAY_MS = 250;
/**
 * Seed 001 §9: the animation watch. A highlight waiting for its animation is hidden; if no script
 * has taken it over by then (the island failed to load), the page's stylesheet shows it drawn.
 */
export const HIGHLIGHT_WATCH_MS = 2000;
/** Seed 001 §9: a stroke's tween lasts between 20% and 100% of the configured duration. */
export const HIGHLIGHT_TWEEN_CLAMP = { min: 0.2, max: 1 } as const;
/** fadeScale starts at half size (seed 001 §4). */
export const HIGHLIGHT_FADE_SCALE_FROM = 0.5;

/**
 * How long each stroke of a shape draws, in ms, when the strokes draw one after another: its share
 * of the shape's whole length of the configured duration, clamped to 20%–100% of it. A shape of
 * one stroke takes the configured duration.
 */
export function tweenDurations(durationS: number, lengths: readonly number[]): number[] {
  const total = lengths.reduce((sum, l) => sum + Math.max(0, l), 0);
  const ms = durationS * 1000;
  return lengths.map((l) => {
    const share = total > 0 ? Math.max(0, l) / total : 1 / lengths.length;
    return ms * Math.min(HIGHLIGHT_TWEEN_CLAMP.max, Math.max(HIGHLIGHT_TWEEN_CLAMP.min, share));
  });
}

/** A polyline's length: a stroke's points (sampled in the 100 × 100 box) measured once the box is stretched to `width` × `height`. */
export function stretchedLength(points: readonly (readonly [number, number])[], width: number, height: number): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    length += Math.hypot(((x1 - x0) * width) / 100, ((y1 - y0) * height) / 100);
  }
  return length;
}

/**
 * Where a shape's box lies: over the words (`text`), or around them with room to spare (`around`:
 * circle and enclose); `behind` the words for the marker, which covers them.
 */
export type HighlightBox = 'text' | 'around' | 'behind';

export type HighlightGeometry = { box: HighlightBox; strokes: string[] };

const round = (n: number) => Math.round(n * 100) / 100;

/** A zigzag or wave's repeats: more for longer words, so it keeps its look (two characters a repeat). */
export function repeatsFor(characters: number): number {
  return Math.min(40, Math.max(3, Math.ceil(characters / 2)));
}

function wave(repeats: number, y: number, amplitude: number): string {
  const step = 100 / repeats;
  let d = `M0 ${y}`;
  for (let i = 0; i < repeats; i++) {
    const x = i * step;
    d += ` Q${round(x + step / 4)} ${y - amplitude} ${round(x + step / 2)} ${y} T${round(x + step)} ${y}`;
  }
  return d;
}

function zigzag(repeats: number, low: number, high: number): string {
  const step = 100 / repeats;
  let d = `M0 ${low}`;
  for (let i = 0; i < repeats; i++) d += ` L${round(i * step + step / 2)} ${high} L${round((i + 1) * step)} ${low}`;
  return d;
}

/** A scribble over the words: strokes up and down, leaning forward, overlapping. */
function scribble(repeats: number): string {
  const step = 100 / repeats;
  let d = 'M0 70';
  for (let i = 0; i < repeats; i++) d += ` L${round(i * step + step * 0.8)} 22 L${round((i + 1) * step)} 78`;
  return d;
}

/**
 * The strokes of `shape` over words of `characters` characters, each an SVG path in the 100 × 100
 * box, drawn left to right (circle: clockwise from the left).
 */
export function highlightGeometry(shape: HighlightShape, characters: number): HighlightGeometry {
  const repeats = repeatsFor(characters);
  switch (shape) {
    case 'circle':
      return { box: 'around', strokes: ['M4 58 C2 24 30 5 54 5 C82 5 98 24 97 50 C96 78 72 95 47 95 C20 95 3 76 8 40'] };
    case 'cross':
      return { box: 'text', strokes: ['M0 12 L100 88', 'M0 88 L100 12'] };
    case 'enclose':
      return { box: 'around', strokes: ['M0 0 L100 0 L100 100 L0 100 Z'] };
    case 'jagged':
      return { box: 'text', strokes: [zigzag(repeats, 98, 86)] };
    case 'marker':
      return { box: 'behind', strokes: ['M0 56 L100 56'] };
    case 'scribble':
      return { box: 'text', strokes: [scribble(repeats)] };
    case 'strike':
      return { box: 'text', strokes: ['M0 55 L100 55'] };
    case 'strikeDiagonal':
      return { box: 'text', strokes: ['M0 88 L100 16'] };
    case 'underline':
      return { box: 'text', strokes: ['M0 94 L100 94'] };
    case 'underlineCurve':
      return { box: 'text', strokes: ['M0 96 C30 84 70 84 100 92'] };
    case 'underlineDouble':
      return { box: 'text', strokes: ['M0 88 L100 88', 'M0 99 L100 99'] };
    case 'wave':
      return { box: 'text', strokes: [wave(repeats, 94, 7)] };
  }
}

/** The marker's band: as thick as most of a line of text, whatever the thickness setting (which sets every other shape's stroke). */
export const MARKER_STROKE_WIDTH = '0.9em';
/** The marker covers its words, so it shows at this share of its opacity: the words stay readable in the text's own colour. */
export const MARKER_OPACITY = 0.35;

/** The stroke width a shape is drawn with. */
export function strokeWidth(settings: Pick<HighlightSettings, 'shape' | 'thickness'>): string {
  return settings.shape === 'marker' ? MARKER_STROKE_WIDTH : settings.thickness;
}

/** The shape's opacity as drawn. */
export function drawnOpacity(settings: Pick<HighlightSettings, 'shape' | 'opacity'>): number {
  return round((settings.shape === 'marker' ? MARKER_OPACITY : 1) * settings.opacity);
}

/** The line ends drawn: the marker's band ends flat (square caps would run half its thickness past its words). */
export function drawnLinecap(settings: Pick<HighlightSettings, 'shape' | 'linecap'>): HighlightLinecap {
  return settings.shape === 'marker' ? 'butt' : settings.linecap;
}
