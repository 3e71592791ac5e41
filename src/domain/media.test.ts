import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_IMAGE_SIZE_FORMAT,
  IMAGE_LOADER,
  IMAGE_LOADER_MODES,
  IMAGE_SIZE_FORMATS,
  IMAGE_WIDTHS,
  imageWidthFor,
  MESSAGE_CONTROLLED_PROVIDERS,
  VIDEO,
  VIDEO_EMBED_TYPES,
  VIDEO_MODES,
  VIDEO_PROVIDERS,
  videoAspectPercent,
} from './media';

describe('video', () => {
  // constants and helpers for 001-3.11, 001-4.71 (the browser behaviour is left to end-to-end tests)
  it('recognises Vimeo, YouTube, Wistia and Animoto, and messages only Vimeo and YouTube', () => {
    expect(VIDEO_PROVIDERS).toEqual(['Vimeo', 'YouTube', 'Wistia', 'Animoto']);
    expect(MESSAGE_CONTROLLED_PROVIDERS).toEqual(['Vimeo', 'YouTube']);
  });

  // covers 001-4.65, 001-5.06, 001-5.07
  // constants and helpers for 001-4.63 (the browser behaviour is left to end-to-end tests)
  it('has the modes and embed types', () => {
    expect(VIDEO_MODES).toEqual(['none', 'fit', 'fill']);
    expect(VIDEO_EMBED_TYPES).toEqual(['iframe', 'object', 'invalid']);
    expect([...IMAGE_LOADER_MODES].sort()).toEqual(['fill', 'fit', 'none']);
  });

  // constants and helpers for 000-9.37, 001-9.14, 001-9.15, 001-4.61 (the browser behaviour is left to end-to-end tests)
  it('sizes videos: 65 when Auto, 100 divided by columns otherwise, 56.3 without dimensions', () => {
    expect(videoAspectPercent('auto')).toBe(65);
    expect(videoAspectPercent(2)).toBe(50);
    expect(videoAspectPercent(4)).toBe(25);
    expect(VIDEO.FALLBACK_ASPECT_PERCENT).toBe(56.3);
    expect(VIDEO.POSTER_FADE_MS).toBe(1000);
  });
});

describe('images', () => {
  // constants and helpers for 001-9.36 (the browser behaviour is left to end-to-end tests)
  it('asks only for the listed widths', () => {
    expect(IMAGE_WIDTHS).toEqual([2500, 1500, 1000, 750, 500, 300, 100]);
    expect(imageWidthFor(320)).toBe(500);
    expect(imageWidthFor(100)).toBe(100);
    expect(imageWidthFor(1)).toBe(100);
    expect(imageWidthFor(4000)).toBe(2500);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (px) => {
        const w = imageWidthFor(px);
        expect(IMAGE_WIDTHS).toContain(w);
        expect(w >= px || w === 2500).toBe(true);
      }),
    );
  });

  // covers 001-9.32, 001-5.32
  // constants and helpers for 001-9.35, 001-9.37, 001-5.33 (the browser behaviour is left to end-to-end tests)
  it('has the loader settings', () => {
    expect(IMAGE_LOADER).toEqual({
      LAZY_MARGIN_PX: 200,
      CONCURRENCY: 16,
      MOBILE_CONCURRENCY: 1,
      HOST_WAIT_TRIES: 100,
      HOST_WAIT_INTERVAL_MS: 10,
      SIZE_ADJUSTMENT_DEFAULT: 1,
      SIZE_ADJUSTMENT_MIN: 0,
    });
    expect(IMAGE_SIZE_FORMATS).toEqual(['filename', 'queryString']);
    expect(DEFAULT_IMAGE_SIZE_FORMAT).toBe('queryString');
  });
});
