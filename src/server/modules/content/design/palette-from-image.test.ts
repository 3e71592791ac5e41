import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deltaE, hexToRgb, paletteValueToHex, rgbToLab } from '../../../../domain/palette-color';
import { type Swatches, SWATCH_KEYS } from '../../../../document/design';
import { NotAnImage, swatchesFromImage } from './palette-from-image';

/**
 * A 200 × 100 PNG of five vertical stripes, not in lightness order and of unequal widths (35, 70,
 * 20, 50 and 25 pixels), and its five colours; the browser tests upload the same file.
 */
const FIXTURES = path.join(import.meta.dirname, '../../../../../e2e/fixtures');
const STRIPES = readFileSync(path.join(FIXTURES, 'five-colours.png'));
const { colours } = JSON.parse(readFileSync(path.join(FIXTURES, 'five-colours.json'), 'utf8')) as { colours: string[] };
/** The stripes' colours lightest first (CIELAB L*), as the swatches come. */
const EXPECTED = [...colours].sort((a, b) => rgbToLab(hexToRgb(b)).l - rgbToLab(hexToRgb(a)).l);

const hexes = (swatches: Swatches) => SWATCH_KEYS.map((key) => paletteValueToHex(swatches[key]));

function expectStripeColours(swatches: Swatches) {
  hexes(swatches).forEach((hex, i) => expect(deltaE(hexToRgb(hex), hexToRgb(EXPECTED[i]!)), `${SWATCH_KEYS[i]} ${hex}`).toBeLessThan(10));
}

describe('swatchesFromImage', () => {
  it('finds the five stripe colours of the fixture, lightest first', async () => {
    expect(colours).toHaveLength(5);
    expectStripeColours(await swatchesFromImage(STRIPES));
  });

  it('reads other formats alike: a JPEG of the same stripes', async () => {
    expectStripeColours(await swatchesFromImage(await sharp(STRIPES).jpeg({ quality: 80 }).toBuffer()));
  });

  it('leaves out a transparent background instead of counting it as a colour', async () => {
    // Transparent magenta: counted as a colour it would take a swatch; flattened on white, it pulls
    // the lightest swatch about 9 away from the cream. Shrunk at another scale, the stripes alone move a swatch about 2.
    const background = { r: 255, g: 0, b: 255, alpha: 0 };
    const padded = await sharp(STRIPES).extend({ top: 150, bottom: 150, left: 100, right: 100, background }).png().toBuffer();
    const alone = hexes(await swatchesFromImage(STRIPES));
    hexes(await swatchesFromImage(padded)).forEach((hex, i) => expect(deltaE(hexToRgb(hex), hexToRgb(alone[i]!)), SWATCH_KEYS[i]).toBeLessThan(5));
  });

  it('reads a 16-bit greyscale image as greys', async () => {
    const grey = await sharp(STRIPES).toColourspace('grey16').png().toBuffer();
    expect(await sharp(grey).metadata()).toMatchObject({ channels: 1, depth: 'ushort' });
    const swatches = await swatchesFromImage(grey);
    for (const hex of hexes(swatches)) expect(hex.slice(1, 3).repeat(3)).toBe(hex.slice(1));
  });

  it('refuses bytes that are not an image', async () => {
    await expect(swatchesFromImage(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(NotAnImage);
    await expect(swatchesFromImage(STRIPES.subarray(0, 60))).rejects.toBeInstanceOf(NotAnImage);
  });
});
