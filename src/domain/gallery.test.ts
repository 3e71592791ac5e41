import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIVE_SLIDE_CLASS,
  carouselSlidesPerRow,
  classifyTouch,
  GALLERY_DEFAULTS,
  GALLERY_KEYS,
  GALLERY_LAYOUT_DEFAULTS,
  GALLERY_LAYOUTS,
  galleryControlsDisabled,
  galleryDesign,
  LAZY_IMAGE_ATTRIBUTES,
  LIGHTBOX,
  META_POSITIONS,
  normalizeGalleryIndex,
  parseImageDimensions,
  preloadIndexes,
  RESIZE_EMITTER,
  SLIDESHOW_DEFAULTS,
  defaultAutoplayMs,
  STACKED_TRANSITIONS,
  stepGalleryIndex,
  zoomWidthPercent,
} from './gallery';

describe('layouts and design mapping', () => {
  // constants and helpers for 001-2.21, 001-2.22 (the browser behaviour is left to end-to-end tests)
  it('lists the seed layouts and stacked transitions', () => {
    expect([...GALLERY_LAYOUTS].sort()).toEqual(['autocolumns', 'autogrid', 'autorows', 'carousel', 'grid', 'list', 'stacked', 'strip']);
    expect([...STACKED_TRANSITIONS].sort()).toEqual(['fade', 'ken-burns', 'new-swipe', 'scroll', 'swipe']);
  });

  // covers 001-2.23, 001-2.24, 001-2.25
  it('maps stacked to base, slider to strip and slideshow to stacked', () => {
    expect(galleryDesign('stacked')).toBe('base');
    expect(galleryDesign('slider')).toBe('strip');
    expect(galleryDesign('slideshow')).toBe('stacked');
  });

  // covers 001-2.26
  it('maps grid, autogrid, autocolumns, carousel and list to themselves', () => {
    for (const d of ['grid', 'autogrid', 'autocolumns', 'carousel', 'list']) expect(galleryDesign(d)).toBe(d);
  });

  // covers 001-2.27
  it('maps anything else to base', () => {
    for (const d of ['autorows', 'strip', 'base', 'Grid', '', 'unknown', undefined, null, 3]) expect(galleryDesign(d)).toBe('base');
  });
});

describe('normalizeGalleryIndex', () => {
  // covers 001-4.01
  it('turns non-numeric values and zero into 0', () => {
    for (const v of ['abc', NaN, Infinity, -Infinity, undefined, null, {}, [], '', ' ', 0, '0', -0]) {
      expect(normalizeGalleryIndex(v, 5)).toBe(0);
    }
  });

  // covers 001-4.02
  it('wraps negative and too-large values modulo the slide count', () => {
    expect(normalizeGalleryIndex(-1, 5)).toBe(4);
    expect(normalizeGalleryIndex(7, 5)).toBe(2);
    expect(normalizeGalleryIndex(5, 5)).toBe(0);
    expect(normalizeGalleryIndex(-5, 5)).toBe(0);
    expect(normalizeGalleryIndex(-6, 5)).toBe(4);
    expect(normalizeGalleryIndex('7', 5)).toBe(2);
    expect(normalizeGalleryIndex(3, 5)).toBe(3);
  });

  // covers 001-4.01, 001-4.02
  it('always gives an index in [0, count)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 1000 }), (value, count) => {
        const index = normalizeGalleryIndex(value, count);
        expect(Number.isInteger(index) && index >= 0 && index < count).toBe(true);
      }),
    );
  });

  // covers 001-4.02
  it('keeps the index congruent modulo the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (value, count) => {
        const index = normalizeGalleryIndex(value, count);
        expect((((value - index) % count) + count) % count).toBe(0);
      }),
    );
  });

  // constants and helpers for 001-5.04 (the browser behaviour is left to end-to-end tests)
  it('gives 0 without slides', () => {
    expect(normalizeGalleryIndex(3, 0)).toBe(0);
  });
});

describe('stepGalleryIndex', () => {
  // covers 001-4.12
  // constants and helpers for 001-4.05 (the browser behaviour is left to end-to-end tests)
  it('without loop stays on the last slide and reports reachedEnd', () => {
    expect(stepGalleryIndex(3, 'forward', 4, false)).toEqual({ index: 3, reached: 'reachedEnd' });
    expect(stepGalleryIndex(2, 'forward', 4, false)).toEqual({ index: 3 });
  });

  // covers 001-4.10
  // constants and helpers for 001-4.05 (the browser behaviour is left to end-to-end tests)
  it('without loop stays on the first slide and reports reachedBeginning', () => {
    expect(stepGalleryIndex(0, 'reverse', 4, false)).toEqual({ index: 0, reached: 'reachedBeginning' });
    expect(stepGalleryIndex(1, 'reverse', 4, false)).toEqual({ index: 0 });
  });

  // constants and helpers for 001-4.09, 001-4.11 (the browser behaviour is left to end-to-end tests)
  it('with loop wraps at both ends', () => {
    expect(stepGalleryIndex(0, 'reverse', 4, true)).toEqual({ index: 3 });
    expect(stepGalleryIndex(3, 'forward', 4, true)).toEqual({ index: 0 });
  });

  // constants and helpers for 001-4.05, 001-4.09, 001-4.11 (the browser behaviour is left to end-to-end tests)
  it('stays in range, and with loop a step forward then back returns to the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        fc.boolean(),
        fc.constantFrom('forward' as const, 'reverse' as const),
        (count, raw, loop, direction) => {
          const start = raw % count;
          const { index } = stepGalleryIndex(start, direction, count, loop);
          expect(index >= 0 && index < count).toBe(true);
          if (loop) {
            const back = direction === 'forward' ? 'reverse' : 'forward';
            expect(stepGalleryIndex(index, back, count, loop).index).toBe(start);
          }
        },
      ),
    );
  });

  // constants and helpers for 001-4.06 (the browser behaviour is left to end-to-end tests)
  it('disables previous and next at the ends without loop', () => {
    expect(galleryControlsDisabled(0, 3, false)).toEqual({ previous: true, next: false });
    expect(galleryControlsDisabled(1, 3, false)).toEqual({ previous: false, next: false });
    expect(galleryControlsDisabled(2, 3, false)).toEqual({ previous: false, next: true });
    expect(galleryControlsDisabled(0, 3, true)).toEqual({ previous: false, next: false });
  });
});

describe('preloadIndexes', () => {
  // constants and helpers for 001-9.38 (the browser behaviour is left to end-to-end tests)
  it('preloads preloadCount each side, wrapping with loop', () => {
    expect(preloadIndexes(0, 5, 1, true).sort()).toEqual([1, 4]);
    expect(preloadIndexes(0, 5, 1, false)).toEqual([1]);
    expect(preloadIndexes(2, 5, 2, false).sort()).toEqual([0, 1, 3, 4]);
    expect(preloadIndexes(0, 2, 3, true)).toEqual([1]);
  });
});

describe('classifyTouch', () => {
  // covers 001-4.22
  it('reads at least 50 px within 250 ms as a swipe in the larger direction', () => {
    expect(classifyTouch(-60, 5, 100)).toBe('swipeLeft');
    expect(classifyTouch(60, -5, 100)).toBe('swipeRight');
    expect(classifyTouch(5, -50, 250)).toBe('swipeUp');
    expect(classifyTouch(5, 80, 10)).toBe('swipeDown');
    expect(classifyTouch(49, 0, 100)).toBe('touchMoveEnd');
    expect(classifyTouch(60, 0, 251)).toBe('touchMoveEnd');
  });

  // covers 001-4.23
  it('reads movement above 1 px without a swipe as touchMoveEnd, else a tap', () => {
    expect(classifyTouch(3, 0, 400)).toBe('touchMoveEnd');
    expect(classifyTouch(1, 1, 50)).toBe('tapped');
    expect(classifyTouch(0, 0, 1000)).toBe('tapped');
  });
});

describe('gallery constants', () => {
  // constants and helpers for 001-9.01, 001-9.02, 001-9.03, 001-9.04, 001-9.05 (the browser behaviour is left to end-to-end tests)
  it('has the seed gallery defaults', () => {
    expect(GALLERY_DEFAULTS).toEqual({ startIndex: 0, loop: false, autoplay: false, autoplayTimeoutMs: 1000, autoplayResumeMs: 1000 });
  });

  // constants and helpers for 001-3.14, 001-9.04 (the browser behaviour is in e2e/gallery.test.ts)
  it('advances a slideshow every 5000 ms and every other moving layout every 1000 ms without a set duration', () => {
    expect(defaultAutoplayMs('stacked')).toBe(5000);
    for (const layout of ['carousel', 'strip', 'base']) expect(defaultAutoplayMs(layout)).toBe(1000);
  });

  // constants and helpers for 001-3.21, 001-9.06 (the browser behaviour is left to end-to-end tests)
  it('moves with key codes 37 and 39', () => {
    expect(GALLERY_KEYS).toEqual({ PREVIOUS: 37, NEXT: 39 });
  });

  // covers 001-3.13, 001-3.16, 001-3.19
  // constants and helpers for 001-3.12, 001-3.14, 001-3.15, 001-3.18, 001-3.20, 001-3.22, 001-3.24, 001-9.72 (the browser behaviour is left to end-to-end tests)
  it('has the slideshow widget defaults', () => {
    expect(SLIDESHOW_DEFAULTS).toMatchObject({
      autoplay: false,
      autoplayOptions: { randomize: true, timeoutMs: 5000 },
      currentIndex: 0,
      design: 'base',
      historyHash: false,
      inMotion: false,
      keyboard: true,
      lazyLoad: false,
      loop: false,
      animationSeconds: 0.5,
    });
  });

  // covers 001-3.27, 001-3.28
  // related to 001-3.29 (the emitter state width, height, resizing is not asserted here)
  it('has the resize emitter defaults', () => {
    expect(RESIZE_EMITTER).toEqual({ AXES: ['x', 'y'], THRESHOLD: 0, TIMEOUT_MS: 300 });
  });

  // covers 001-9.65
  // constants and helpers for 001-9.56, 001-9.57, 001-9.58, 001-9.59, 001-9.62, 001-9.63, 001-9.64 (the browser behaviour is left to end-to-end tests)
  it('has the layout defaults', () => {
    expect(GALLERY_LAYOUT_DEFAULTS).toEqual({
      autocolumns: { columnWidth: 250, gutter: 0 },
      autogrid: { columnWidth: 250, gutter: 0 },
      autorows: { rowHeight: 250, gutter: 20 },
      grid: { slidesPerRow: 4 },
      carousel: { slidesPerRow: 3, gutter: 1 },
      stacked: { transition: 'fade', speed: 1, click: 'next', preload: 1 },
      strip: { speed: 0.5, alignment: 'middle' },
      kenBurnsZoom: 1.075,
      thumbnailOverlapMax: 5,
    });
  });

  // constants and helpers for 001-9.59, 001-9.60, 001-9.61 (the browser behaviour is left to end-to-end tests)
  it('shows fewer carousel slides on narrow windows', () => {
    expect(carouselSlidesPerRow(479)).toBe(2);
    expect(carouselSlidesPerRow(480)).toBe(3);
    expect(carouselSlidesPerRow(723, 5)).toBe(3);
    expect(carouselSlidesPerRow(724, 5)).toBe(5);
    expect(carouselSlidesPerRow(1200)).toBe(3);
  });

  // constants and helpers for 001-9.34 (the browser behaviour is left to end-to-end tests)
  it('sizes zoom-width classes at 100/N percent', () => {
    expect(zoomWidthPercent(4)).toBe(25);
  });

  // constants and helpers for 001-9.07, 001-9.08, 001-9.09, 001-9.10, 001-9.12, 001-9.13, 001-4.36, 001-4.39 (the browser behaviour is left to end-to-end tests)
  it('has the lightbox constants', () => {
    expect(LIGHTBOX).toEqual({
      SPEED_SECONDS: 0.6,
      PADDING_PX: 100,
      OVERLAY_OPACITY: 0.95,
      OVERLAY_FADE_SECONDS: 0.3,
      ARROW_THROTTLE_MS: 200,
      EDGE_CLICK_MARGIN_PERCENT: 2,
      NAV_ARROW_FADE_MS: 500,
      OVERLAY_Z_INDEX: 10000000,
    });
  });

  // constants and helpers for 001-3.33, 001-4.08, 001-5.12 (the browser behaviour is left to end-to-end tests)
  it('names meta positions, the active slide class and the lazy-load attributes', () => {
    expect(META_POSITIONS).toEqual(['top', 'bottom', 'top-left', 'bottom-left', 'top-right', 'bottom-right', 'center']);
    expect(ACTIVE_SLIDE_CLASS).toBe('sqs-active-slide');
    expect([...LAZY_IMAGE_ATTRIBUTES].sort()).toEqual(['data-image-dimensions', 'data-image-focal-point', 'data-src']);
  });

  // constants and helpers for 001-3.08 (the browser behaviour is left to end-to-end tests)
  it('reads data-image-dimensions as WIDTHxHEIGHT', () => {
    expect(parseImageDimensions('1600x900')).toEqual({ width: 1600, height: 900 });
    expect(parseImageDimensions('1600X900')).toBeUndefined();
    expect(parseImageDimensions('1600x')).toBeUndefined();
  });
});
