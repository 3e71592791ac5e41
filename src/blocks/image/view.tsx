/**
 * Image block: a responsive <picture> for site files whose copies the image pipeline has made
 * (AVIF and WebP sources, then the original's own format), each at the seed's image widths below the
 * original (001 §9) and the original's own width, under the file's immutable hashed address with the
 * width in the query string (001 §5's default size format). Until the copies exist, the original
 * itself. Width and height always when known (001 §5 dimension data), so nothing shifts. Above the
 * fold the addresses are the <img>'s own, `fetchpriority=high`; below it they wait in data attributes
 * for the image loader (island.ts: 200 px margin, a throttled queue), with a <noscript> copy for
 * browsers without scripts. A caption and an optional link that must pass the link rules.
 *
 * The layouts (seed 001 §3 variants 1011 to 1016): inline is the figure with its caption, as every
 * image block rendered before the layouts; poster, card, overlap, collage and stack put the image
 * and the block's text (title, owner HTML, a button) in one grid that style.css arranges, narrow
 * under 415 px by a container query (seed 000 §9), with no script and no inline style.
 */
import type { ReactNode } from 'react';
import { isPublishableLink } from '../../domain/links';
import { IMAGE_WIDTHS } from '../../domain/media';
import { htmlForHost } from '../html';
import type { BlockViewProps, RenderContext, RenderedFile } from '../types';
import { IMAGE_LAYOUTS, imageLayout, type ImageLayout, type StoredImageData } from './schema';

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
    sources: MODERN.filter((m) => m.format !== own && file.formats!.includes(m.format)).map((m) => ({
      type: m.type,
      srcSet: candidates(`${base}.${m.format}`),
    })),
  };
}

export function ImageView({ data, ctx, columns, priority }: BlockViewProps<StoredImageData>) {
  const file = data.src.startsWith('/s/') ? ctx.files.get(data.src.slice(3)) : undefined;
  const offered = imageSources(data.src, file);
  const share = Math.round((columns / 24) * 100);
  const sizes = `(max-width: 800px) 100vw, ${share}vw`;
  const alt = data.alt || file?.alt || '';
  const dimensions = file?.width && file.height ? { width: file.width, height: file.height } : {};
  const className = `image-${data.fit}`;
  // Above the fold: addresses the browser fetches at once, first. Below it: addresses the image loader (island.ts) sets.
  const img = priority ? (
    <img
      src={offered.src}
      alt={alt}
      fetchPriority="high"
      decoding="async"
      {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})}
      {...dimensions}
      className={className}
    />
  ) : (
    <img
      data-src={offered.src}
      alt={alt}
      decoding="async"
      {...(offered.srcSet ? { 'data-srcset': offered.srcSet, sizes } : {})}
      {...dimensions}
      className={className}
    />
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
      <img
        src={offered.src}
        alt={alt}
        loading="lazy"
        decoding="async"
        {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})}
        {...dimensions}
        className={className}
      />
    </noscript>
  );
  const linked =
    data.link && isPublishableLink(data.link, ctx.host) ? (
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
  const layout = imageLayout(data.variant);
  if (layout === 'inline') {
    return (
      <figure className="block-image">
        {linked}
        {data.caption ? <figcaption>{data.caption}</figcaption> : null}
      </figure>
    );
  }
  return (
    <div className={layoutClasses(layout, data)} data-variant={IMAGE_LAYOUTS[layout]}>
      <div className="image-layout">
        <div className="image-media">{linked}</div>
        <ImageText data={data} ctx={ctx} />
      </div>
    </div>
  );
}

/** The root's classes: the layout, where its text sits, and the image's side and panel where the layout has them. */
function layoutClasses(layout: Exclude<ImageLayout, 'inline'>, data: StoredImageData): string {
  const [vertical, horizontal] = (data.contentPosition ?? 'CENTER_LEFT').toLowerCase().split('_');
  const classes = ['block-image', `image-variant-${layout}`, `image-at-${vertical}`, `image-align-${horizontal}`];
  if ((layout === 'card' || layout === 'overlap' || layout === 'collage') && data.imageSide === 'right') classes.push('image-side-right');
  if (layout === 'collage') classes.push(`image-panel-${data.panel ?? 'accent'}`);
  return classes.join(' ');
}

/** The layout's text: its title, its owner HTML and its button, or nothing when it has none. */
function ImageText({ data, ctx }: { data: StoredImageData; ctx: RenderContext }) {
  const Heading = data.headingLevel ?? 'h2';
  const parts: ReactNode[] = [];
  if (data.title)
    parts.push(
      <Heading key="title" className="image-title">
        {data.title}
      </Heading>,
    );
  if (data.bodyHtml) parts.push(<div key="body" className="image-body" dangerouslySetInnerHTML={{ __html: htmlForHost(data.bodyHtml, ctx.host) }} />);
  // A button needs its text and a link a page may carry; without either there is nothing to press.
  if (data.buttonText && data.buttonLink && isPublishableLink(data.buttonLink, ctx.host)) {
    parts.push(
      <p key="button" className="image-action">
        <a className="button button-primary button-medium" href={data.buttonLink}>
          {data.buttonText}
        </a>
      </p>,
    );
  }
  return parts.length > 0 ? <div className="image-content">{parts}</div> : null;
}
