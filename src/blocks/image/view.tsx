/**
 * Image block: a responsive <img> with srcset over the seed's image widths (001 §9) for site files,
 * lazy below the fold, with a caption and an optional link that must pass the link rules.
 */
import { isPublishableLink } from '../../domain/links';
import { IMAGE_WIDTHS } from '../../domain/media';
import type { BlockViewProps } from '../types';
import type { ImageData } from './schema';

export function imageSrcSet(src: string, originalWidth: number | undefined): string | undefined {
  if (!src.startsWith('/s/') || originalWidth === undefined) return undefined;
  const widths = IMAGE_WIDTHS.filter((w) => w < originalWidth);
  return [`${src} ${originalWidth}w`, ...widths.map((w) => `${src}?format=${w}w ${w}w`)].join(', ');
}

export function ImageView({ data, ctx, columns, priority }: BlockViewProps<ImageData>) {
  const file = data.src.startsWith('/s/') ? ctx.files.get(data.src.slice(3)) : undefined;
  const srcSet = imageSrcSet(data.src, file?.width);
  const share = Math.round((columns / 24) * 100);
  const img = (
    <img
      src={data.src}
      alt={data.alt}
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      decoding="async"
      {...(srcSet ? { srcSet, sizes: `(max-width: 800px) 100vw, ${share}vw` } : {})}
      {...(file?.width && file.height ? { width: file.width, height: file.height } : {})}
      className={`image-${data.fit}`}
    />
  );
  const linked = data.link && isPublishableLink(data.link, ctx.host) ? <a href={data.link}>{img}</a> : img;
  return (
    <figure className="block-image">
      {linked}
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
    </figure>
  );
}
