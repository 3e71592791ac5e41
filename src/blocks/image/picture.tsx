/**
 * A site image as a <picture>: the image pipeline's AVIF and WebP sources, then the original's own
 * format, each at the seed's image widths below the original (001 §9) and the original's own width,
 * under the file's immutable hashed address with the width in the query string (001 §5's default
 * size format). Until the copies exist, the file's own address (which answers a copy made for the
 * request); while the pipeline makes them (first those a page shows first, then AVIF and the other
 * widths), only the copies made. Width and height always when known (001 §5 dimension data), so
 * nothing shifts.
 *
 * How it loads: `now` (above the fold: the addresses are the <img>'s own, `fetchpriority=high`),
 * `lazy` (the browser's own lazy loading) or `queued`: the addresses wait in data attributes for the
 * image loader (island.ts: 200 px margin, a throttled queue), with a <noscript> copy for browsers
 * without scripts. A queued image is valid HTML meanwhile: its <img> and <source>s name an empty
 * SVG, which has no size of its own, so the box keeps the ratio of the width and height given.
 */
import { IMAGE_WIDTHS } from '../../domain/media';
import type { RenderedFile } from '../types';

/** What a queued image shows until the loader gives it its addresses: no request, no ratio of its own. */
export const WAITING_IMAGE = 'data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27/%3E';

/** The modern formats offered before the original's own, best first. */
const MODERN = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const;

export type ImageSources = { src: string; srcSet?: string; sources: { type: string; srcSet: string }[] };

/** What an image at `src` offers: the original alone, or every format and width the pipeline made. */
export function imageSources(src: string, file: RenderedFile | undefined): ImageSources {
  if (!file?.hash || !file.width || !file.formats?.length) return { src, sources: [] };
  const width = file.width;
  const all = [width, ...IMAGE_WIDTHS.filter((w) => w < width)];
  const made = (format: string) => (file.widths ? (file.widths[format] ?? []).filter((w) => all.includes(w)) : all);
  const base = `/s/${file.hash}/${file.name}`;
  // The own width is the bare address; a seed width asks for its copy in the query string.
  const at = (address: string, w: number) => (w === width ? address : `${address}?format=${w}w`);
  const candidates = (address: string, ws: readonly number[]) => ws.map((w) => `${at(address, w)} ${w}w`).join(', ');
  const own = file.contentType.split('/')[1]!;
  const ownWidths = file.formats.includes(own) ? made(own) : [];
  return {
    src: ownWidths.length > 0 ? at(base, Math.max(...ownWidths)) : src,
    ...(ownWidths.length > 0 ? { srcSet: candidates(base, ownWidths) } : {}),
    sources: MODERN.filter((m) => m.format !== own && file.formats!.includes(m.format) && made(m.format).length > 0).map((m) => ({
      type: m.type,
      srcSet: candidates(`${base}.${m.format}`, made(m.format)),
    })),
  };
}

export type PictureLoad = 'now' | 'lazy' | 'queued';

type PictureProps = {
  offered: ImageSources;
  alt: string;
  sizes: string;
  /** The file's size in pixels, when known. */
  file?: RenderedFile | undefined;
  /** The size to hold, when it is not the file's own (a logo drawn at the owner's height). */
  size?: { width: number; height: number };
  className?: string;
  pictureClassName?: string;
  load: PictureLoad;
};

/** The attributes that name an image's addresses, as the browser reads them or as they wait for the loader. */
function addresses(load: PictureLoad, src: string | undefined, srcSet: string | undefined, sizes: string): Record<string, string> {
  if (load !== 'queued') return { ...(src ? { src } : {}), ...(srcSet ? { srcSet, sizes } : {}) };
  return {
    ...(src ? { src: WAITING_IMAGE, 'data-src': src } : { srcSet: WAITING_IMAGE }),
    ...(srcSet ? { 'data-srcset': srcSet, 'data-sizes': sizes } : {}),
  };
}

export function Picture({ offered, alt, sizes, file, size, className, pictureClassName, load }: PictureProps) {
  const dimensions = size ?? (file?.width && file.height ? { width: file.width, height: file.height } : {});
  const how = load === 'now' ? { fetchPriority: 'high' as const } : load === 'lazy' ? { loading: 'lazy' as const } : {};
  const img = <img {...addresses(load, offered.src, offered.srcSet, sizes)} alt={alt} {...how} decoding="async" {...dimensions} className={className} />;
  const picture =
    offered.sources.length > 0 || pictureClassName ? (
      <picture className={pictureClassName}>
        {offered.sources.map((source) => (
          <source key={source.type} type={source.type} {...addresses(load, undefined, source.srcSet, sizes)} />
        ))}
        {img}
      </picture>
    ) : (
      img
    );
  if (load !== 'queued') return picture;
  // Without scripts, the original (or its copy in the original's format) loads as the browser sees fit.
  return (
    <>
      {picture}
      <noscript>
        <Picture offered={{ ...offered, sources: [] }} alt={alt} sizes={sizes} file={file} className={className} load="lazy" />
      </noscript>
    </>
  );
}
