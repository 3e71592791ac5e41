/**
 * The image pipeline (sharp): what an uploaded image is (`probeImage`: dimensions after EXIF
 * orientation, refusing decompression bombs from the header alone and corrupt data), and the
 * variants pages serve (`makeVariants`): every seed width below the original's (001 §9, never
 * upscaled) and the original's own, each in AVIF, WebP and a format every browser shows, written
 * to the blob store at `files/{fileId}/{width}.{format}`.
 *
 * Variants are rotated upright and carry no metadata: sharp converts an embedded colour profile to
 * sRGB and writes none of EXIF (GPS, camera serial numbers), XMP, IPTC or the ICC profile, so
 * nothing of the owner's camera or whereabouts reaches visitors. The original blob is left as
 * uploaded.
 *
 * The copies come in two phases (`variantPhase`): first those a page shows first (WebP and the
 * format every browser shows, at FIRST_WIDTHS and the image's own width below them: the widths the
 * demo's pages ask for at desktop and phone sizes, and the Files screen's thumbnails), then the rest
 * (AVIF, the other widths). A copy of more than IMAGE_LARGE_PIXELS pixels is encoded at the fastest
 * effort (`effortFor`), so a huge or noisy upload costs a bounded time per copy.
 *
 * Memory is bounded by the number of images worked on at once, not by how many wait: every call
 * passes a gate (`ImageGate`, IMAGE_CONCURRENCY per process, 2 by default) before it reads the
 * original. Inside, one image holds its original's bytes (libvips needs random access, and sharp
 * gathers a stream into one buffer anyway), the pixels of the output being made in sharp's native
 * memory, and at most two encoded outputs: the one being made and the one the store is writing.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../../domain/files';
import { IMAGE_WIDTHS } from '../../../../domain/media';
import type { BlobStore } from '../../../blobs/store';

/**
 * What `makeVariants` writes, as a number: raised whenever its output changes (widths, formats,
 * quality, what metadata is kept), so a file copies another's variants only when they are what
 * the pipeline would make today (files.variants_version).
 */
export const IMAGE_PIPELINE_VERSION = 2;

/** Images one app server works on at once (IMAGE_CONCURRENCY). */
export const IMAGE_CONCURRENCY_DEFAULT = 2;
/** AVIF encoder effort, 0 (fastest) to 9; 4 is sharp's default, a fair size for the time. */
export const AVIF_EFFORT_DEFAULT = 4;
/** WebP encoder effort, 0 (fastest) to 6. */
const WEBP_EFFORT = 4;
/**
 * Pixels of a copy above which it is encoded at the fastest effort (IMAGE_LARGE_PIXELS): above a
 * 3000 × 2000 photo's own size, so a 24-megapixel camera's full-size copies cost a bounded time.
 */
export const LARGE_PIXELS_DEFAULT = 8_000_000;
/** The widths a page shows first (the demo's pages at desktop and phone sizes, the Files screen's thumbnails): made before the others. */
export const FIRST_WIDTHS: readonly number[] = [1500, 1000, 750, 500, 300];

export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png', 'gif'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

export type ImageProbe = {
  /** As shown: after the EXIF orientation is applied (a portrait photo stored sideways is taller than wide). */
  width: number;
  /** Of one frame, for an animated image. */
  height: number;
  format: ImageFormat;
  /** Frames of an animated GIF or WebP; 1 for a still image. */
  pages: number;
  animated: boolean;
  hasAlpha: boolean;
};

/** Why an image was refused: more pixels than allowed, bytes that do not decode, or a format the pipeline does not take. */
export class ImageRefusedError extends Error {
  constructor(
    readonly reason: 'too-large' | 'corrupt' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRefusedError';
  }
}

/**
 * At most `limit` images at once in this process. Waiting callers hold nothing but their place in
 * the queue: the original is read only once a place is free.
 */
export type ImageGate = { readonly limit: number; readonly active: number; run<T>(work: () => Promise<T>): Promise<T> };

export function createImageGate(limit: number): ImageGate {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`image concurrency must be a whole number of at least 1, not ${limit}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    limit,
    get active() {
      return active;
    },
    async run(work) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await work();
      } finally {
        // The place passes straight to the next caller, so `active` never exceeds the limit.
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}

/** One gate per concurrency setting in the process, so callers passing the same setting share it. */
const gates = new Map<number, ImageGate>();
const sharedGate = (limit: number) => {
  let gate = gates.get(limit);
  if (!gate) gates.set(limit, (gate = createImageGate(limit)));
  return gate;
};

/** Decoding options every read uses: the pixel limit, and failing on truncated data while tolerating the warnings real cameras' files raise. */
const inputOptions = (maxPixels: number, animated: boolean): SharpOptions => ({ limitInputPixels: maxPixels, failOn: 'truncated', animated });

function refusal(err: unknown): ImageRefusedError {
  if (err instanceof ImageRefusedError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/exceeds pixel limit/i.test(message)) return new ImageRefusedError('too-large', 'The image has more pixels than allowed.');
  if (/unsupported image format/i.test(message)) return new ImageRefusedError('unsupported', 'The file is not an image format the pipeline reads.');
  return new ImageRefusedError('corrupt', `The image could not be read: ${message.split('\n')[0]}`);
}

function formatOf(metadata: Metadata): ImageFormat {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
      return metadata.format;
    case 'heif':
      if (metadata.compression === 'av1') return 'avif';
      if (metadata.compression === 'hevc') return 'heic';
      break;
  }
  throw new ImageRefusedError('unsupported', `The pipeline does not make variants of ${metadata.format ?? 'unknown'} images.`);
}

/** The probe from sharp's header read, or ImageRefusedError; `metadata` must come from an `animated: true` read. */
function probeFrom(metadata: Metadata, maxPixels: number): ImageProbe {
  const format = formatOf(metadata);
  const pages = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const upright = pages > 1 ? { width: metadata.width, height: frameHeight } : (metadata.autoOrient ?? { width: metadata.width, height: metadata.height });
  if (!(upright.width > 0 && upright.height > 0)) throw new ImageRefusedError('corrupt', 'The image has no size.');
  // Every frame of an animation is decoded, so they all count against the limit.
  if (metadata.width * frameHeight * pages > maxPixels) {
    throw new ImageRefusedError(
      'too-large',
      `The image is ${metadata.width} × ${frameHeight}${pages > 1 ? ` × ${pages} frames` : ''}, more than ${maxPixels} pixels.`,
    );
  }
  return { width: upright.width, height: upright.height, format, pages, animated: pages > 1, hasAlpha: metadata.hasAlpha };
}

async function bytesOf(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What an image is, or ImageRefusedError: 'too-large' past `maxPixels`, told from the header
 * before any pixel is decoded; 'corrupt' when the header does not parse or, with `decode` (the
 * default), when the data after it does not decode (a truncated or damaged file). The decode check
 * runs only once the size is known to be within the limit, and shrinks as it loads where the
 * format allows (JPEG), so it costs little.
 */
export async function probeImage(input: Buffer | Readable, opts: { maxPixels?: number; decode?: boolean } = {}): Promise<ImageProbe> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const bytes = Buffer.isBuffer(input) ? input : await bytesOf(input);
  let probe: ImageProbe;
  try {
    probe = probeFrom(await sharp(bytes, inputOptions(maxPixels, true)).metadata(), maxPixels);
  } catch (err) {
    throw refusal(err);
  }
  if (opts.decode ?? true) {
    try {
      await sharp(bytes, inputOptions(maxPixels, probe.animated)).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
    } catch (err) {
      throw refusal(err);
    }
  }
  return probe;
}

/**
 * The formats an image's variants come in, the one every browser shows last (a page's `<img>`):
 * AVIF and WebP beside the original's own format. An animation keeps moving: animated WebP beside
 * an animated GIF (or the animated WebP alone), and no AVIF, as sharp writes only still AVIF and a
 * browser choosing the AVIF source would show the first frame. AVIF and HEIC originals fall back to
 * JPEG (PNG when transparent), as not every browser shows AVIF and none but Safari HEIC.
 */
export function variantFormatsFor(probe: Pick<ImageProbe, 'format' | 'animated' | 'hasAlpha'>): VariantFormat[] {
  if (probe.animated) return probe.format === 'gif' ? ['webp', 'gif'] : ['webp'];
  switch (probe.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
      return ['avif', 'webp', probe.format];
    case 'webp':
      return ['avif', 'webp'];
    case 'avif':
    case 'heic':
      return ['avif', 'webp', probe.hasAlpha ? 'png' : 'jpeg'];
  }
}

/** Every seed width strictly below the image's, and its own width: largest first, never wider than the original. */
export function variantWidthsFor(width: number, widths: readonly number[] = IMAGE_WIDTHS): number[] {
  return [...new Set([width, ...widths.filter((w) => w < width)])].sort((a, b) => b - a);
}

/** Encoder efforts: AVIF's (0 to 9) and WebP's (0 to 6). */
export type Effort = { avif: number; webp: number };

/** The efforts of a copy of `pixels` pixels: the settings' for most, the fastest above `largePixels`. */
export function effortFor(pixels: number, avifEffort = AVIF_EFFORT_DEFAULT, largePixels = LARGE_PIXELS_DEFAULT): Effort {
  return pixels > largePixels ? { avif: 0, webp: 0 } : { avif: avifEffort, webp: WEBP_EFFORT };
}

/** The encoder settings of one format; the bench's baseline encodes with the same. */
export function encode(image: Sharp, format: VariantFormat, effort: number | Effort = AVIF_EFFORT_DEFAULT): Sharp {
  const { avif, webp } = typeof effort === 'number' ? { avif: effort, webp: WEBP_EFFORT } : effort;
  switch (format) {
    case 'avif':
      return image.avif({ effort: avif });
    case 'webp':
      return image.webp({ effort: webp });
    case 'jpeg':
      return image.jpeg({ quality: 80, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 6 });
    case 'gif':
      return image.gif();
  }
}

export type Variant = { width: number; height: number; format: VariantFormat; contentType: string; blobPath: string; size: number };

/** Which copies a call makes: those a page shows first, the rest, or all. */
export type VariantPhase = 'first' | 'rest' | 'all';

/** The phase a copy belongs to: WebP and the format every browser shows at FIRST_WIDTHS (and the own width below them) first; AVIF and other widths after. */
export function variantPhase(copy: { width: number; format: VariantFormat }, imageWidth: number): 'first' | 'rest' {
  if (copy.format === 'avif') return 'rest';
  const widest = Math.max(...FIRST_WIDTHS);
  return FIRST_WIDTHS.includes(copy.width) || (copy.width === imageWidth && imageWidth < widest) ? 'first' : 'rest';
}

/** The copies of an image in one phase, as (width, format), widest first: what `makeVariants` makes for it. */
export function variantPlan(image: Pick<ImageProbe, 'width' | 'format' | 'animated' | 'hasAlpha'>, phase: VariantPhase = 'all', widths?: readonly number[]) {
  const formats = variantFormatsFor(image);
  return variantWidthsFor(image.width, widths)
    .flatMap((width) => formats.map((format) => ({ width, format })))
    .filter((copy) => phase === 'all' || variantPhase(copy, image.width) === phase);
}

export type VariantOptions = {
  /** The copies to make (variantPhase): all of them when not given. */
  phase?: VariantPhase;
  /** Copies of more pixels than this are encoded at the fastest effort (IMAGE_LARGE_PIXELS). */
  largePixels?: number;
  /** Stops the work between copies and while one is encoded (a server stopping): the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Makes only these of the image's formats (variantFormatsFor): all of them when not given. */
  formats?: readonly VariantFormat[];
  /** The widths to pick from: the seed's (IMAGE_WIDTHS) when not given. */
  widths?: readonly number[];
  avifEffort?: number;
  /** Images this process works on at once (IMAGE_CONCURRENCY); calls with the same setting share one gate. */
  concurrency?: number;
  /** A gate of the caller's own, in place of the shared one for `concurrency`. */
  gate?: ImageGate;
  /** The original's path in the store (the file row's `blobPath`); `files/{fileId}/original` when not given. */
  original?: string;
  maxPixels?: number;
};

export type MadeVariants = {
  image: ImageProbe;
  /** SHA-256 (hex) of the original's bytes the variants were made from. */
  sha256: string;
  variants: Variant[];
};

/** Settles (rejected with the signal's reason) when the signal aborts; never resolves. */
function abortion(signal: AbortSignal): Promise<never> {
  const stopped = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  stopped.catch(() => undefined);
  return stopped;
}

/** Encodes under way in this process, stopped or not: sharp cannot be interrupted, and a process exiting waits for them. */
let inFlight = 0;
/** Encodes under way in this process (main.ts: a stop that handed an image back does not wait for its encoder). */
export const encodesRunning = () => inFlight;

export const originalPath = (fileId: string) => `files/${fileId}/original`;
export const variantPath = (fileId: string, width: number, format: VariantFormat) => `files/${fileId}/${width}.${format}`;

/**
 * Makes the image's variants from its original in the store and writes each to the store,
 * answering what was written. Throws ImageRefusedError for an image the probe refuses (before any
 * variant is written) or whose data fails to decode, and the store's error otherwise; variants
 * written before a failure stay in the store (the caller deletes them or the next run rewrites them).
 */
export async function makeVariants(store: BlobStore, websiteId: string, fileId: string, opts: VariantOptions = {}): Promise<MadeVariants> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const avifEffort = opts.avifEffort ?? AVIF_EFFORT_DEFAULT;
  const gate = opts.gate ?? sharedGate(opts.concurrency ?? IMAGE_CONCURRENCY_DEFAULT);
  return gate.run(async () => {
    const body = await store.get({ websiteId, path: opts.original ?? originalPath(fileId) });
    if (!body) throw new Error(`the original of file ${fileId} is not in the blob store`);
    const original = await bytesOf(body);
    const sha256 = createHash('sha256').update(original).digest('hex');
    let image: ImageProbe;
    try {
      image = probeFrom(await sharp(original, inputOptions(maxPixels, true)).metadata(), maxPixels);
    } catch (err) {
      throw refusal(err);
    }
    const plan = variantPlan(image, opts.phase, opts.widths).filter((copy) => !opts.formats || opts.formats.includes(copy.format));
    const variants: Variant[] = [];
    // The store writes one output while sharp encodes the next (a store's put ends with a flush or
    // a commit, time the encoder need not wait for): at most two encoded outputs in memory.
    let writing: Promise<void> = Promise.resolve();
    const stopped = opts.signal ? abortion(opts.signal) : undefined;
    for (const { width, format } of plan) {
      opts.signal?.throwIfAborted();
      // One pipeline per output, each reading the same buffer (no copy): JPEG shrinks as it
      // loads for the small widths. sharp makes an encoded output whole before it hands it on,
      // as a stream or a buffer alike, so the buffer costs no more memory than a stream would.
      const pixels = width * Math.round((image.height * width) / image.width) * image.pages;
      const encoding = encode(
        sharp(original, inputOptions(maxPixels, image.animated)).autoOrient().resize({ width, withoutEnlargement: true }),
        format,
        effortFor(pixels, avifEffort, opts.largePixels),
      ).toBuffer({ resolveWithObject: true });
      inFlight += 1;
      void encoding.finally(() => (inFlight -= 1)).catch(() => undefined);
      let encoded: { data: Buffer; info: OutputInfo };
      try {
        // sharp cannot be interrupted: a stop leaves the encoder to finish unobserved (the process is ending).
        encoded = await (stopped ? Promise.race([encoding, stopped]) : encoding);
      } catch (err) {
        encoding.catch(() => undefined);
        await writing.catch(() => undefined);
        if (opts.signal?.aborted) throw opts.signal.reason;
        // Data past a good header that does not decode is the file's fault.
        throw refusal(err);
      }
      await writing;
      const variant = {
        width,
        height: encoded.info.pageHeight ?? encoded.info.height,
        format,
        contentType: VARIANT_CONTENT_TYPES[format],
        blobPath: variantPath(fileId, width, format),
      };
      writing = store.put({ websiteId, path: variant.blobPath }, encoded.data, { contentType: variant.contentType }).then((stored) => {
        variants.push({ ...variant, size: stored.size });
      });
      // Observed now, so a failed write is not an unhandled rejection while the next output is made; thrown when awaited.
      writing.catch(() => undefined);
    }
    await writing;
    return { image, sha256, variants };
  });
}

/** The files a site icon is made from: the raster formats browsers show, and SVG (drawn at the icon's size). */
export const ICON_SOURCE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'] as const;

/** Pixels an SVG is drawn at, per CSS inch, by default: its own width and height at 1:1. */
const SVG_DENSITY = 72;

export type IconOptions = {
  /** A home-screen icon is shown on white where the image is transparent: iOS would show black. */
  opaque?: boolean;
  /** A gate of the caller's own, in place of the shared one (IMAGE_CONCURRENCY_DEFAULT). */
  gate?: ImageGate;
  maxPixels?: number;
};

/**
 * A square PNG of `size` pixels from an image's bytes (a site icon): the whole image, centred on a
 * transparent square (white when `opaque`), never cropped, the first frame of an animation. An
 * SVG is drawn at the icon's size rather than enlarged from its own. Without metadata, as the
 * variants. ImageRefusedError for bytes that are not such an image or too many pixels.
 */
export async function makeIcon(original: Buffer, size: number, opts: IconOptions = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const gate = opts.gate ?? sharedGate(IMAGE_CONCURRENCY_DEFAULT);
  return gate.run(async () => {
    try {
      const metadata = await sharp(original, { limitInputPixels: maxPixels, failOn: 'truncated' }).metadata();
      const svg = metadata.format === 'svg';
      if (!svg) probeFrom(await sharp(original, inputOptions(maxPixels, true)).metadata(), maxPixels);
      const longest = Math.max(metadata.width, metadata.height, 1);
      // An SVG is drawn at twice the icon's size at least, so its edges stay sharp when shrunk.
      const density = svg ? Math.min(SVG_DENSITY * 50, Math.max(SVG_DENSITY, (SVG_DENSITY * 2 * size) / longest)) : undefined;
      const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
      let image = sharp(original, { limitInputPixels: maxPixels, failOn: 'truncated', ...(density ? { density } : {}) })
        .autoOrient()
        .resize({ width: size, height: size, fit: 'contain', background: opts.opaque ? '#ffffff' : transparent });
      if (opts.opaque) image = image.flatten({ background: '#ffffff' });
      return await image.png({ compressionLevel: 9 }).toBuffer();
    } catch (err) {
      throw refusal(err);
    }
  });
}
