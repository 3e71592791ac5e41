/**
 * Image block: a responsive <picture> (picture.tsx) for a site file. Above the fold the addresses
 * are the <img>'s own, `fetchpriority=high`; below it they wait for the image loader (island.ts).
 * A caption and an optional link that must pass the link rules.
 *
 * The layouts (seed 001 §3 variants 1011 to 1016): inline is the figure with its caption, as every
 * image block rendered before the layouts; poster, card, overlap, collage and stack put the image
 * and the block's text (title, owner HTML, a button) in one grid that style.css arranges, narrow
 * under 415 px by a container query (seed 000 §9), with no script and no inline style.
 */
import type { ReactNode } from 'react';
import { isPublishableLink } from '../../domain/links';
import { htmlForHost } from '../html';
import type { BlockViewProps, RenderContext } from '../types';
import { imageSources, Picture } from './picture';
import { IMAGE_LAYOUTS, imageLayout, type ImageLayout, type StoredImageData } from './schema';

export function ImageView({ data, ctx, columns, priority }: BlockViewProps<StoredImageData>) {
  const file = data.src.startsWith('/s/') ? ctx.files.get(data.src.slice(3)) : undefined;
  const share = Math.round((columns / 24) * 100);
  const picture = (
    <Picture
      offered={imageSources(data.src, file)}
      alt={data.alt || file?.alt || ''}
      sizes={`(max-width: 800px) 100vw, ${share}vw`}
      file={file}
      className={`image-${data.fit}`}
      load={priority ? 'now' : 'queued'}
    />
  );
  const linked = data.link && isPublishableLink(data.link, ctx.host) ? <a href={data.link}>{picture}</a> : picture;
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
