/**
 * An image's copy for a visitor when the pipeline has not made it yet (its job still waiting, or a
 * width or format it does not keep): made here from the original, upright and without metadata, by
 * the pipeline's own encoder settings (files/image-pipeline.ts `encode`), and never stored, as the
 * pipeline's run owns the file's copies in the store. Visitors never get an original's bytes.
 *
 * The cost is bounded: at most ON_DEMAND_CONCURRENCY copies are made at once in this process,
 * visitors asking for the same copy together share one making, and the copies made lately are kept
 * (COPY_CACHE_BYTES in all) until the pipeline's own replace them. AVIF is made at the least encoder
 * effort: it stands in only until the pipeline's copy exists.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../domain/files';
import type { BlobStore } from '../../blobs/store';
import { createImageGate, encode, probeImage, VARIANT_CONTENT_TYPES, variantFormatsFor, type VariantFormat } from './images/image-pipeline';
import { fileBytes, type FileRow } from './site-files';

/** Copies made at once in this process, besides the image jobs. */
const ON_DEMAND_CONCURRENCY = 2;
/** The copies kept in memory, in bytes: a page's worth of images while their job waits. */
const COPY_CACHE_BYTES = 32 * 1024 * 1024;
/** A copy larger than this is made again rather than kept. */
const COPY_KEPT_MAX = 4 * 1024 * 1024;

export type MadeCopy = { data: Buffer; width: number; format: VariantFormat; contentType: string };

const gate = createImageGate(ON_DEMAND_CONCURRENCY);
const making = new Map<string, Promise<MadeCopy | undefined>>();
const kept = new Map<string, MadeCopy>();
let keptBytes = 0;

function keep(key: string, copy: MadeCopy) {
  if (copy.data.length > COPY_KEPT_MAX) return;
  kept.set(key, copy);
  keptBytes += copy.data.length;
  for (const [oldest, old] of kept) {
    if (keptBytes <= COPY_CACHE_BYTES) break;
    kept.delete(oldest);
    keptBytes -= old.data.length;
  }
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The format a visitor gets for the original's own (`/s/{name}`, the `<img>`): its own, or for HEIC what every browser shows. */
export function ownCopyFormat(contentType: string, made: readonly VariantFormat[]): VariantFormat | undefined {
  const own = contentType.split('/')[1]?.replace('jpg', 'jpeg');
  if (made.includes(own as VariantFormat)) return own as VariantFormat;
  return made.filter((f) => f !== 'avif' && f !== 'webp').at(-1) ?? made.at(-1);
}

async function make(store: BlobStore, file: FileRow, width: number | undefined, format: VariantFormat | undefined): Promise<MadeCopy | undefined> {
  return gate.run(async () => {
    const body = await fileBytes(store, file);
    if (!body) return undefined;
    const original = await bytesOf(body);
    try {
      const probe = await probeImage(original, { decode: false });
      const formats = variantFormatsFor(probe);
      // A format the pipeline does not make of this image (AVIF of an animation) is answered in the image's own.
      const as = format && formats.includes(format) ? format : ownCopyFormat(file.contentType, formats)!;
      const target = Math.min(width ?? probe.width, probe.width);
      const encoded = await encode(
        sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: probe.animated })
          .autoOrient()
          .resize({ width: target, withoutEnlargement: true }),
        as,
        0,
      ).toBuffer();
      return { data: encoded, width: target, format: as, contentType: VARIANT_CONTENT_TYPES[as] };
    } catch {
      // Only sharp works in here: bytes the pipeline cannot read either, so nothing to send (never the original).
      return undefined;
    }
  });
}

/**
 * The copy of `file` at `width` (its own when not given or wider) in `format` (its own when not
 * given), made now; undefined when the image cannot be read (the pipeline refuses it too) or its
 * bytes are gone.
 */
export async function copyOnDemand(
  store: BlobStore,
  file: FileRow,
  width: number | undefined,
  format: VariantFormat | undefined,
): Promise<MadeCopy | undefined> {
  const key = `${file.websiteId}/${file.id}/${file.sha256 ?? file.size}/${width ?? 'own'}/${format ?? 'own'}`;
  const held = kept.get(key);
  if (held) {
    kept.delete(key);
    kept.set(key, held);
    return held;
  }
  let under = making.get(key);
  if (!under) {
    under = make(store, file, width, format)
      .then((copy) => {
        if (copy) keep(key, copy);
        return copy;
      })
      .finally(() => making.delete(key));
    making.set(key, under);
  }
  return under;
}
