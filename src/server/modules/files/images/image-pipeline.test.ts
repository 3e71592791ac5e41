import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { memoryBlobStore } from '../../../../../test/memory-blob-store';
import { IMAGE_WIDTHS } from '../../../../domain/media';
import { createImageGate, effortFor, ImageRefusedError, makeVariants, probeImage, variantFormatsFor, variantPlan, variantWidthsFor } from './image-pipeline';

const SITE = 'site1';
const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#33669980' : '#336699' } });

/** An 800 × 600 photo stored sideways, as a camera held upright writes it: EXIF orientation 6 (rotate 90° clockwise to show), GPS and a Display P3 profile. */
const sidewaysPhoto = await solid(800, 600)
  .jpeg()
  .withMetadata({ orientation: 6 })
  .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
  .withIccProfile('p3')
  .toBuffer();

/** The GPS IFD pointer tag (0x8825) in either byte order: present when EXIF carries a location. */
const hasGpsTag = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

async function stored(store: ReturnType<typeof memoryBlobStore>, fileId: string, bytes: Buffer) {
  await store.put({ websiteId: SITE, path: `files/${fileId}/original` }, bytes);
}

describe('probeImage', () => {
  it('answers the size as shown, after the EXIF orientation', async () => {
    expect(await probeImage(sidewaysPhoto)).toEqual({ width: 600, height: 800, format: 'jpeg', pages: 1, animated: false, hasAlpha: false });
  });

  it('reads a stream', async () => {
    const { Readable } = await import('node:stream');
    expect((await probeImage(Readable.from([await solid(40, 30).png().toBuffer()]))).format).toBe('png');
  });

  it('refuses more pixels than allowed from the header, before decoding', async () => {
    // A PNG whose header claims 10,000 × 10,000 (100 megapixels, 300 MB decoded) over 8 × 8 of
    // data: decoding it would fail as corrupt, so 'too-large' shows the header alone decided.
    const bomb = await solid(8, 8).png().toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const refused = await probeImage(bomb).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ImageRefusedError);
    expect((refused as ImageRefusedError).reason).toBe('too-large');
    await expect(probeImage(await solid(300, 200).png().toBuffer(), { maxPixels: 300 * 200 - 1 })).rejects.toMatchObject({ reason: 'too-large' });
    expect((await probeImage(await solid(300, 200).png().toBuffer(), { maxPixels: 300 * 200 })).width).toBe(300);
  });

  it('refuses corrupt data: a broken header, and a good header with the data cut short', async () => {
    const jpeg = await solid(200, 150).jpeg().toBuffer();
    const garbage = Buffer.concat([jpeg.subarray(0, 120), Buffer.alloc(4000, 0x55)]);
    await expect(probeImage(garbage)).rejects.toMatchObject({ reason: 'corrupt' });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.7));
    await expect(probeImage(truncated)).rejects.toMatchObject({ reason: 'corrupt' });
    await expect(probeImage(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(ImageRefusedError);
  });

  it('counts every frame of an animation against the limit', async () => {
    const frame = (c: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background: c } })
        .gif()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f'), await frame('#0f0')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const probe = await probeImage(gif);
    expect(probe).toMatchObject({ width: 100, height: 100, animated: true });
    await expect(probeImage(gif, { maxPixels: 100 * 100 * probe.pages - 1 })).rejects.toMatchObject({ reason: 'too-large' });
  });
});

describe('what variants an image gets', () => {
  // covers 001-9.36
  it('has every seed width below its own, and its own; never a wider one', () => {
    expect(variantWidthsFor(3000)).toEqual([3000, ...IMAGE_WIDTHS]);
    expect(variantWidthsFor(800)).toEqual([800, 750, 500, 300, 100]);
    expect(variantWidthsFor(750)).toEqual([750, 500, 300, 100]);
    expect(variantWidthsFor(60)).toEqual([60]);
  });

  it('comes in AVIF and WebP beside a format every browser shows; animations keep moving', () => {
    const still = { animated: false, hasAlpha: false };
    expect(variantFormatsFor({ ...still, format: 'jpeg' })).toEqual(['avif', 'webp', 'jpeg']);
    expect(variantFormatsFor({ ...still, format: 'png' })).toEqual(['avif', 'webp', 'png']);
    expect(variantFormatsFor({ ...still, format: 'gif' })).toEqual(['avif', 'webp', 'gif']);
    expect(variantFormatsFor({ ...still, format: 'avif' })).toEqual(['avif', 'webp', 'jpeg']);
    expect(variantFormatsFor({ ...still, format: 'avif', hasAlpha: true })).toEqual(['avif', 'webp', 'png']);
    expect(variantFormatsFor({ animated: true, hasAlpha: true, format: 'gif' })).toEqual(['webp', 'gif']);
    expect(variantFormatsFor({ animated: true, hasAlpha: true, format: 'webp' })).toEqual(['webp']);
  });
});

describe('makeVariants', () => {
  it('writes every width in each format, upright, with no EXIF, GPS or colour profile left', async () => {
    const store = memoryBlobStore();
    await stored(store, 'f1', sidewaysPhoto);
    const original = await sharp(sidewaysPhoto).metadata();
    expect(hasGpsTag(original.exif)).toBe(true);
    expect(original.icc).toBeDefined();

    const made = await makeVariants(store, SITE, 'f1', { avifEffort: 0 });
    expect(made.image).toMatchObject({ width: 600, height: 800 });
    // Upright, the photo is 600 wide: 600 itself, then the seed's 500, 300 and 100.
    expect(made.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(
      ['600x800', '500x667', '300x400', '100x133'].flatMap((size) => ['avif', 'webp', 'jpeg'].map((f) => `${size}.${f}`)),
    );
    for (const variant of made.variants) {
      const bytes = store.bytes({ websiteId: SITE, path: variant.blobPath })!;
      expect(variant.blobPath).toBe(`files/f1/${variant.width}.${variant.format}`);
      expect(variant.size).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }).toEqual({
        format: variant.format,
        width: variant.width,
        height: variant.height,
      });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.contentType).toBe(`image/${variant.format}`);
    }
    // The colours are converted from the photo's Display P3 to sRGB, not just untagged: read
    // without its profile the original's numbers differ from the sRGB colour it was made from.
    const pixel = async (image: Sharp) => [...(await image.extract({ left: 50, top: 50, width: 1, height: 1 }).raw().toBuffer())];
    const shown = await pixel(sharp(store.bytes({ websiteId: SITE, path: 'files/f1/600.jpeg' })));
    const untagged = await pixel(sharp(sidewaysPhoto, { ignoreIcc: true }));
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 3);
    expect(near(shown, [0x33, 0x66, 0x99])).toBe(true);
    expect(near(untagged, [0x33, 0x66, 0x99])).toBe(false);
  });

  it('keeps transparency and writes a PNG for a PNG', async () => {
    const store = memoryBlobStore();
    await stored(store, 'f2', await solid(320, 200, 4).png().toBuffer());
    const made = await makeVariants(store, SITE, 'f2', { avifEffort: 0, formats: ['png', 'webp'] });
    expect(made.variants.map((v) => `${v.width}.${v.format}`)).toEqual(['320.webp', '320.png', '300.webp', '300.png', '100.webp', '100.png']);
    const png = await sharp(store.bytes({ websiteId: SITE, path: 'files/f2/300.png' })).metadata();
    expect(png.hasAlpha).toBe(true);
  });

  it('keeps an animated GIF animated, in WebP and GIF, with no AVIF', async () => {
    const store = memoryBlobStore();
    const frame = (c: string) =>
      sharp({ create: { width: 400, height: 200, channels: 3, background: c } })
        .gif()
        .toBuffer();
    await stored(
      store,
      'f3',
      await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
        .gif()
        .toBuffer(),
    );
    const made = await makeVariants(store, SITE, 'f3', { avifEffort: 0 });
    expect(made.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual([
      '400x200.webp',
      '400x200.gif',
      '300x150.webp',
      '300x150.gif',
      '100x50.webp',
      '100x50.gif',
    ]);
    const webp = await sharp(store.bytes({ websiteId: SITE, path: 'files/f3/300.webp' })).metadata();
    expect(webp.pages).toBe(2);
  });

  it('refuses a corrupt original, and one past the pixel limit, with a typed error', async () => {
    const store = memoryBlobStore();
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    await stored(store, 'bad', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    await expect(makeVariants(store, SITE, 'bad', { avifEffort: 0 })).rejects.toMatchObject({ reason: 'corrupt' });
    await stored(store, 'big', jpeg);
    await expect(makeVariants(store, SITE, 'big', { maxPixels: 1000 })).rejects.toMatchObject({ reason: 'too-large' });
    expect([...store.blobs.keys()].filter((k) => k.includes('files/big/') && !k.endsWith('original'))).toEqual([]);
  });

  it('fails with the store’s own error when a write fails, not as a refused image', async () => {
    const store = memoryBlobStore();
    await stored(store, 'f4', await solid(320, 240).jpeg().toBuffer());
    const put = store.put.bind(store);
    let puts = 0;
    store.put = async (key, body, opts) => {
      if (++puts === 2) throw new Error('the store is away');
      return put(key, body, opts);
    };
    const failed = await makeVariants(store, SITE, 'f4', { avifEffort: 0 }).catch((err: unknown) => err);
    expect(failed).not.toBeInstanceOf(ImageRefusedError);
    expect((failed as Error).message).toBe('the store is away');
  });

  it('works on no more images at once than its concurrency, however many are asked for', async () => {
    const store = memoryBlobStore();
    const gate = createImageGate(2);
    let most = 0;
    store.onPut = () => (most = Math.max(most, gate.active));
    const png = await solid(120, 80).png().toBuffer();
    for (let i = 0; i < 6; i++) await stored(store, `c${i}`, png);
    const runs = Array.from({ length: 6 }, (_, i) => makeVariants(store, SITE, `c${i}`, { gate, avifEffort: 0 }));
    expect(gate.active).toBeLessThanOrEqual(2);
    await Promise.all(runs);
    expect(most).toBe(2);
    expect(gate.active).toBe(0);
  });
});

describe('the copies in two phases', () => {
  it('makes WebP and the format every browser shows at the widths pages ask for first, then AVIF and the other widths', async () => {
    const photo = { width: 3000, format: 'jpeg', animated: false, hasAlpha: false } as const;
    const name = (c: { width: number; format: string }) => `${c.width}.${c.format}`;
    expect(variantPlan(photo, 'first').map(name)).toEqual([1500, 1000, 750, 500, 300].flatMap((w) => [`${w}.webp`, `${w}.jpeg`]));
    expect(variantPlan(photo, 'rest').map(name)).toEqual([
      ...['3000', '2500'].flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpeg`]),
      ...[1500, 1000, 750, 500, 300].map((w) => `${w}.avif`),
      '100.avif',
      '100.webp',
      '100.jpeg',
    ]);
    // Narrower than the widest first width: its own width is among the first.
    expect(variantPlan({ ...photo, width: 1200 }, 'first').map(name)).toContain('1200.webp');

    const store = memoryBlobStore();
    await stored(store, 'p', await solid(400, 300).jpeg().toBuffer());
    const first = await makeVariants(store, SITE, 'p', { avifEffort: 0, phase: 'first' });
    expect(first.variants.map(name).sort()).toEqual(['300.jpeg', '300.webp', '400.jpeg', '400.webp']);
    const rest = await makeVariants(store, SITE, 'p', { avifEffort: 0, phase: 'rest' });
    expect(rest.variants.map(name).sort()).toEqual(['100.avif', '100.jpeg', '100.webp', '300.avif', '400.avif']);
  });

  it('encodes a copy of more pixels than the setting at the fastest effort', () => {
    expect(effortFor(3000 * 2000, 4)).toEqual({ avif: 4, webp: 4 });
    expect(effortFor(6000 * 4000, 4)).toEqual({ avif: 0, webp: 0 });
    expect(effortFor(500 * 400, 4, 100_000)).toEqual({ avif: 0, webp: 0 });
  });

  it('stops when its signal aborts, with the signal’s reason', async () => {
    const store = memoryBlobStore();
    await stored(store, 's', await solid(400, 300).jpeg().toBuffer());
    const stop = new AbortController();
    store.onPut = () => stop.abort(new Error('stopping'));
    await expect(makeVariants(store, SITE, 's', { avifEffort: 0, signal: stop.signal })).rejects.toThrow('stopping');
  });
});
