// @vitest-environment happy-dom
/**
 * The gallery's enhancement module on the server's markup (seed 001 §5, §8): a container is bound
 * once; gallery data it cannot decode and an unknown stacked transition are the seed's console
 * errors, and the gallery still works.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderContext, RenderedFile } from '../types';
import enhance from './island';
import { galleryData } from './schema';
import { GalleryView } from './view';

const file = (name: string): RenderedFile => ({ name, contentType: 'image/jpeg', width: 400, height: 300, hash: 'abcdef0123456789', formats: [] });
const ctx: RenderContext = { host: 'example.com', files: new Map(['a.jpg', 'b.jpg', 'c.jpg'].map((n) => [n, file(n)])), featureFlags: [] };

function mount(data: Record<string, unknown>) {
  const parsed = galleryData.parse({ images: ['a', 'b', 'c'].map((n) => ({ src: `/s/${n}.jpg`, alt: n })), ...data });
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(createElement(GalleryView, { id: 'g1', data: parsed, ctx, columns: 24, priority: false }));
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the gallery island', () => {
  // covers 001-5.03
  it('binds a container once: a second call does nothing', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = mount({ design: 'slideshow' });
    host.querySelector('.gallery')!.setAttribute('data-design', 'nonesuch');
    enhance(host);
    enhance(host);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      'These are not the gallery designs you are looking for. (We could not find a design by the name nonesuch)',
    ]);
  });

  // covers 001-8.30, 001-8.32 (logged rather than thrown, so the gallery still moves)
  it('logs the seed’s errors for data it cannot decode and for an unknown transition, and still moves', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = mount({ design: 'slideshow' });
    host.querySelector('.gallery-slide:nth-child(2)')!.setAttribute('data-image-dimensions', 'wide');
    host.querySelector('.gallery')!.setAttribute('data-transition', 'dissolve');
    enhance(host);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(['Error decoding gallery block data.', "Transition 'dissolve' could not be found."]);
    host.querySelector<HTMLButtonElement>('.gallery-next')!.click();
    expect(host.querySelector('.gallery-counter')!.textContent).toBe('2 of 3');
  });

  // covers 001-8.13
  it('logs the seed’s error when a video slide has nothing to play, and plays a site file only on the press', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = mount({ design: 'grid' });
    const [first, second] = [...host.querySelectorAll<HTMLElement>('.gallery-slide')];
    for (const slide of [first!, second!]) {
      slide.setAttribute('data-type', 'video');
      slide.querySelector('.gallery-frame')!.insertAdjacentHTML('beforeend', '<button type="button" class="gallery-play">Play</button>');
    }
    second!.setAttribute('data-video-file', '/s/clip.mp4');
    enhance(host);
    expect(host.querySelector('video')).toBeNull();
    first!.querySelector<HTMLButtonElement>('.gallery-play')!.click();
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(['VideoLoader not found']);
    second!.querySelector<HTMLButtonElement>('.gallery-play')!.click();
    expect(second!.querySelector('video.gallery-player')!.getAttribute('src')).toBe('/s/clip.mp4');
    expect(second!.classList.contains('gallery-playing')).toBe(true);
  });
});
