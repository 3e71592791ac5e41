// @vitest-environment happy-dom
/**
 * The image loader's queue (seed 001 §4, §9): at most 16 images load at once (1 on a phone), each
 * carrying the loading marker class until it has loaded, an image already loading is not started
 * again, and an image without a valid source is a console warning. Loads are the test's to finish
 * (it dispatches `load`), so nothing here waits on a network.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as IslandModule from './island';

type Island = typeof IslandModule;

/** A fresh module (its queue is per page) and `count` image blocks as the server writes them. */
async function page(count: number, width = 1280): Promise<{ island: Island; roots: HTMLElement[]; imgs: HTMLImageElement[] }> {
  vi.resetModules();
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  document.body.innerHTML = Array.from(
    { length: count },
    (_, i) =>
      `<div class="block" data-island="image"><figure class="block-image"><picture><source type="image/avif" data-srcset="/s/abc/p${i}.jpg.avif 100w"><img data-src="/s/p${i}.jpg" data-srcset="/s/p${i}.jpg 100w" alt=""></picture></figure></div>`,
  ).join('');
  const island = await import('./island');
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island="image"]')];
  return { island, roots, imgs: roots.map((r) => r.querySelector('img')!) };
}

const loading = (imgs: HTMLImageElement[]) => imgs.filter((img) => img.classList.contains('loading'));

describe('the image loader', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // covers 001-9.35, 001-4.85
  it('loads at most 16 images at once, each marked while it loads, the next starting as one finishes', async () => {
    const { island, roots, imgs } = await page(20);
    for (const root of roots) island.default(root);
    expect(loading(imgs)).toHaveLength(16);
    expect(imgs.slice(0, 16).map((img) => img.getAttribute('src'))).toEqual(Array.from({ length: 16 }, (_, i) => `/s/p${i}.jpg`));
    expect(imgs[16]!.hasAttribute('src')).toBe(false);
    expect(imgs[0]!.parentElement!.querySelector('source')!.getAttribute('srcset')).toBe('/s/abc/p0.jpg.avif 100w');
    imgs[0]!.dispatchEvent(new Event('load'));
    expect(imgs[0]!.classList.contains('loading')).toBe(false);
    expect(imgs[16]!.classList.contains('loading')).toBe(true);
    expect(loading(imgs)).toHaveLength(16);
    // A failed image frees its place too.
    imgs[1]!.dispatchEvent(new Event('error'));
    expect(loading(imgs)).toHaveLength(16);
    for (const img of imgs) img.dispatchEvent(new Event('load'));
    expect(loading(imgs)).toHaveLength(0);
    expect(imgs.map((img) => [img.getAttribute('src'), img.getAttribute('srcset'), img.hasAttribute('data-src')])).toEqual(
      imgs.map((_, i) => [`/s/p${i}.jpg`, `/s/p${i}.jpg 100w`, false]),
    );
  });

  // covers 001-9.35
  it('loads one image at a time on a phone', async () => {
    const { island, roots, imgs } = await page(3, 400);
    for (const root of roots) island.default(root);
    expect(loading(imgs)).toEqual([imgs[0]]);
    imgs[0]!.dispatchEvent(new Event('load'));
    expect(loading(imgs)).toEqual([imgs[1]]);
  });

  // covers 001-4.86
  it('does not start an image already loading or waiting', async () => {
    const { island, imgs } = await page(1);
    const img = imgs[0]!;
    const setSrc = vi.spyOn(img, 'src', 'set');
    island.load(img);
    img.dataset.src = '/s/p0.jpg';
    island.load(img);
    expect(setSrc).toHaveBeenCalledTimes(1);
  });

  // covers 001-8.21
  it('warns of an image with no valid source, and leaves it', async () => {
    const { island, imgs } = await page(2);
    imgs[0]!.removeAttribute('data-src');
    imgs[1]!.dataset.src = 'javascript:alert(1)';
    for (const img of imgs) island.load(img);
    expect(console.warn).toHaveBeenCalledTimes(2);
    expect(loading(imgs)).toHaveLength(0);
  });
});
