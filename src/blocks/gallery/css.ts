/**
 * The gallery's rules for the page's stylesheet (no inline styles under the page's CSP): its
 * resolved numbers as custom properties the layout styles (style.css) read, and the carousel's
 * fewer slides per row on narrow windows (seed 001 §9: under 480 px 2, under 724 px 3).
 */
import { carouselSlidesPerRow } from '../../domain/gallery';
import { slideVideo } from '../../domain/gallery-video';
import { resolveGallery } from './layout';
import type { GalleryData } from './schema';
import { slideIds } from './view';

const num = (n: number) => String(Math.round(n * 1000) / 1000);

export function galleryCss(id: string, data: GalleryData): string {
  const g = resolveGallery(data);
  const scope = `#block-${id} .gallery`;
  const vars = [
    `--gallery-per-row:${g.perRow}`,
    `--gallery-gutter:${g.gutter}px`,
    `--gallery-column:${num(g.columnWidth)}px`,
    `--gallery-row:${g.rowHeight}px`,
    `--gallery-ratio:${g.ratio ? `${g.ratio.w}/${g.ratio.h}` : 'auto'}`,
    `--gallery-vsize:${num(g.vSize)}`,
    `--gallery-list-size:${data.listImageSize}%`,
    `--gallery-padding:${data.padding}px`,
    `--gallery-thumb-height:${data['thumbnail-strip-height']}px`,
    `--gallery-thumb-margin:${data['thumbnail-strip-margin']}px`,
    `--gallery-thumbs-per-row:${data['thumbnails-per-row']}`,
  ];
  let css = `${scope}{${vars.join(';')}}`;
  // A video slide without a poster keeps the video's own shape (slide ids are letters, digits, - and _ only).
  const ids = slideIds(data.images);
  data.images.forEach((item, i) => {
    const video = !item.src && !item.embed?.poster ? slideVideo(item) : undefined;
    if (video) css += `${scope} [data-slide-id="${ids[i]}"]{--gallery-video-ratio:100/${num(video.aspect)}}`;
  });
  if (g.layout === 'carousel') {
    for (const [below, width] of [
      [724, 723],
      [480, 479],
    ] as const) {
      const n = carouselSlidesPerRow(width, g.perRow);
      if (n !== g.perRow) css += `@media (max-width:${below - 1}px){${scope}{--gallery-per-row:${n}}}`;
    }
  } else if (g.layout === 'grid' && g.perRow > 2) {
    css += `@media (max-width:640px){${scope}{--gallery-per-row:2}}`;
  }
  return css;
}
