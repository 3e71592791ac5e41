import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The colour themes are what a palette must make readable; src/domain's code may not import the
// document, but its tests check the domain against it (dependency-cruiser exempts tests likewise).
// eslint-disable-next-line no-restricted-imports
import { PALETTE_COLOR_THEMES, type Swatches, SWATCH_KEYS, type ThemeColorRef } from '../document/design';
import { FALLBACK_PALETTE_SEED, isValidPaletteValue, PALETTE_PRESETS } from './palette';
import {
  contrastRatio,
  deltaE,
  deltaE2000,
  derivePaletteColors,
  hexToRgb,
  labToRgb,
  MIN_CONTRAST,
  paletteValueFromHex,
  paletteValueToHex,
  rgbToLab,
} from './palette-color';
import { paletteFromColor, paletteFromPixels, paletteFromPreset } from './palette-generator';

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const rgbColour = fc.record({ r: fc.integer({ min: 0, max: 255 }), g: fc.integer({ min: 0, max: 255 }), b: fc.integer({ min: 0, max: 255 }) });

const lightnesses = (swatches: Swatches) => SWATCH_KEYS.map((k) => swatches[k].lightness);
const isDescending = (values: number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);

/** The generators a seed colour drives: the four presets and From Color. */
const GENERATORS: [name: string, generate: (seed: string) => Swatches][] = [
  ...PALETTE_PRESETS.map((preset): [string, (seed: string) => Swatches] => [preset, (seed) => paletteFromPreset(preset, seed)]),
  ['From Color', paletteFromColor],
];

describe('palettes from a seed colour', () => {
  it('gives each preset from #1d5c4d as valid palette values, lightest to darkest, the seed as the bright swatch', () => {
    for (const [name, generate] of GENERATORS) {
      const swatches = generate('#1d5c4d');
      for (const key of SWATCH_KEYS) expect(isValidPaletteValue(swatches[key]), `${name} ${key}`).toBe(true);
      expect(isDescending(lightnesses(swatches)), name).toBe(true);
      expect(swatches.bright).toEqual(paletteValueFromHex('#1d5c4d'));
      expect(swatches.lightest.lightness).toBeGreaterThanOrEqual(94);
      expect(swatches.light.lightness).toBeGreaterThanOrEqual(85);
      expect(swatches.dark.lightness).toBeLessThanOrEqual(25);
      expect(swatches.darkest.lightness).toBeLessThanOrEqual(14);
    }
  });

  it('turns the hues as each preset says', () => {
    const seedHue = paletteValueFromHex('#1d5c4d').hue;
    const hues = (swatches: Swatches) => SWATCH_KEYS.map((k) => (swatches[k].hue - seedHue + 360) % 360);
    expect(hues(paletteFromPreset('Monochrome', '#1d5c4d'))).toEqual([0, 0, 0, 0, 0]);
    expect(hues(paletteFromPreset('Complementary', '#1d5c4d'))).toEqual([0, 0, 0, 180, 180]);
    expect(hues(paletteFromPreset('Analogous I', '#1d5c4d')).map(Math.round)).toEqual([0, 30, 0, 330, 0]);
    expect(hues(paletteFromPreset('Analogous II', '#1d5c4d')).map(Math.round)).toEqual([0, 60, 0, 300, 0]);
  });

  it('keeps From Color quieter than Monochrome: same hue and lightness, less saturated', () => {
    const mono = paletteFromPreset('Monochrome', '#e4572e');
    const fromColor = paletteFromColor('#e4572e');
    expect(lightnesses(fromColor)).toEqual(lightnesses(mono));
    for (const key of ['lightest', 'light', 'dark', 'darkest'] as const) expect(fromColor[key].saturation).toBeLessThan(mono[key].saturation);
  });

  it('moves the generated swatches further out around a seed near white or near black, in order', () => {
    for (const seed of ['#ffffff', '#fdfdf0', '#000000', '#0a0a14']) {
      for (const [name, generate] of GENERATORS) expect(isDescending(lightnesses(generate(seed))), `${name} ${seed}`).toBe(true);
    }
  });

  // covers 001-9.74
  it('starts from the salmon fallback seed when none is given', () => {
    expect(FALLBACK_PALETTE_SEED).toBe('#fa8072');
    for (const preset of PALETTE_PRESETS) {
      const swatches = paletteFromPreset(preset);
      expect(swatches).toEqual(paletteFromPreset(preset, '#fa8072'));
      expect(paletteValueToHex(swatches.bright)).toBe('#fa8072');
    }
  });

  it('takes #rgb and #rrggbb seeds only', () => {
    expect(paletteFromPreset('Monochrome', '#F80')).toEqual(paletteFromPreset('Monochrome', '#ff8800'));
    for (const seed of ['salmon', 'rgb(250, 128, 114)', '#fa807', '']) expect(() => paletteFromColor(seed)).toThrow(RangeError);
  });

  it('gives palettes whose colour themes all read (4.5:1), whatever the seed', () => {
    const resolve = (colors: ReturnType<typeof derivePaletteColors>, ref: ThemeColorRef) => {
      if (ref.type !== 'SITE_PALETTE_COLOR') throw new Error('the palette themes use palette colours only');
      return colors[ref.sitePaletteColor.id];
    };
    fc.assert(
      fc.property(hexColour, (seed) => {
        for (const [name, generate] of GENERATORS) {
          const swatches = generate(seed);
          expect(paletteValueToHex(swatches.bright)).toBe(seed);
          const colors = derivePaletteColors(swatches);
          const pairs = Object.values(PALETTE_COLOR_THEMES).flatMap((theme) => [
            ...[theme.text, theme.heading, theme.link].map((part): [ThemeColorRef, ThemeColorRef] => [part, theme.background]),
            [theme.buttonText, theme.button] as [ThemeColorRef, ThemeColorRef],
          ]);
          const worst = Math.min(...pairs.map(([a, b]) => contrastRatio(resolve(colors, a), resolve(colors, b))));
          expect(worst, name).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
      }),
      // The extremes of each hue family, where lightness and luminance part most.
      { numRuns: 1000, examples: ['#000000', '#ffffff', '#ffff00', '#0000ff', '#00ffff', '#ff00ff', '#808080'].map((s) => [s]) },
    );
  });
});

describe('colour science', () => {
  it('round-trips hex -> palette value -> hex exactly', () => {
    fc.assert(
      fc.property(hexColour, (hex) => {
        const value = paletteValueFromHex(hex);
        expect(isValidPaletteValue(value)).toBe(true);
        expect(paletteValueToHex(value)).toBe(hex);
      }),
      { numRuns: 1000 },
    );
  });

  it('converts sRGB to CIELAB (D65) and back', () => {
    const close = (lab: { l: number; a: number; b: number }, l: number, a: number, b: number) => {
      expect(lab.l).toBeCloseTo(l, 1);
      expect(lab.a).toBeCloseTo(a, 1);
      expect(lab.b).toBeCloseTo(b, 1);
    };
    close(rgbToLab({ r: 255, g: 255, b: 255 }), 100, 0, 0);
    close(rgbToLab({ r: 0, g: 0, b: 0 }), 0, 0, 0);
    close(rgbToLab({ r: 255, g: 0, b: 0 }), 53.24, 80.09, 67.2);
    close(rgbToLab({ r: 0, g: 0, b: 255 }), 32.3, 79.19, -107.86);
    fc.assert(
      fc.property(rgbColour, (rgb) => {
        expect(labToRgb(rgbToLab(rgb))).toEqual(rgb);
      }),
      { numRuns: 1000 },
    );
  });

  it('measures CIEDE2000 as Sharma, Wu and Dalal’s test data do', () => {
    const pairs: [number, number, number, number, number, number, number][] = [
      [50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425],
      [50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615],
      [50, 0, 0, 50, -1, 2, 2.3669],
      // Hue angles either side of 180° apart: the mean hue's two branches.
      [50, 2.49, -0.001, 50, -2.49, 0.0009, 7.1792],
      [50, 2.49, -0.001, 50, -2.49, 0.0011, 7.2195],
      [50, 2.5, 0, 73, 25, -18, 27.1492],
      [50, 2.5, 0, 61, -5, 29, 22.8977],
      [50, 2.5, 0, 56, -27, -3, 31.903],
      [50, 2.5, 0, 58, 24, 15, 19.4535],
      [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
      [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
    ];
    for (const [l1, a1, b1, l2, a2, b2, expected] of pairs) {
      expect(deltaE2000({ l: l1, a: a1, b: b1 }, { l: l2, a: a2, b: b2 })).toBeCloseTo(expected, 4);
      expect(deltaE2000({ l: l2, a: a2, b: b2 }, { l: l1, a: a1, b: b1 })).toBeCloseTo(expected, 4);
    }
    expect(deltaE(hexToRgb('#1d5c4d'), hexToRgb('#1d5c4d'))).toBe(0);
  });
});

describe('palettes from pixels', () => {
  /** Five colours, lightest first (by L*), and how many of 4096 pixels each covers. */
  const KNOWN: [hex: string, pixels: number][] = [
    ['#f2efe6', 1500],
    ['#9fc5e8', 1100],
    ['#e4572e', 700],
    ['#2e4057', 500],
    ['#141414', 296],
  ];

  /**
   * The known colours as RGBA pixels, scattered through the array (2477 is odd, so i -> 2477 i mod
   * 4096 visits every place once) and each channel shifted by up to ±6, as a photo's grain would:
   * the clusters have a spread to average over, not five exact points.
   */
  function pixelsOf(colours: [hex: string, pixels: number][], channels: 3 | 4): Uint8Array {
    const total = colours.reduce((n, [, count]) => n + count, 0);
    const pixels = new Uint8Array(total * channels);
    let i = 0;
    for (const [hex, count] of colours) {
      const { r, g, b } = hexToRgb(hex);
      for (let n = 0; n < count; n++, i++) {
        const at = ((i * 2477) % total) * channels;
        const grain = (k: number) => ((i * k) % 13) - 6;
        pixels.set(
          [r + grain(7), g + grain(11), b + grain(5)].map((c) => Math.max(0, Math.min(255, c))),
          at,
        );
        if (channels === 4) pixels[at + 3] = 255;
      }
    }
    return pixels;
  }

  const expectSwatches = (swatches: Swatches, hexes: string[]) => {
    SWATCH_KEYS.forEach((key, i) => {
      expect(isValidPaletteValue(swatches[key])).toBe(true);
      expect(deltaE(hexToRgb(paletteValueToHex(swatches[key])), hexToRgb(hexes[i]!)), key).toBeLessThan(10);
    });
  };

  it('finds the five colours of an image, lightest first, whatever their share', () => {
    expectSwatches(
      paletteFromPixels(pixelsOf(KNOWN, 3), 3),
      KNOWN.map(([hex]) => hex),
    );
    expectSwatches(
      paletteFromPixels(Buffer.from(pixelsOf(KNOWN, 4)), 4),
      KNOWN.map(([hex]) => hex),
    );
  });

  it('skips fully transparent pixels', () => {
    const visible = pixelsOf(KNOWN, 4);
    const hidden = pixelsOf([['#ff00ff', 3000]], 4);
    for (let at = 3; at < hidden.length; at += 4) hidden[at] = 0;
    expectSwatches(
      paletteFromPixels(Buffer.concat([hidden, visible]), 4),
      KNOWN.map(([hex]) => hex),
    );
  });

  it('gives the same palette whatever the order of the pixels', () => {
    const pixels = pixelsOf(KNOWN, 3);
    const reversed = new Uint8Array(pixels.length);
    for (let at = 0; at < pixels.length; at += 3) reversed.set(pixels.subarray(at, at + 3), pixels.length - 3 - at);
    expect(paletteFromPixels(reversed, 3)).toEqual(paletteFromPixels(pixels, 3));
  });

  it('repeats the colours of an image with fewer than five, in lightness order', () => {
    const two = paletteFromPixels(Uint8Array.from([255, 255, 255, 255, 255, 255, 0, 0, 0]), 3);
    expect(SWATCH_KEYS.map((k) => paletteValueToHex(two[k]))).toEqual(['#ffffff', '#ffffff', '#ffffff', '#000000', '#000000']);
  });

  it('falls back to the salmon seed’s From Color palette when no pixel is visible', () => {
    expect(paletteFromPixels(Uint8Array.from([10, 20, 30, 0]), 4)).toEqual(paletteFromColor(FALLBACK_PALETTE_SEED));
    expect(paletteFromPixels(new Uint8Array(0), 3)).toEqual(paletteFromColor(FALLBACK_PALETTE_SEED));
  });
});
