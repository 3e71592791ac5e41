/**
 * Image block: a responsive <picture> for site files whose copies the image pipeline has made
 * (AVIF and WebP sources, then the original's own format), each at the seed's image widths below the
 * original (001 §9) and the original's own width, under the file's immutable hashed address with the
 * width in the query string (001 §5's default size format). Until the copies exist, the original
 * itself. Width and height always when known (001 §5 dimension data), so nothing shifts. Above the
 * fold the addresses are the <img>'s own, `fetchpriority=high`; below it they wait in data attributes
 * for the image loader (island.ts: 200 px margin, a throttled queue), with a <noscript> copy for
 * browsers without scripts. A caption and an optional link that must pass the link rules.
 */
import { isPublishableLink } from '../../domain/links';
import { IMAGE_WIDTHS } from '../../domain/media';
import type { BlockViewProps, RenderedFile } from '../types';
import type { ImageData } from './schema';

/** The modern formats offered before the original's own, best first. */
const MODERN = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const;

export type ImageSources = { src: string; srcSet?: string; sources: { type: string; srcSet: string }[] };

/** What an image at `src` offers: the original alone, or every format and width the pipeline made. */
export function imageSources(src: string, file: RenderedFile | undefined): ImageSources {
  if (!file?.hash || !file.width || !file.formats?.length) return { src, sources: [] };
  const widths = IMAGE_WIDTHS.filter((w) => w < file.width!);
  const base = `/s/${file.hash}/${file.name}`;
  const candidates = (address: string) => [`${address} ${file.width}w`, ...widths.map((w) => `${address}?format=${w}w ${w}w`)].join(', ');
  const own = file.contentType.split('/')[1]!;
  return {
    src: file.formats.includes(own) ? base : src,
    ...(file.formats.includes(own) ? { srcSet: candidates(base) } : {}),
    sources: MODERN.filter((m) => m.format !== own && file.formats!.includes(m.format)).map((m) => ({ type: m.type, srcSet: candidates(`${base}.${m.format}`) })),
  };
}

export function ImageView({ data, ctx, columns, priority }: BlockViewProps<ImageData>) {
  const file = data.src.startsWith('/s/') ? ctx.files.get(data.src.slice(3)) : undefined;
  const offered = imageSources(data.src, file);
  const share = Math.round((columns / 24) * 100);
  const sizes = `(max-width: 800px) 100vw, ${share}vw`;
  const alt = data.alt || file?.alt || '';
  const dimensions = file?.width && file.height ? { width: file.width, height: file.height } : {};
  const className = `image-${data.fit}`;
  // Above the fold: addresses the browser fetches at once, first. Below it: addresses the image loader (island.ts) sets.
  const img = priority ? (
    <img src={offered.src} alt={alt} fetchPriority="high" decoding="async" {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})} {...dimensions} className={className} />
  ) : (
    <img data-src={offered.src} alt={alt} decoding="async" {...(offered.srcSet ? { 'data-srcset': offered.srcSet, sizes } : {})} {...dimensions} className={className} />
  );
  const picture =
    offered.sources.length > 0 ? (
      <picture>
        {offered.sources.map((source) =>
          priority ? (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ) : (
            <source key={source.type} type={source.type} data-srcset={source.srcSet} sizes={sizes} />
          ),
        )}
        {img}
      </picture>
    ) : (
      img
    );
  // Without scripts, the original (or its copy in the original's format) loads as the browser sees fit.
  const fallback = priority ? null : (
    <noscript>
      <img src={offered.src} alt={alt} loading="lazy" decoding="async" {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})} {...dimensions} className={className} />
    </noscript>
  );
  const linked = data.link && isPublishableLink(data.link, ctx.host) ? (
    <a href={data.link}>
      {picture}
      {fallback}
    </a>
  ) : (
    <>
      {picture}
      {fallback}
    </>
  );
  return (
    <figure className="block-image">
      {linked}
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
    </figure>
  );
}
