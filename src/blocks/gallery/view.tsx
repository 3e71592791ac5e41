/**
 * Gallery block: the server's markup of every layout of seed 001 §2 (grid, autogrid, autocolumns,
 * autorows, carousel, list, slideshow, slider, and images one under another), which the
 * enhancement module (island.ts) moves for the carousel, slideshow and slider. Each slide carries
 * the seed's slide attributes (§3: id, url, title, description, lightbox theme, click-through URL,
 * type, WIDTHxHEIGHT dimensions, focal point, source): what the lightbox's loader reads. Every image
 * has alternative text, its width and height (so nothing shifts as it loads) and the image
 * pipeline's <picture> sources (the image block's `imageSources`); in the page's first section the
 * first row loads at once, the rest waits in data attributes until it comes within the loader's
 * margin. An image whose site file is missing or deleted is left out (the editor names it).
 */
import { ACTIVE_SLIDE_CLASS, SLIDE_ATTRIBUTES } from '../../domain/gallery';
import { isPublishableLink } from '../../domain/links';
import { format } from '../../messages/format';
import { gallery as galleryWords } from '../../messages/gallery';
import { galleryBlock as words } from '../../messages/gallery-block';
import { imageSources } from '../image/view';
import type { BlockViewProps, RenderContext, RenderedFile } from '../types';
import { MOVING_LAYOUTS, resolveGallery, type ResolvedGallery } from './layout';
import type { GalleryData, GalleryImage } from './schema';

/** A slide ready to render: its image's file facts when it is a site file, and its id in the address. */
type Slide = { image: GalleryImage; file: RenderedFile | undefined; id: string };

/** The file a site address names, or undefined for an https address. */
const siteFileName = (src: string) => (src.startsWith('/s/') ? src.slice(3) : undefined);

/** Images whose site file is gone: left out of the page, named by the editor. */
export function missingImages(data: Pick<GalleryData, 'images'>, files: ReadonlyMap<string, unknown>): string[] {
  return data.images.flatMap((image) => {
    const name = siteFileName(image.src);
    return name !== undefined && !files.has(name) ? [name] : [];
  });
}

/** A slide id from the image's file name: stable when images are reordered; repeated names get -2, -3 … */
export function slideIds(images: readonly Pick<GalleryImage, 'src'>[]): string[] {
  const seen = new Map<string, number>();
  return images.map((image) => {
    const last = image.src.split('/').pop() ?? '';
    const base = last.replace(/\.[A-Za-z0-9]+$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

function slidesOf(data: GalleryData, ctx: RenderContext): Slide[] {
  const ids = slideIds(data.images);
  return data.images.flatMap((image, i) => {
    const name = siteFileName(image.src);
    const file = name !== undefined ? ctx.files.get(name) : undefined;
    if (name !== undefined && !file) return [];
    return [{ image, file, id: ids[i]! }];
  });
}

/** How many images of a gallery in the first section load at once: about its first row. */
function eagerCount(g: ResolvedGallery): number {
  if (g.layout === 'stacked') return 1;
  if (g.layout === 'strip') return 3;
  if (g.layout === 'grid' || g.layout === 'carousel') return g.perRow;
  return 4;
}

/** The `sizes` of each layout's images: what share of the window one image takes. */
function sizesOf(g: ResolvedGallery, columns: number): string {
  const share = Math.round((columns / 24) * 100);
  if (g.layout === 'grid' || g.layout === 'carousel') return `(max-width: 640px) 50vw, ${Math.ceil(share / g.perRow)}vw`;
  if (g.layout === 'autogrid' || g.layout === 'autocolumns') return `${Math.round(g.columnWidth * 1.5)}px`;
  if (g.layout === 'autorows') return `${g.rowHeight * 2}px`;
  if (g.layout === 'list') return `(max-width: 640px) 100vw, ${Math.ceil(share / 2)}vw`;
  return `(max-width: 800px) 100vw, ${share}vw`;
}

function SlideImage({ slide, eager, sizes, fit }: { slide: Slide; eager: boolean; sizes: string; fit: string }) {
  const { image, file } = slide;
  const offered = imageSources(image.src, file);
  const alt = image.alt || file?.alt || '';
  const dimensions = file?.width && file.height ? { width: file.width, height: file.height } : {};
  // Without known dimensions the gallery cannot hold the image's place, so the browser loads it itself (lazily).
  const lazy = !eager && file?.width !== undefined && file.height !== undefined;
  const img = lazy ? (
    <img data-src={offered.src} alt={alt} decoding="async" {...(offered.srcSet ? { 'data-srcset': offered.srcSet, sizes } : {})} {...dimensions} className={fit} />
  ) : (
    <img src={offered.src} alt={alt} decoding="async" {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})} {...dimensions} className={fit} />
  );
  const picture =
    offered.sources.length > 0 ? (
      <picture>
        {offered.sources.map((source) =>
          lazy ? (
            <source key={source.type} type={source.type} data-srcset={source.srcSet} sizes={sizes} />
          ) : (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ),
        )}
        {img}
      </picture>
    ) : (
      img
    );
  return (
    <>
      {picture}
      {lazy ? (
        <noscript>
          <img src={offered.src} alt={alt} loading="lazy" decoding="async" {...(offered.srcSet ? { srcSet: offered.srcSet, sizes } : {})} {...dimensions} className={fit} />
        </noscript>
      ) : null}
    </>
  );
}

/** Seed 001 §3's attributes on a slide; the lazily loaded source only when the image waits for the loader. */
function slideAttributes(slide: Slide, data: GalleryData, link: string | undefined): Record<string, string> {
  const { image, file } = slide;
  const focal = image.focalPoint ?? { x: 0.5, y: 0.5 };
  const attrs: Record<string, string> = {
    [SLIDE_ATTRIBUTES.ID]: slide.id,
    [SLIDE_ATTRIBUTES.URL]: image.slug ?? slide.id,
    [SLIDE_ATTRIBUTES.TITLE]: image.title ?? '',
    [SLIDE_ATTRIBUTES.DESCRIPTION]: image.description ?? '',
    [SLIDE_ATTRIBUTES.LIGHTBOX_THEME]: data.lightboxTheme,
    [SLIDE_ATTRIBUTES.TYPE]: 'image',
    [SLIDE_ATTRIBUTES.IMAGE_FOCAL_POINT]: `${focal.x},${focal.y}`,
    [SLIDE_ATTRIBUTES.SRC]: imageSources(image.src, file).src,
  };
  if (file?.width && file.height) attrs[SLIDE_ATTRIBUTES.IMAGE_DIMENSIONS] = `${file.width}x${file.height}`;
  if (link) attrs[SLIDE_ATTRIBUTES.CLICK_THROUGH_URL] = link;
  return attrs;
}

export function GalleryView({ id, data, ctx, columns, priority }: BlockViewProps<GalleryData>) {
  const g = resolveGallery(data);
  const slides = slidesOf(data, ctx);
  if (slides.length === 0) return <div className="gallery gallery--empty" data-layout={g.layout} />;
  const moving = MOVING_LAYOUTS.has(g.layout);
  // A moving gallery's slides are groups of a carousel (ARIA's pattern), which a list's items cannot be.
  const List = moving ? 'div' : 'ul';
  const Item = moving ? 'div' : 'li';
  const sizes = sizesOf(g, columns);
  const fit = data['auto-crop'] ? 'gallery-fill' : 'gallery-fit';
  const eager = priority ? eagerCount(g) : 0;
  const total = slides.length;
  const slidesId = `gallery-${id}-slides`;
  const captions = g.layout === 'list' || slides.some((s) => s.image.title || s.image.description);
  const classes = [
    'gallery',
    `gallery--${g.layout}`,
    `gallery--design-${g.design}`,
    g.layout === 'stacked' ? `gallery--t-${data.transition}` : '',
    `gallery--meta-${data['meta-position']}`,
    // The slideshow's frame is the slideshow's own shape (vSize), not each image's.
    g.ratio && g.layout !== 'stacked' ? 'gallery--framed' : 'gallery--natural',
  ].filter(Boolean);
  const behaviour = moving
    ? {
        'data-loop': String(data.loop),
        'data-autoplay': String(data.autoplay),
        ...(data['autoplay-duration'] !== undefined ? { 'data-autoplay-duration': String(data['autoplay-duration']) } : {}),
        'data-transition': data.transition,
        'data-click': data.click,
        'data-current-click': data.currentClick,
        'data-history-hash': String(data.historyHash),
        'data-per-row': String(g.perRow),
        'data-alignment': data['active-alignment'],
      }
    : {};
  return (
    <div className={classes.join(' ')} data-layout={g.layout} data-design={g.design} {...behaviour} {...(moving ? { role: 'region', 'aria-roledescription': 'carousel', 'aria-label': galleryWords.lightboxDefaultTitle } : {})}>
      <List
        className="gallery-slides"
        id={slidesId}
        {...(moving ? { 'aria-live': data.autoplay ? ('off' as const) : ('polite' as const) } : {})}
        // A scroller keyboard users can reach (and scroll with the arrow keys).
        {...(g.layout === 'carousel' || g.layout === 'strip' ? { tabIndex: 0 } : {})}
      >
        {slides.map((slide, i) => {
          const link = slide.image.link && isPublishableLink(slide.image.link, ctx.host) ? slide.image.link : undefined;
          const active = moving && i === 0;
          const figure = (
            <figure className="gallery-figure">
              <div className="gallery-frame">
                <SlideImage slide={slide} eager={i < eager} sizes={sizes} fit={fit} />
              </div>
              {captions && (slide.image.title || slide.image.description) ? (
                <figcaption className="gallery-meta">
                  {slide.image.title ? <strong className="gallery-title">{slide.image.title}</strong> : null}
                  {slide.image.description ? <span className="gallery-description">{slide.image.description}</span> : null}
                </figcaption>
              ) : null}
            </figure>
          );
          return (
            <Item
              key={slide.id}
              className={`gallery-slide${active ? ` ${ACTIVE_SLIDE_CLASS}` : ''}`}
              {...slideAttributes(slide, data, link)}
              {...(moving ? { role: 'group', 'aria-roledescription': 'slide', 'aria-label': format(words.slideLabel, { current: i + 1, total }) } : {})}
              {...(g.layout === 'stacked' && !active ? { 'aria-hidden': 'true' as const } : {})}
            >
              {link ? <a href={link}>{figure}</a> : figure}
            </Item>
          );
        })}
      </List>
      {moving && !(g.layout === 'carousel' && total <= g.perRow) ? (
        <div className="gallery-controls">
          <button type="button" className="gallery-previous" aria-controls={slidesId} aria-label={words.previous} {...(data.loop ? {} : { disabled: true })}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          {g.layout === 'carousel' ? null : (
            <p className="gallery-counter">
              <span className="gallery-current">{format(words.counter, { current: 1, total })}</span>
            </p>
          )}
          <button type="button" className="gallery-next" aria-controls={slidesId} aria-label={words.next} {...(!data.loop && total <= 1 ? { disabled: true } : {})}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
