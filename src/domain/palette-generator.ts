/**
 * The palettes the Design screen generates (seed 001 §3's palette modes Presets, From Color and
 * From Image): five swatches, lightest first, from a seed colour or from an image's pixels. A seed
 * colour is always the bright swatch, exactly; without one the generators start from seed 001 §9's
 * salmon. Pure, so the server (an uploaded image) and the Design screen (a picked colour) agree.
 */
import { FALLBACK_PALETTE_SEED, type PALETTE_PRESETS } from './palette';
import { labToRgb, type Lab, paletteValueFromHex, rgbToLab, rgbToPaletteValue } from './palette-color';

export type PalettePreset = (typeof PALETTE_PRESETS)[number];

type Swatch = ReturnType<typeof rgbToPaletteValue>;
/** The five swatches, lightest first: the document's `Swatches` (src/document/design.ts), which src/domain does not import. */
export type PaletteSwatches = Record<'lightest' | 'light' | 'bright' | 'dark' | 'darkest', Swatch>;
/** A value for each generated swatch (the seed is the bright one). */
type Generated = { lightest: number; light: number; dark: number; darkest: number };

/**
 * Each preset's hues from the seed's: Monochrome keeps it, Complementary turns the dark and the
 * darkest to the opposite hue, Analogous I and II give the light and the dark the hues 30 and 60
 * degrees either side. A grey seed (saturation 0) gives greys whatever the preset: there is no hue
 * to turn.
 */
const PRESET_HUES: Record<PalettePreset, (hue: number) => Generated> = {
  Monochrome: (h) => ({ lightest: h, light: h, dark: h, darkest: h }),
  Complementary: (h) => ({ lightest: h, light: h, dark: h + 180, darkest: h + 180 }),
  'Analogous I': (h) => ({ lightest: h, light: h + 30, dark: h - 30, darkest: h }),
  'Analogous II': (h) => ({ lightest: h, light: h + 60, dark: h - 60, darkest: h }),
};

/** The presets' saturations: light and dark the seed's own, lightest and darkest capped so they read as paper and ink. */
const presetSaturations = (s: number): Generated => ({ lightest: Math.min(s, 40), light: s, dark: s, darkest: Math.min(s, 30) });

/**
 * The HSL lightness of the generated swatches around a seed of lightness `l`, ordered and never
 * crossing the seed: lightest >= 96, light >= 88, dark <= 20, darkest <= 8, moving further out
 * when the seed itself is near white or near black.
 *
 * These bounds are what makes every colour theme read (PALETTE_COLOR_THEMES through
 * derivePaletteColors, 4.5:1) whatever the hue and saturation. The worst cases are fully saturated:
 * a yellow dark (luminance 0.12) against a blue lightest (0.84) is 5.1:1, and a yellow darkest
 * (0.02) against a blue light (0.57) 8.8:1; everything else in a theme is a safe colour that
 * derivePaletteColors picks from these. A dark of lightness 25 in yellow would be 3.6:1.
 */
function lightnesses(l: number): Generated {
  const light = Math.max(88, l + (100 - l) / 2);
  const dark = Math.min(20, l * 0.6);
  return { lightest: Math.max(96, light + (100 - light) * 0.6), light, dark, darkest: Math.min(8, dark * 0.55) };
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function seedSwatch(seed: string): Swatch {
  if (!HEX.test(seed)) throw new RangeError(`a palette seed must be a #rgb or #rrggbb colour, not ${JSON.stringify(seed)}`);
  return paletteValueFromHex(seed);
}

function swatchesAround(bright: Swatch, hues: Generated, saturations: Generated): PaletteSwatches {
  const lightness = lightnesses(bright.lightness);
  // The presets turn hues at most a half turn either way: one wrap brings them back to 0-360.
  const hue = (h: number) => (h < 0 ? h + 360 : h >= 360 ? h - 360 : h);
  const swatch = (key: keyof Generated): Swatch => ({
    userFormat: 'hex',
    hue: hue(hues[key]),
    saturation: saturations[key],
    lightness: lightness[key],
    alpha: 1,
  });
  return { lightest: swatch('lightest'), light: swatch('light'), bright, dark: swatch('dark'), darkest: swatch('darkest') };
}

/** A preset's swatches (mode Presets) from a #rgb or #rrggbb seed; without one, from the fallback salmon (seed 001 §9). */
export function paletteFromPreset(preset: PalettePreset, seed: string = FALLBACK_PALETTE_SEED): PaletteSwatches {
  const bright = seedSwatch(seed);
  return swatchesAround(bright, PRESET_HUES[preset](bright.hue), presetSaturations(bright.saturation));
}

/**
 * Mode From Color: tints and shades of the seed in its own hue, like Monochrome but quieter — the
 * light and the dark at 70% of the seed's saturation, the lightest and the darkest at 30% — so the
 * seed stays the one vivid colour of the palette.
 */
export function paletteFromColor(seed: string): PaletteSwatches {
  const bright = seedSwatch(seed);
  const s = bright.saturation;
  return swatchesAround(bright, PRESET_HUES.Monochrome(bright.hue), { lightest: s * 0.3, light: s * 0.7, dark: s * 0.7, darkest: s * 0.3 });
}

/** Distinct colours of an image, as CIELAB points with how much of the image each covers. */
type Points = { lab: Float64Array; weight: Float64Array; count: number };

/**
 * The image's distinct colours, each weighted by its pixels' opacity (a half-transparent edge pixel
 * counts half, a fully transparent one not at all), sorted by colour so that the clustering does
 * not depend on where in the image a colour appears.
 */
function distinctColours(pixels: Uint8Array, channels: 3 | 4): Points {
  const weights = new Map<number, number>();
  for (let i = 0; i + channels <= pixels.length; i += channels) {
    const opacity = channels === 4 ? pixels[i + 3]! / 255 : 1;
    if (opacity === 0) continue;
    const key = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
    weights.set(key, (weights.get(key) ?? 0) + opacity);
  }
  const keys = [...weights.keys()].sort((a, b) => a - b);
  const lab = new Float64Array(keys.length * 3);
  const weight = new Float64Array(keys.length);
  keys.forEach((key, i) => {
    const c = rgbToLab({ r: key >> 16, g: (key >> 8) & 255, b: key & 255 });
    lab.set([c.l, c.a, c.b], i * 3);
    weight[i] = weights.get(key)!;
  });
  return { lab, weight, count: keys.length };
}

const squaredDistance = (p: Float64Array, i: number, c: Float64Array, j: number) =>
  (p[i * 3]! - c[j * 3]!) ** 2 + (p[i * 3 + 1]! - c[j * 3 + 1]!) ** 2 + (p[i * 3 + 2]! - c[j * 3 + 2]!) ** 2;

/** The index of the point where `target` falls in the running sum of `mass`. */
function pick(mass: Float64Array, target: number): number {
  let sum = 0;
  for (let i = 0; i < mass.length; i++) {
    sum += mass[i]!;
    if (sum > target) return i;
  }
  return mass.length - 1;
}

/**
 * k-means++ seeding: the first centre drawn by weight, each next one by weight times squared
 * distance to the nearest centre so far, so distinct colours each tend to get a centre. Fewer than
 * `k` centres when the image has fewer distinct colours.
 */
function seedCentres(points: Points, k: number, random: () => number): Float64Array {
  const centres: number[] = [];
  const nearest = new Float64Array(points.count).fill(Number.POSITIVE_INFINITY);
  const mass = new Float64Array(points.count);
  let total = points.weight.reduce((a, b) => a + b, 0);
  let next = pick(points.weight, random() * total);
  while (centres.length < k) {
    centres.push(next);
    total = 0;
    for (let i = 0; i < points.count; i++) {
      nearest[i] = Math.min(nearest[i]!, squaredDistance(points.lab, i, points.lab, next));
      mass[i] = points.weight[i]! * nearest[i]!;
      total += mass[i]!;
    }
    if (total === 0) break;
    next = pick(mass, random() * total);
  }
  return Float64Array.from(centres.flatMap((i) => [points.lab[i * 3]!, points.lab[i * 3 + 1]!, points.lab[i * 3 + 2]!]));
}

const MAX_ITERATIONS = 50;
/** Centres moving less than this on every Lab axis have settled: far below a just-noticeable difference (about 2.3). */
const SETTLED = 0.05;

/**
 * Lloyd's iterations from k-means++ centres, in CIELAB: Euclidean Lab distance, which the weighted
 * mean minimises (CIEDE2000 has no such mean). Answers the centres and their weighted squared error.
 */
function kMeans(points: Points, k: number, random: () => number): { centres: Float64Array; cost: number } {
  const centres = seedCentres(points, k, random);
  const m = centres.length / 3;
  const { lab, weight } = points;
  let cost = 0;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    cost = 0;
    const sums = new Float64Array(m * 3);
    const weights = new Float64Array(m);
    for (let i = 0; i < points.count; i++) {
      const l = lab[i * 3]!;
      const a = lab[i * 3 + 1]!;
      const b = lab[i * 3 + 2]!;
      let best = 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let j = 0; j < m; j++) {
        const dl = l - centres[j * 3]!;
        const da = a - centres[j * 3 + 1]!;
        const db = b - centres[j * 3 + 2]!;
        const d = dl * dl + da * da + db * db;
        if (d < bestDistance) {
          best = j;
          bestDistance = d;
        }
      }
      const w = weight[i]!;
      cost += w * bestDistance;
      weights[best]! += w;
      sums[best * 3]! += w * l;
      sums[best * 3 + 1]! += w * a;
      sums[best * 3 + 2]! += w * b;
    }
    let shift = 0;
    for (let j = 0; j < m; j++) {
      // A centre left with no colour keeps its place; with k-means++ seeding on real colours this is rare.
      if (weights[j] === 0) continue;
      for (let c = 0; c < 3; c++) {
        const next = sums[j * 3 + c]! / weights[j]!;
        shift = Math.max(shift, Math.abs(next - centres[j * 3 + c]!));
        centres[j * 3 + c] = next;
      }
    }
    if (shift < SETTLED) break;
  }
  return { centres, cost };
}

/** Mulberry32: a small, fast generator, seeded so the same image always gives the same palette. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SWATCH_COUNT = 5;
/** k-means can settle with two centres in one colour and two colours under one centre: the best of a few seedings is kept. */
const RESTARTS = 4;
const RANDOM_SEED = 0x5eed;

/**
 * Mode From Image: the five main colours of an image's pixels (RGB or RGBA, 8 bits a channel; a
 * Node Buffer is a Uint8Array), found by k-means in CIELAB, lightest first by L* (perceived
 * lightness, which is what lets the lightest serve as a background and the darkest as text). Their
 * HSL lightness, unlike the presets', may then not descend. An image of fewer than five distinct
 * colours repeats them in that order; one with no visible pixel gives the From Color palette of the
 * fallback salmon (seed 001 §9), as there is no colour to start from.
 */
export function paletteFromPixels(pixels: Uint8Array, channels: 3 | 4): PaletteSwatches {
  const points = distinctColours(pixels, channels);
  if (points.count === 0) return paletteFromColor(FALLBACK_PALETTE_SEED);
  const random = seededRandom(RANDOM_SEED);
  let best = kMeans(points, SWATCH_COUNT, random);
  for (let run = 1; run < RESTARTS; run++) {
    const other = kMeans(points, SWATCH_COUNT, random);
    if (other.cost < best.cost) best = other;
  }
  const colours: Lab[] = [];
  for (let j = 0; j < best.centres.length; j += 3) colours.push({ l: best.centres[j]!, a: best.centres[j + 1]!, b: best.centres[j + 2]! });
  colours.sort((x, y) => y.l - x.l);
  const [lightest, light, bright, dark, darkest] = Array.from({ length: SWATCH_COUNT }, (_, i) =>
    rgbToPaletteValue(labToRgb(colours[Math.floor((i * colours.length) / SWATCH_COUNT)]!)),
  ) as [Swatch, Swatch, Swatch, Swatch, Swatch];
  return { lightest, light, bright, dark, darkest };
}
