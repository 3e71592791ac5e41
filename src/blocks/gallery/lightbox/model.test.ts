import { describe, expect, it } from 'vitest';
import {
  clickAction,
  historySyncPath,
  inEditingBackend,
  itemFromSlide,
  itemIdFromPath,
  lightboxMode,
  loops,
  slidePathParts,
  stepIndex,
  throttleGate,
} from './model';

const attrs = (values: Record<string, string>) => ({ getAttribute: (name: string) => values[name] ?? null });

describe('the lightbox rules', () => {
  // 001-2.18, 001-4.44
  it('is mobile at 432 px and below, desktop from 433, and loops only on desktop', () => {
    expect(lightboxMode(432)).toBe('mobile');
    expect(lightboxMode(433)).toBe('desktop');
    expect(loops('desktop')).toBe(true);
    expect(loops('mobile')).toBe(false);
    expect(stepIndex(4, 5, 1, true)).toBe(0);
    expect(stepIndex(0, 5, -1, true)).toBe(4);
    expect(stepIndex(4, 5, 1, false)).toBeUndefined();
    expect(stepIndex(0, 5, -1, false)).toBeUndefined();
    expect(stepIndex(0, 1, 1, true)).toBeUndefined();
  });

  // 001-4.37, 001-4.38, 001-4.39, 001-4.40, 001-4.41
  it('goes by the half clicked outside the 2% edge margin on desktop, closes elsewhere, and ignores the image', () => {
    expect(clickAction('background', 1000, 1280, 'desktop')).toBe('next');
    expect(clickAction('background', 200, 1280, 'desktop')).toBe('previous');
    expect(clickAction('background', 1280 * 0.02 - 1, 1280, 'desktop')).toBe('close');
    expect(clickAction('background', 1280 * 0.98 + 1, 1280, 'desktop')).toBe('close');
    expect(clickAction('background', 1280 * 0.02 + 1, 1280, 'desktop')).toBe('previous');
    expect(clickAction('background', 400, 432, 'mobile')).toBe('close');
    expect(clickAction('content', 1000, 1280, 'desktop')).toBe('none');
    expect(clickAction('content', 10, 432, 'mobile')).toBe('none');
  });

  // 001-4.36, 001-9.11
  it('lets an arrow key through at most once in 200 ms', () => {
    const gate = throttleGate();
    expect(gate.pass(1000)).toBe(true);
    expect(gate.pass(1050)).toBe(false);
    expect(gate.pass(1199)).toBe(false);
    expect(gate.pass(1200)).toBe(true);
  });

  // 001-3.03, 001-3.04, 001-3.05
  it('reads an item from the slide attributes, a video only through the contract’s safe addresses', () => {
    const image = itemFromSlide(
      attrs({
        'data-slide-id': 'a',
        'data-slide-url': 'harbour',
        'data-title': 'T',
        'data-description': 'D',
        'data-lightbox-theme': 'light',
        'data-type': 'image',
        'data-src': '/s/a.png',
        'data-image-dimensions': '400x300',
      }),
      'Alt',
    );
    expect(image).toMatchObject({
      id: 'a',
      url: 'harbour',
      title: 'T',
      description: 'D',
      theme: 'light',
      type: 'image',
      src: '/s/a.png',
      alt: 'Alt',
      width: 400,
      height: 300,
    });
    const video = itemFromSlide(
      attrs({ 'data-slide-id': 'v', 'data-type': 'video', 'data-video-src': 'https://www.youtube-nocookie.com/embed/x', 'data-video-aspect': '56.25' }),
      '',
    );
    expect(video).toMatchObject({ type: 'video', theme: 'dark', videoSrc: 'https://www.youtube-nocookie.com/embed/x', videoAspect: 56.25 });
    const unsafe = itemFromSlide(
      attrs({ 'data-type': 'video', 'data-video-src': 'javascript:alert(1)', 'data-video-file': '//evil.example/x.mp4', 'data-video-aspect': 'x' }),
      '',
    );
    expect(unsafe).toMatchObject({ videoSrc: undefined, videoFile: undefined, videoAspect: 56.3 });
    expect(itemFromSlide(attrs({ 'data-type': 'video', 'data-video-file': '/s/clip.mp4' }), '').videoFile).toBe('/s/clip.mp4');
  });

  // 001-2.02, 001-2.05, 001-2.06
  it('reads the item id after the collection URL, and writes the history-sync address with the slash added', () => {
    expect(itemIdFromPath('/gallery/harbour', '/gallery')).toBe('harbour');
    expect(itemIdFromPath('/gallery', '/gallery')).toBeUndefined();
    expect(itemIdFromPath('/other/harbour', '/gallery')).toBeUndefined();
    expect(itemIdFromPath('/harbour', '/')).toBe('harbour');
    expect(itemIdFromPath('/a/b/harbour', undefined)).toBe('harbour');
    expect(itemIdFromPath('/gallery/%E0%A4', '/gallery')).toBeUndefined();
    expect(itemIdFromPath('/gallery/a/b', '/gallery')).toBeUndefined();
    expect(historySyncPath('/gallery', { id: 'img-1', url: 'harbour' })).toBe('/gallery/harbour');
    expect(historySyncPath('/gallery/', { id: 'img-1', url: '' })).toBe('/gallery/img-1');
  });

  it('splits a path into its page and a slide name only when the last segment can be one', () => {
    expect(slidePathParts('/gallery/harbour')).toEqual({ page: '/gallery', slide: 'harbour' });
    expect(slidePathParts('/harbour')).toEqual({ page: '/', slide: 'harbour' });
    expect(slidePathParts('/gallery/a.png')).toBeUndefined();
    expect(slidePathParts('/')).toBeUndefined();
  });

  // 001-2.07
  it('counts a gallery in the canvas or on a config address as the editing backend', () => {
    const page = {};
    expect(inEditingBackend(page, page, '/gallery')).toBe(false);
    expect(inEditingBackend({}, page, '/gallery')).toBe(true);
    expect(inEditingBackend(page, page, '/config/pages')).toBe(true);
    expect(inEditingBackend(page, page, '/configurator')).toBe(false);
  });
});
