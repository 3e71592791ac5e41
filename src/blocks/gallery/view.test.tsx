// @vitest-environment happy-dom
/**
 * The gallery's server markup: each layout and its design, the slide attributes, pictures with
 * dimensions, the first row eager in the first section, missing files left out, and the options
 * the schema refuses (seed 001 §2, §3, §5, §9).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WAITING_IMAGE } from '../image/picture';
import type { RenderContext, RenderedFile } from '../types';
import { galleryCss } from './css';
import { galleryData, GALLERY_DESIGN_SETTINGS } from './schema';
import { GalleryView, missingImages, slideIds } from './view';

const file = (name: string, width = 400, height = 300): RenderedFile => ({
  name,
  contentType: 'image/jpeg',
  width,
  height,
  hash: 'abcdef0123456789',
  formats: ['avif', 'webp', 'jpeg'],
});
const files = new Map(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((n) => [n, file(n)]));
const ctx: RenderContext = { host: 'example.com', files, featureFlags: [] };
const images = ['a', 'b', 'c', 'd', 'e'].map((n) => ({ src: `/s/${n}.jpg`, alt: `Picture ${n}` }));

function render(data: Record<string, unknown>, priority = false) {
  const parsed = galleryData.parse({ images, ...data });
  const html = renderToStaticMarkup(<GalleryView id="g1" data={parsed} ctx={ctx} columns={24} priority={priority} />);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return { html, doc, slides: [...doc.querySelectorAll<HTMLElement>('.gallery-slide')], root: doc.querySelector<HTMLElement>('.gallery')! };
}

describe('the gallery view', () => {
  // covers 001-2.21, 001-2.23, 001-2.24, 001-2.25, 001-2.26, 001-2.27
  it('renders each design setting as its layout and mapped design', () => {
    const expected: Record<string, [string, string]> = {
      grid: ['grid', 'grid'],
      autogrid: ['autogrid', 'autogrid'],
      autocolumns: ['autocolumns', 'autocolumns'],
      autorows: ['autorows', 'base'],
      carousel: ['carousel', 'carousel'],
      list: ['list', 'list'],
      slideshow: ['stacked', 'stacked'],
      slider: ['strip', 'strip'],
      stacked: ['base', 'base'],
    };
    for (const design of GALLERY_DESIGN_SETTINGS) {
      const { root, slides } = render({ design });
      expect([root.dataset.layout, root.dataset.design]).toEqual(expected[design]);
      expect(slides).toHaveLength(5);
    }
  });

  // covers 001-3.06, 001-3.08, 001-5.12, 001-7.47
  it('gives every slide the seed attributes and every image alt text, dimensions and pipeline sources', () => {
    const { slides } = render({ design: 'grid', lightboxTheme: 'light' });
    const first = slides[0]!;
    expect(first.dataset.slideId).toBe('a');
    expect(first.dataset.slideUrl).toBe('a');
    expect(first.dataset.type).toBe('image');
    expect(first.dataset.lightboxTheme).toBe('light');
    expect(first.dataset.imageDimensions).toMatch(/^\d+x\d+$/);
    expect(first.dataset.imageFocalPoint).toBe('0.5,0.5');
    expect(first.dataset.src).toBe('/s/abcdef0123456789/a.jpg');
    const img = first.querySelector('picture img')!;
    expect(img.getAttribute('alt')).toBe('Picture a');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '300']);
    expect(img.getAttribute('data-src')).toBe('/s/abcdef0123456789/a.jpg');
    // Waiting for the loader, the image names the empty picture: valid HTML, no request.
    expect(img.getAttribute('src')).toBe(WAITING_IMAGE);
    expect([...first.querySelectorAll('source')].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  });

  // covers 001-3.06, 001-4.31
  it('writes a click-through URL, title and description when the owner gives them', () => {
    const parsed = galleryData.parse({ images: [{ src: '/s/a.jpg', alt: 'A', title: 'Harbour', description: 'At dawn', link: '/visit', slug: 'harbour' }] });
    const html = renderToStaticMarkup(<GalleryView id="g1" data={parsed} ctx={ctx} columns={24} priority={false} />);
    const slide = new DOMParser().parseFromString(html, 'text/html').querySelector<HTMLElement>('.gallery-slide')!;
    expect(slide.dataset.clickThroughUrl).toBe('/visit');
    expect(slide.dataset.title).toBe('Harbour');
    expect(slide.dataset.description).toBe('At dawn');
    expect(slide.dataset.slideUrl).toBe('harbour');
    expect(slide.querySelector('a')!.getAttribute('href')).toBe('/visit');
  });

  it('loads the first row at once in the first section, the rest through the loader', () => {
    const { slides } = render({ design: 'grid', slidesPerRow: 3 }, true);
    expect(slides.map((s) => s.querySelector('img')!.getAttribute('src') !== WAITING_IMAGE)).toEqual([true, true, true, false, false]);
  });

  // covers 001-4.08, 001-3.15, 001-9.01, 001-3.17, 001-3.25, 001-4.06
  it('marks the first slide of a moving layout active, with controls and the counter', () => {
    const { slides, root } = render({ design: 'slideshow' });
    expect(slides.map((s) => s.classList.contains('sqs-active-slide'))).toEqual([true, false, false, false, false]);
    expect(root.querySelector('.gallery-previous')!.hasAttribute('disabled')).toBe(true);
    expect(root.querySelector('.gallery-next')!.hasAttribute('disabled')).toBe(false);
    expect(root.querySelector('.gallery-counter')!.textContent).toBe('1 of 5');
    expect(render({ design: 'grid' }).root.querySelector('.gallery-controls')).toBeNull();
  });

  // covers 001-4.49
  it('hides the carousel controls when every slide fits', () => {
    expect(render({ design: 'carousel', slidesPerRow: 5 }).root.querySelector('.gallery-controls')).toBeNull();
    expect(render({ design: 'carousel', slidesPerRow: 3 }).root.querySelector('.gallery-controls')).not.toBeNull();
  });

  it('leaves out images whose file is gone, and names them', () => {
    const parsed = galleryData.parse({ images: [...images, { src: '/s/gone.jpg', alt: 'Gone' }] });
    const html = renderToStaticMarkup(<GalleryView id="g1" data={parsed} ctx={ctx} columns={24} priority={false} />);
    expect(html).not.toContain('gone');
    expect(missingImages(parsed, files)).toEqual(['gone.jpg']);
    const none = galleryData.parse({ images: [{ src: '/s/gone.jpg', alt: '' }] });
    expect(renderToStaticMarkup(<GalleryView id="g1" data={none} ctx={ctx} columns={24} priority={false} />)).toContain('gallery--empty');
  });

  it('gives slides stable ids from their file names', () => {
    expect(slideIds([{ src: '/s/a.jpg' }, { src: '/s/a.jpg' }, { src: 'https://x.test/p/Big%20one.png' }])).toEqual(['a', 'a-2', 'Big-20one']);
  });
});

describe('the gallery options', () => {
  // covers 001-3.30, 001-3.31, 001-3.33, 001-5.21, 001-5.22
  it('accepts the seed option names and refuses out-of-range values', () => {
    const all = {
      images,
      design: 'carousel',
      imageAspectRatio: '3:2',
      slidesPerRow: 3,
      lightbox: true,
      lightboxTheme: 'light',
      mixedContent: false,
      columnWidth: 250,
      gutter: 4,
      listImageSize: 40,
      'thumbnails-per-row': 6,
      'active-alignment': 'start',
      autoplay: true,
      'autoplay-duration': 3,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 10,
      'square-thumbs': true,
      'auto-crop': false,
      padding: 10,
      'meta-position': 'top-right',
      vSize: 50,
    };
    expect(galleryData.safeParse(all).success).toBe(true);
    expect(galleryData.safeParse({ ...all, lightboxTheme: 'blue' }).success).toBe(false);
    expect(galleryData.safeParse({ ...all, 'meta-position': 'middle' }).success).toBe(false);
    expect(galleryData.safeParse({ ...all, columnWidth: 0 }).success).toBe(false);
    expect(galleryData.safeParse({ ...all, columnWidth: -5 }).success).toBe(false);
    expect(galleryData.safeParse({ ...all, 'active-alignment': 'left' }).success).toBe(false);
  });

  // covers 001-9.56, 001-9.57, 001-9.58, 001-9.59, 001-9.60, 001-9.61, 001-9.80, 001-9.34
  it('fills the layout defaults into the page rules', () => {
    const css = (data: Record<string, unknown>) => galleryCss('g1', galleryData.parse({ images, ...data }));
    expect(css({ design: 'grid' })).toContain('--gallery-per-row:4');
    expect(css({ design: 'autogrid' })).toMatch(/--gallery-gutter:0px;--gallery-column:250px/);
    expect(css({ design: 'autocolumns' })).toMatch(/--gallery-gutter:0px;--gallery-column:250px/);
    expect(css({ design: 'autorows' })).toMatch(/--gallery-gutter:20px;.*--gallery-row:250px/);
    const carousel = css({ design: 'carousel' });
    expect(carousel).toMatch(/--gallery-per-row:3;--gallery-gutter:1px/);
    expect(carousel).toContain('@media (max-width:479px){#block-g1 .gallery{--gallery-per-row:2}}');
    expect(carousel).not.toContain('max-width:723px');
    expect(css({ design: 'carousel', slidesPerRow: 5 })).toContain('@media (max-width:723px){#block-g1 .gallery{--gallery-per-row:3}}');
    expect(css({ design: 'slider' })).toContain('--gallery-vsize:50');
  });
});

describe('video slides', () => {
  const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const withPoster = new Map([
    ...files,
    ['youtube-dQw4w9WgXcQ-poster.jpg', file('youtube-dQw4w9WgXcQ-poster.jpg', 480, 360)],
    ['clip.mp4', { ...file('clip.mp4'), contentType: 'video/mp4' }],
  ]);
  const videoCtx: RenderContext = { ...ctx, files: withPoster };
  const embed = { url: youtube, provider: 'youtube', title: 'Harbour film', width: 640, height: 360, poster: '/s/youtube-dQw4w9WgXcQ-poster.jpg' };
  const renderVideo = (items: unknown[], design = 'slideshow') => {
    const parsed = galleryData.parse({ images: items, design });
    const html = renderToStaticMarkup(<GalleryView id="g1" data={parsed} ctx={videoCtx} columns={24} priority={false} />);
    return { html, slides: [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll<HTMLElement>('.gallery-slide')] };
  };

  // covers 001-1.01, 001-3.07, 001-3.09, and the lightbox contract (data-video-src, data-video-file, data-video-aspect)
  it('marks a video slide data-type=video with its player address, shape, poster and a play control, and asks no provider in the markup', () => {
    const { html, slides } = renderVideo([
      images[0],
      { src: '', alt: '', video: youtube, embed },
      { src: '/s/b.jpg', alt: 'Poster of the clip', videoFile: '/s/clip.mp4' },
    ]);
    expect(slides.map((s) => s.dataset.type)).toEqual(['image', 'video', 'video']);
    const [, frame, own] = slides;
    expect(frame!.dataset.videoSrc).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&enablejsapi=1&playsinline=1&rel=0');
    expect(frame!.dataset.videoAspect).toBe('56.25');
    expect(frame!.dataset.slideId).toBe('youtube-dQw4w9WgXcQ');
    expect(frame!.dataset.title).toBe('Harbour film');
    expect(frame!.getAttribute('aria-label')).toBe('Video 2 of 3');
    expect(frame!.querySelector('img')!.getAttribute('data-src') ?? frame!.querySelector('img')!.getAttribute('src')).toContain(
      'youtube-dQw4w9WgXcQ-poster.jpg',
    );
    expect(frame!.querySelector('button.gallery-play')!.getAttribute('aria-label')).toBe('Play video: Harbour film');
    expect(own!.dataset.videoFile).toBe('/s/clip.mp4');
    expect(own!.hasAttribute('data-video-src')).toBe(false);
    expect(own!.querySelector('img')!.getAttribute('alt')).toBe('Poster of the clip');
    // No iframe, no <video>, no provider host outside the data attribute and the noscript link.
    expect(html).not.toMatch(/<iframe|<video/);
    expect(html.replace(/data-video-src="[^"]*"/g, '').replace(/<noscript>.*?<\/noscript>/g, '')).not.toMatch(/youtube(-nocookie)?\.com|ytimg|youtu\.be/i);
  });

  it('keeps a video without a poster in its own shape, and leaves out one of no known provider or a missing file', () => {
    const { slides } = renderVideo(
      [
        { src: '', alt: '', video: youtube },
        { src: '', alt: '', video: 'https://example.com/film' },
        { src: '', alt: '', videoFile: '/s/gone.mp4' },
      ],
      'stacked',
    );
    expect(slides).toHaveLength(1);
    expect(slides[0]!.querySelector('.gallery-video-blank')).not.toBeNull();
    expect(slides[0]!.dataset.videoAspect).toBe('56.3');
    expect(galleryCss('g1', galleryData.parse({ images: [{ src: '', alt: '', video: youtube }] }))).toContain(
      '#block-g1 .gallery [data-slide-id="youtube-dQw4w9WgXcQ"]{--gallery-video-ratio:100/56.3}',
    );
    expect(missingImages({ images: [{ src: '', videoFile: '/s/gone.mp4' }] }, withPoster)).toEqual(['gone.mp4']);
  });

  it('takes an empty image only for a video, and a video by address or by file, not both', () => {
    expect(galleryData.safeParse({ images: [{ src: '', alt: '' }] }).success).toBe(false);
    expect(galleryData.safeParse({ images: [{ src: '', alt: '', video: youtube, videoFile: '/s/clip.mp4' }] }).success).toBe(false);
    expect(galleryData.safeParse({ images: [{ src: '', alt: '', videoFile: 'https://x.test/clip.mp4' }] }).success).toBe(false);
    expect(galleryData.safeParse({ images: [{ src: '', alt: '', video: youtube, embed }] }).success).toBe(true);
  });
});

describe('the thumbnail strip', () => {
  // covers 001-3.30 (thumbnails, thumbnails-per-row, thumbnail-strip-height, thumbnail-strip-margin, square-thumbs)
  it('renders a thumbnail a slide under a slideshow that asks for them, the first current, sized by the page rules', () => {
    const { root } = render({ design: 'slideshow', thumbnails: true, 'square-thumbs': true });
    const thumbs = [...root.querySelectorAll<HTMLButtonElement>('.gallery-thumbs button')];
    expect(thumbs.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 5',
      'Show image 2 of 5',
      'Show image 3 of 5',
      'Show image 4 of 5',
      'Show image 5 of 5',
    ]);
    expect(thumbs[0]!.getAttribute('aria-current')).toBe('true');
    expect(thumbs[0]!.getAttribute('aria-controls')).toBe('gallery-g1-slides');
    expect(root.querySelector('.gallery-thumbs')!.classList.contains('gallery-thumbs--square')).toBe(true);
    expect(thumbs[1]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(render({ design: 'slideshow' }).root.querySelector('.gallery-thumbs')).toBeNull();
    expect(render({ design: 'grid', thumbnails: true }).root.querySelector('.gallery-thumbs')).toBeNull();
    const css = galleryCss(
      'g1',
      galleryData.parse({ images, design: 'slideshow', thumbnails: true, 'thumbnails-per-row': 4, 'thumbnail-strip-height': 60, 'thumbnail-strip-margin': 16 }),
    );
    expect(css).toMatch(/--gallery-thumb-height:60px;--gallery-thumb-margin:16px;--gallery-thumbs-per-row:4/);
  });
});
