// @vitest-environment happy-dom
/**
 * The gallery's server markup: each layout and its design, the slide attributes, pictures with
 * dimensions, the first row eager in the first section, missing files left out, and the options
 * the schema refuses (seed 001 §2, §3, §5, §9).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RenderContext, RenderedFile } from '../types';
import { galleryCss } from './css';
import { galleryData, GALLERY_DESIGN_SETTINGS } from './schema';
import { GalleryView, missingImages, slideIds } from './view';

const file = (name: string, width = 400, height = 300): RenderedFile => ({ name, contentType: 'image/jpeg', width, height, hash: 'abcdef0123456789', formats: ['avif', 'webp', 'jpeg'] });
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
    expect(img.hasAttribute('src')).toBe(false);
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
    expect(slides.map((s) => s.querySelector('img')!.hasAttribute('src'))).toEqual([true, true, true, false, false]);
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
