/**
 * Palette mode From Image on the server: an uploaded image's bytes to the five swatches, by sharp
 * (decode, shrink) and the pure generator (k-means in CIELAB, src/domain/palette-generator.ts).
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../../domain/files';
import { paletteFromPixels } from '../../../../domain/palette-generator';
import type { Swatches } from '../../../../document/design';

/** The bytes are not an image sharp reads (unknown format, corrupt data, more pixels than allowed). */
export class NotAnImage extends Error {
  constructor(options?: ErrorOptions) {
    super('not an image that can be read', options);
    this.name = 'NotAnImage';
  }
}

/**
 * 64 × 64 at most: 4096 pixels keep every colour that covers a noticeable part of the image, and
 * clustering them takes milliseconds. Shrinking averages neighbouring pixels, which also softens
 * noise and JPEG artefacts before they could become swatches.
 */
const SAMPLE_SIZE = 64;

/**
 * The swatches of an image, lightest first. The EXIF orientation is not applied: turning the image
 * moves its colours, not how much of each there is. Transparent pixels are kept as such and
 * skipped (a logo's transparent background gives it no white swatch). sharp's raw output is 8-bit
 * sRGB whatever came in (greyscale, CMYK, 16 bits a channel), so with the alpha channel added
 * every pixel is four bytes.
 */
export async function swatchesFromImage(bytes: Buffer): Promise<Swatches> {
  let pixels: Buffer;
  try {
    pixels = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
      .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch (cause) {
    throw new NotAnImage({ cause });
  }
  return paletteFromPixels(pixels, 4);
}
