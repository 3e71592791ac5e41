/** How a slideshow moves (seed 001 §2–§5, §9): transitions and their lengths, new-swipe drags, snap points, the resize state. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GALLERY_LAYOUT_DEFAULTS, STACKED_TRANSITIONS } from './gallery';
import {
  boundaryFor,
  CUBIC_EASE_IN_OUT,
  GALLERY_RESIZE_TIMEOUT_MS,
  isStackedTransition,
  moveSeconds,
  newSwipeOffset,
  parseSnapPoints,
  resizeEnd,
  resizeEvent,
  settleSeconds,
  snapOffset,
} from './gallery-motion';
import { newSwipeStep } from './gallery-index';

describe('stacked transitions', () => {
  // covers 001-2.22, 001-9.72, 001-9.64
  it('knows the five transitions, fades over 1 s, slides over 0.5 s cubic ease-in-out, and stands still without motion', () => {
    expect(STACKED_TRANSITIONS).toEqual(['fade', 'ken-burns', 'new-swipe', 'scroll', 'swipe']);
    for (const t of STACKED_TRANSITIONS) expect(isStackedTransition(t)).toBe(true);
    expect(isStackedTransition('dissolve')).toBe(false);
    expect(moveSeconds('stacked', 'fade', false)).toBe(1);
    expect(moveSeconds('stacked', 'ken-burns', false)).toBe(1);
    expect(['new-swipe', 'scroll', 'swipe'].map((t) => moveSeconds('stacked', t, false))).toEqual([0.5, 0.5, 0.5]);
    expect(moveSeconds('strip', 'fade', false)).toBe(0.5);
    expect(moveSeconds('stacked', 'fade', true)).toBe(0);
    expect(CUBIC_EASE_IN_OUT).toBe('cubic-bezier(0.645, 0.045, 0.355, 1)');
    expect(GALLERY_LAYOUT_DEFAULTS.kenBurnsZoom).toBe(1.075);
  });
});

describe('new-swipe', () => {
  // covers 001-5.24 (boundaries none, hard, inertial)
  it('follows the finger, but at an end without loop stops (hard) or gives way a third as fast (inertial)', () => {
    expect(newSwipeOffset(90, true, false, 'none')).toBe(90);
    expect(newSwipeOffset(90, true, false, 'hard')).toBe(0);
    expect(newSwipeOffset(90, true, false, 'inertial')).toBe(30);
    expect(newSwipeOffset(-90, true, false, 'hard')).toBe(-90);
    expect(newSwipeOffset(-90, false, true, 'inertial')).toBe(-30);
    expect([boundaryFor(true), boundaryFor(false)]).toEqual(['none', 'inertial']);
  });

  it('never moves past an end without loop, whatever the drag (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        (drag, width, velocity) => {
          // A drag back from the first slide: shown a third, and at most a third of the width the rule asks for.
          const shown = newSwipeOffset(drag, true, false, 'inertial');
          expect(shown).toBeLessThanOrEqual(drag);
          if (drag < (width / 2) * 3) expect(newSwipeStep(shown, width, velocity)).toBeUndefined();
        },
      ),
    );
  });

  // covers 001-5.24 (snap points a percentage or none)
  it('takes snap points as a percentage or none, and rests a released drag on the nearest', () => {
    expect(['none', null, '50%', 25, '100%', '0%'].map(parseSnapPoints)).toEqual(['none', 'none', 50, 25, 100, 0]);
    expect(['fifty', '150%', -1, '50', {}].map(parseSnapPoints)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(snapOffset(-130, 400, 50)).toBe(-200);
    expect(snapOffset(-90, 400, 50)).toBe(-0);
    expect(snapOffset(-130, 400, 'none')).toBe(-130);
  });

  // covers 001-9.68
  it('finishes a swipe in 0.2 to 0.5 s, by the way left to go', () => {
    expect(settleSeconds(0, 400)).toBe(0.2);
    expect(settleSeconds(400, 400)).toBe(0.5);
    expect(settleSeconds(200, 400)).toBe(0.35);
    fc.assert(
      fc.property(fc.double({ min: -5000, max: 5000, noNaN: true }), fc.integer({ min: 0, max: 3000 }), (left, width) => {
        const s = settleSeconds(left, width);
        expect(s).toBeGreaterThanOrEqual(0.2);
        expect(s).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('the resize state', () => {
  // covers 001-4.21, 001-3.29, 001-3.27, 001-9.30
  it('starts resizing on a change along its axis beyond the threshold, and ends when the timeout passes', () => {
    const start = { width: 800, height: 600, resizing: false };
    expect(resizeEvent(start, 800, 600)).toBe(start);
    expect(resizeEvent(start, 820, 600)).toEqual({ width: 820, height: 600, resizing: true });
    expect(resizeEvent(start, 800, 650, 'x')).toBe(start);
    expect(resizeEvent(start, 800, 650, 'y')).toEqual({ width: 800, height: 650, resizing: true });
    expect(resizeEvent(start, 805, 600, 'x', 10)).toBe(start);
    expect(resizeEnd({ width: 820, height: 600, resizing: true })).toEqual({ width: 820, height: 600, resizing: false });
    expect(GALLERY_RESIZE_TIMEOUT_MS).toBe(100);
  });
});
