// @vitest-environment happy-dom
/**
 * The image block's server markup per layout (seed 001 §3 variants 1011 to 1016): an image stored
 * before the layouts renders exactly as it did; each other layout carries its code, the image with
 * its dimensions and the block's text (title, owner HTML, a button whose link passes the link
 * rules); nothing is styled inline (the page's CSP), and no layout adds a script.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sanitize } from '../sanitize';
import type { RenderContext, RenderedFile } from '../types';
import { WAITING_IMAGE } from './picture';
import { IMAGE_LAYOUTS, imageData, type ImageLayout, type StoredImageData } from './schema';
import { ImageView } from './view';

const files = new Map<string, RenderedFile>([['b.png', { name: 'b.png', contentType: 'image/png', width: 300, height: 200 }]]);
const ctx: RenderContext = { host: 'example.com', files, featureFlags: [] };

function render(data: Record<string, unknown>, priority = false) {
  const parsed = imageData.parse({ src: '/s/b.png', alt: 'A bowl', ...data });
  const stored = { ...parsed, ...(parsed.bodyHtml !== undefined ? { bodyHtml: sanitize(parsed.bodyHtml, 'text') } : {}) } as StoredImageData;
  const html = renderToStaticMarkup(<ImageView id="b1" data={stored} ctx={ctx} columns={12} priority={priority} />);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // React 19 puts a preload link for an eager image before the block.
  return { html, root: doc.querySelector<HTMLElement>('.block-image')! };
}

const TEXT = {
  title: 'Spring firing',
  bodyHtml: '<p>New <strong>glazes</strong>, <a href="/glazes">see them</a>.</p>',
  buttonText: 'Book a class',
  buttonLink: '/classes',
};
const LAYOUTS = Object.keys(IMAGE_LAYOUTS).filter((l): l is Exclude<ImageLayout, 'inline'> => l !== 'inline');

describe('image block markup', () => {
  it('renders an image stored before the layouts exactly as before: a figure with its caption', () => {
    const { html } = render({ alt: 'B', caption: 'Cap', link: '/about' });
    expect(html).toBe(
      `<figure class="block-image"><a href="/about"><img src="${WAITING_IMAGE}" data-src="/s/b.png" alt="B" decoding="async" width="300" height="200" class="image-fill"/>` +
        '<noscript><img src="/s/b.png" alt="B" loading="lazy" decoding="async" width="300" height="200" class="image-fill"/></noscript></a><figcaption>Cap</figcaption></figure>',
    );
    // Inline by its code reads the same, and shows no title or button even when the block holds them.
    expect(render({ alt: 'B', caption: 'Cap', link: '/about', variant: 1011, ...TEXT }).html).toBe(html);
  });

  for (const layout of LAYOUTS) {
    it(`renders the ${layout} layout with its code, the image and its title, text and button`, () => {
      const { html, root } = render({ variant: IMAGE_LAYOUTS[layout], ...TEXT });
      expect(root.dataset.variant).toBe(String(IMAGE_LAYOUTS[layout]));
      expect(root.classList.contains(`image-variant-${layout}`)).toBe(true);
      const img = root.querySelector('.image-media img')!;
      expect([img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['A bowl', '300', '200']);
      const content = root.querySelector('.image-content')!;
      expect(content.querySelector('h2.image-title')!.textContent).toBe('Spring firing');
      expect(content.querySelector('.image-body')!.innerHTML).toBe('<p>New <strong>glazes</strong>, <a href="/glazes">see them</a>.</p>');
      const button = content.querySelector('a.button')!;
      expect([button.textContent, button.getAttribute('href')]).toEqual(['Book a class', '/classes']);
      // The page's CSP allows no style attribute; the layouts add no script.
      expect(html).not.toMatch(/ style=|<script/);
    });
  }

  it('leaves the text out when the block has none, and the button out without its text or a link the page may carry', () => {
    expect(render({ variant: IMAGE_LAYOUTS.poster }).root.querySelector('.image-content')).toBeNull();
    expect(render({ variant: IMAGE_LAYOUTS.card, title: 'T', buttonLink: '/classes' }).root.querySelector('a.button')).toBeNull();
    expect(render({ variant: IMAGE_LAYOUTS.card, title: 'T', buttonText: 'Go' }).root.querySelector('a.button')).toBeNull();
    // A link to the serving host is read as the path it names: one too long for a path within the site is not carried.
    const long = `https://example.com/${'a'.repeat(160)}`;
    expect(render({ variant: IMAGE_LAYOUTS.card, buttonText: 'Go', buttonLink: long }).root.querySelector('a.button')).toBeNull();
  });

  it('places the text, the image side and the collage panel by classes the stylesheet reads', () => {
    const poster = render({ variant: IMAGE_LAYOUTS.poster, title: 'T', contentPosition: 'BOTTOM_RIGHT', headingLevel: 'h3' }).root;
    expect([...poster.classList]).toEqual(['block-image', 'image-variant-poster', 'image-at-bottom', 'image-align-right']);
    expect(poster.querySelector('h3.image-title')).not.toBeNull();
    const card = render({ variant: IMAGE_LAYOUTS.card, title: 'T', imageSide: 'right' }).root;
    expect([...card.classList]).toEqual(['block-image', 'image-variant-card', 'image-at-center', 'image-align-left', 'image-side-right']);
    const collage = render({ variant: IMAGE_LAYOUTS.collage, title: 'T', panel: 'dark', contentPosition: 'TOP_CENTER' }).root;
    expect([...collage.classList]).toEqual(['block-image', 'image-variant-collage', 'image-at-top', 'image-align-center', 'image-panel-dark']);
    // The side means nothing to a poster or a stack.
    expect(render({ variant: IMAGE_LAYOUTS.stack, imageSide: 'right' }).root.classList.contains('image-side-right')).toBe(false);
  });

  it('keeps the image loader’s markup in every layout: addresses waiting below the fold, eager above it', () => {
    for (const layout of LAYOUTS) {
      const below = render({ variant: IMAGE_LAYOUTS[layout], link: '/about' }).root;
      expect(below.querySelector('.image-media > a[href="/about"] > img[data-src="/s/b.png"]'), layout).not.toBeNull();
      expect(below.querySelector('.image-media noscript'), layout).not.toBeNull();
      const above = render({ variant: IMAGE_LAYOUTS[layout] }, true).root;
      expect(above.querySelector('img')!.getAttribute('src'), layout).toBe('/s/b.png');
      expect(above.querySelector('img')!.getAttribute('fetchpriority'), layout).toBe('high');
    }
  });

  it('drops from the body a link to the serving host that a page may not carry', () => {
    const long = `https://example.com/${'a'.repeat(160)}`;
    // The sanitiser keeps it (it knows no host, so every http(s) link is external); the page's host drops it.
    const stored = {
      ...imageData.parse({ src: '/s/b.png', alt: 'A', variant: IMAGE_LAYOUTS.stack }),
      bodyHtml: sanitize(`<p><a href="${long}">x</a></p>`, 'text'),
    };
    const html = renderToStaticMarkup(<ImageView id="b1" data={stored} ctx={ctx} columns={12} priority={false} />);
    expect(html).toContain('<div class="image-body"><p><a>x</a></p></div>');
  });
});
