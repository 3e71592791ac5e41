/**
 * What a gallery's settings come to once the layout defaults of seed 001 §9 fill what the owner left
 * out: the layout it renders, its design after the §2 mapping, slides per row, gutter, column width,
 * row height, each image's frame and the slideshow or slider's height. The view, the page's rules
 * (css.ts) and the enhancement module read the same numbers.
 */
import { GALLERY_LAYOUT_DEFAULTS, galleryDesign, type GalleryDesign, type GalleryLayout } from '../../domain/gallery';
import type { GalleryData, GalleryDesignSetting } from './schema';

/** The rendered layout of each design setting; `stacked` (one image under another) is the base design's own. */
const LAYOUT_OF: Readonly<Record<GalleryDesignSetting, GalleryLayout | 'base'>> = {
  grid: 'grid',
  autogrid: 'autogrid',
  autocolumns: 'autocolumns',
  autorows: 'autorows',
  carousel: 'carousel',
  list: 'list',
  slideshow: 'stacked',
  slider: 'strip',
  stacked: 'base',
};

/** The layouts that move a slide at a time: they get controls, keys and swipes. */
export const MOVING_LAYOUTS: ReadonlySet<string> = new Set(['carousel', 'stacked', 'strip']);

/** Seed 001 §9: the slider's default aspect ratio, 50 (its height half its width). */
export const SLIDER_ASPECT = 50;
/** A slideshow without a set shape: 3:2. */
const SLIDESHOW_ASPECT = 200 / 3;

export type ResolvedGallery = {
  layout: GalleryLayout | 'base';
  design: GalleryDesign;
  perRow: number;
  gutter: number;
  columnWidth: number;
  rowHeight: number;
  /** Width / height of each image's frame, or undefined for each image's own shape. */
  ratio: { w: number; h: number } | undefined;
  /** Height of a slideshow or slider in percent of its width. */
  vSize: number;
};

function ratioOf(value: string | undefined, fallback: string): { w: number; h: number } | undefined {
  const chosen = value ?? fallback;
  if (chosen === 'auto') return undefined;
  const [w, h] = chosen.split(':').map(Number);
  return { w: w!, h: h! };
}

export function resolveGallery(data: GalleryData): ResolvedGallery {
  const layout = LAYOUT_OF[data.design];
  const d = GALLERY_LAYOUT_DEFAULTS;
  const perRow = data.slidesPerRow ?? (layout === 'carousel' ? d.carousel.slidesPerRow : d.grid.slidesPerRow);
  const defaultGutter =
    layout === 'autorows'
      ? d.autorows.gutter
      : layout === 'carousel'
        ? d.carousel.gutter
        : layout === 'autogrid' || layout === 'autocolumns'
          ? d.autogrid.gutter
          : 12;
  const vSizeDefault = layout === 'strip' ? SLIDER_ASPECT : SLIDESHOW_ASPECT;
  const frameRatio = ratioOf(
    data.imageAspectRatio,
    layout === 'autocolumns' || layout === 'autorows' || layout === 'base' || layout === 'strip' ? 'auto' : layout === 'list' ? '3:2' : '1:1',
  );
  return {
    layout,
    design: galleryDesign(data.design),
    perRow,
    gutter: data.gutter ?? defaultGutter,
    columnWidth: data.columnWidth ?? d.autocolumns.columnWidth,
    rowHeight: d.autorows.rowHeight,
    ratio: frameRatio,
    vSize: data.vSize ?? (layout === 'stacked' && data.imageAspectRatio && frameRatio ? (frameRatio.h / frameRatio.w) * 100 : vSizeDefault),
  };
}
