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
 * A video slide (data-type="video") shows its poster under a play control and carries what it
 * plays in data attributes only (the provider's player address or a site file, and its shape), so
 * the page asks no provider until the visitor presses play. A slideshow may have a linked strip of
 * thumbnails under it.
 */
import { ACTIVE_SLIDE_CLASS, SLIDE_ATTRIBUTES, VIDEO_SLIDE_ATTRIBUTES } from '../../domain/gallery';
import { slideKeySource, slideVideo, type GalleryItemMedia, type SlideVideo } from '../../domain/gallery-video';
import { isPublishableLink } from '../../domain/links';
import { format } from '../../messages/format';
import { gallery as galleryWords } from '../../messages/gallery';
import { galleryBlock as words } from '../../messages/gallery-block';
import { videoBlock as videoWords } from '../../messages/video-block';
import { imageSources, Picture } from '../image/picture';
import type { BlockViewProps, RenderContext, RenderedFile } from '../types';
import { MOVING_LAYOUTS, resolveGallery, type ResolvedGallery } from './layout';
import type { GalleryData, GalleryImage } from './schema';

/**
 * A slide ready to render: the image it shows (a video's poster; none for a video without one),
 * that image's file facts when it is a site file, its id in the address, and its video if it is one.
 */
type Slide = { image: GalleryImage; src: string | undefined; file: RenderedFile | undefined; id: string; video: SlideVideo | undefined };

/** The file a site address names, or undefined for an https address. */
const siteFileName = (src: string) => (src.startsWith('/s/') ? src.slice(3) : undefined);

/** Images and video files whose site file is gone: left out of the page, named by the editor. */
export function missingImages(data: { images: readonly Pick<GalleryImage, 'src' | 'videoFile'>[] }, files: ReadonlyMap<string, unknown>): string[] {
  return data.images.flatMap((image) =>
    [image.src, image.videoFile].flatMap((address) => {
      const name = address ? siteFileName(address) : undefined;
      return name !== undefined && !files.has(name) ? [name] : [];
    }),
  );
}

/** A slide id from the image's file name: stable when images are reordered; repeated names get -2, -3 … */
export function slideIds(images: readonly GalleryItemMedia[]): string[] {
  const seen = new Map<string, number>();
  return images.map((image) => {
    const last = slideKeySource(image).split('/').pop() ?? '';
    const base =
      last
        .replace(/\.[A-Za-z0-9]+$/, '')
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'image';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

function slidesOf(data: GalleryData, ctx: RenderContext): Slide[] {
  const ids = slideIds(data.images);
  return data.images.flatMap((image, i) => {
    if (image.videoFile && !ctx.files.has(image.videoFile.slice(3))) return [];
    // A video's poster is its own image, else the one copied at save time.
    const posterFile = (src: string | undefined) => (src && siteFileName(src) !== undefined ? ctx.files.get(siteFileName(src)!) : undefined);
    const video = image.video || image.videoFile ? slideVideo(image, posterFile(image.src || image.embed?.poster)) : undefined;
    if ((image.video || image.videoFile) && !video) return [];
    const src = video ? video.poster : image.src;
    const name = src ? siteFileName(src) : undefined;
    const file = name !== undefined ? ctx.files.get(name) : undefined;
    // A missing image leaves its slide out; a video whose poster is gone still plays, without the poster.
    if (name !== undefined && !file && !video) return [];
    return [{ image, src: name !== undefined && !file ? undefined : src, file, id: ids[i]!, video }];
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

function SlideImage({ slide, src, eager, sizes, fit }: { slide: Slide; src: string; eager: boolean; sizes: string; fit: string }) {
  const { image, file } = slide;
  // Without known dimensions the gallery cannot hold the image's place, so the browser loads it itself (lazily).
  const queued = !eager && file?.width !== undefined && file.height !== undefined;
  return (
    <Picture
      offered={imageSources(src, file)}
      alt={image.alt || file?.alt || ''}
      sizes={sizes}
      file={file}
      className={fit}
      load={eager ? 'now' : queued ? 'queued' : 'lazy'}
    />
  );
}

/** Seed 001 §3's attributes on a slide; the lazily loaded source only when the image waits for the loader. */
function slideAttributes(slide: Slide, data: GalleryData, link: string | undefined): Record<string, string> {
  const { image, file, video } = slide;
  const focal = image.focalPoint ?? { x: 0.5, y: 0.5 };
  const attrs: Record<string, string> = {
    [SLIDE_ATTRIBUTES.ID]: slide.id,
    [SLIDE_ATTRIBUTES.URL]: image.slug ?? slide.id,
    [SLIDE_ATTRIBUTES.TITLE]: image.title ?? video?.title ?? '',
    [SLIDE_ATTRIBUTES.DESCRIPTION]: image.description ?? '',
    [SLIDE_ATTRIBUTES.LIGHTBOX_THEME]: data.lightboxTheme,
    [SLIDE_ATTRIBUTES.TYPE]: video ? 'video' : 'image',
    [SLIDE_ATTRIBUTES.IMAGE_FOCAL_POINT]: `${focal.x},${focal.y}`,
  };
  if (slide.src) attrs[SLIDE_ATTRIBUTES.SRC] = imageSources(slide.src, file).src;
  // The contract with the lightbox (notes/ISSUE16b.md): what a video slide loads on play, and its shape.
  if (video?.kind === 'frame') attrs[VIDEO_SLIDE_ATTRIBUTES.SRC] = video.src;
  if (video?.kind === 'frame') attrs[VIDEO_SLIDE_ATTRIBUTES.PROVIDER] = video.provider;
  if (video?.kind === 'file') attrs[VIDEO_SLIDE_ATTRIBUTES.FILE] = video.file;
  if (video) attrs[VIDEO_SLIDE_ATTRIBUTES.ASPECT] = String(video.aspect);
  if (file?.width && file.height) attrs[SLIDE_ATTRIBUTES.IMAGE_DIMENSIONS] = `${file.width}x${file.height}`;
  if (link) attrs[SLIDE_ATTRIBUTES.CLICK_THROUGH_URL] = link;
  return attrs;
}

/** A video slide's play control over its poster (seed 001 §4: click, Enter or Space); without scripts, a link to the video. */
function PlayControl({ slide }: { slide: Slide }) {
  const title = slide.image.title || slide.video?.title || videoWords.untitled;
  return (
    <>
      <button type="button" className="gallery-play" aria-label={format(videoWords.play, { title })}>
        <svg viewBox="0 0 68 68" width="68" height="68" aria-hidden="true" focusable="false">
          <circle cx="34" cy="34" r="34" />
          <path d="M27 21.5v25L47 34z" />
        </svg>
      </button>
      {slide.video?.kind === 'frame' && slide.image.video ? (
        <noscript>
          <a className="gallery-watch" href={slide.image.video}>
            {format(words.watchVideo, { title })}
          </a>
        </noscript>
      ) : null}
    </>
  );
}

/**
 * The slideshow's linked thumbnail strip (seed 001 §3 thumbnails options, §4 linked galleries): one
 * button a slide, the current one marked; the island keeps its index with the slideshow's. Each
 * thumbnail's box is fixed by the page rules (strip height, thumbnails a row), so nothing shifts as
 * they load (lazily: they sit under the slideshow).
 */
function Thumbnails({ slides, controls, square }: { slides: Slide[]; controls: string; square: boolean }) {
  const total = slides.length;
  return (
    <div className={`gallery-thumbs${square ? ' gallery-thumbs--square' : ''}`} role="group" aria-label={words.thumbnails}>
      {slides.map((slide, i) => {
        const offered = slide.src ? imageSources(slide.src, slide.file) : undefined;
        return (
          <button
            key={slide.id}
            type="button"
            className={`gallery-thumb${i === 0 ? ' gallery-thumb--current' : ''}`}
            aria-controls={controls}
            aria-label={slide.video ? format(words.showVideo, { current: i + 1, total }) : format(words.showImage, { current: i + 1, total })}
            {...(i === 0 ? { 'aria-current': 'true' as const } : {})}
          >
            {offered ? (
              <img src={offered.src} alt="" loading="lazy" decoding="async" {...(offered.srcSet ? { srcSet: offered.srcSet, sizes: '160px' } : {})} />
            ) : (
              <span className="gallery-video-blank" />
            )}
          </button>
        );
      })}
    </div>
  );
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
    <div
      className={classes.join(' ')}
      data-layout={g.layout}
      data-design={g.design}
      {...behaviour}
      {...(data.lightbox ? { 'data-lightbox': 'true', ...(data.historySync ? { 'data-history-sync': 'true' } : {}) } : {})}
      {...(moving ? { role: 'region', 'aria-roledescription': 'carousel', 'aria-label': galleryWords.lightboxDefaultTitle } : {})}
    >
      <List
        className="gallery-slides"
        id={slidesId}
        {...(moving ? { 'aria-live': data.autoplay ? ('off' as const) : ('polite' as const) } : {})}
        // A scroller keyboard users can reach (and scroll with the arrow keys).
        {...(g.layout === 'carousel' || g.layout === 'strip' ? { tabIndex: 0 } : {})}
      >
        {slides.map((slide, i) => {
          // A video slide plays where it is: it has no click-through link (a button may not sit in a link).
          const link = !slide.video && slide.image.link && isPublishableLink(slide.image.link, ctx.host) ? slide.image.link : undefined;
          const active = moving && i === 0;
          const figure = (
            <figure className="gallery-figure">
              <div className="gallery-frame">
                {slide.src ? <SlideImage slide={slide} src={slide.src} eager={i < eager} sizes={sizes} fit={fit} /> : <span className="gallery-video-blank" />}
                {slide.video ? <PlayControl slide={slide} /> : null}
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
              {...(moving
                ? {
                    role: 'group',
                    'aria-roledescription': 'slide',
                    'aria-label': slide.video ? format(words.videoSlideLabel, { current: i + 1, total }) : format(words.slideLabel, { current: i + 1, total }),
                  }
                : {})}
              {...(g.layout === 'stacked' && !active ? { 'aria-hidden': 'true' as const } : {})}
            >
              {link ? <a href={link}>{figure}</a> : figure}
            </Item>
          );
        })}
      </List>
      {g.layout === 'stacked' && data.thumbnails && total > 1 ? <Thumbnails slides={slides} controls={slidesId} square={data['square-thumbs']} /> : null}
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
          <button
            type="button"
            className="gallery-next"
            aria-controls={slidesId}
            aria-label={words.next}
            {...(!data.loop && total <= 1 ? { disabled: true } : {})}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
