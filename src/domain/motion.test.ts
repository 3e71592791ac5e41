import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANIMATION, SCROLL_ANIMATION_THRESHOLDS } from './block-settings';
import { SCROLL_TWEEN_OFFSET_PX, TIMINGS_MS } from './limits';
import { ANIMATION_VISIBLE_RATIO, anchorScrollTop, animatesIn, easeInOut, motionRefused, tweenAt, tweenDuration } from './motion';

describe('site animations', () => {
  // constants and helpers for 000-9.49, 000-9.50, 001-9.71 (the browser behaviour is left to end-to-end tests)
  it('animates over 0.3 s from the scale 0.94, once a tenth of a block is in view, one of the seed thresholds', () => {
    expect(ANIMATION).toEqual({ DEFAULT_DURATION_SECONDS: 0.3, SCALABLE_SCALE: 0.94 });
    expect(SCROLL_ANIMATION_THRESHOLDS).toContain(ANIMATION_VISIBLE_RATIO);
    expect(ANIMATION_VISIBLE_RATIO).toBe(0.1);
  });

  it('animates only blocks below the fold whose tenth can come into view', () => {
    expect(animatesIn({ top: 900, height: 200 }, 900)).toBe(true);
    expect(animatesIn({ top: 899, height: 200 }, 900)).toBe(false);
    expect(animatesIn({ top: -400, height: 200 }, 900)).toBe(false);
    expect(animatesIn({ top: 2000, height: 8999 }, 900)).toBe(true);
    expect(animatesIn({ top: 2000, height: 9000 }, 900)).toBe(false);
  });

  it('moves nothing under reduced motion or with nomotion=true', () => {
    expect(motionRefused('', false)).toBe(false);
    expect(motionRefused('?nomotion=false', false)).toBe(false);
    expect(motionRefused('', true)).toBe(true);
    expect(motionRefused('?a=1&nomotion=true', false)).toBe(true);
  });
});

describe('scroll tween', () => {
  // covers 001-5.25
  it('refuses a duration that is not a finite number', () => {
    for (const bad of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, -1]) expect(() => tweenDuration(bad)).toThrow(RangeError);
    expect(tweenDuration(0)).toBe(0);
    expect(tweenDuration(TIMINGS_MS.SCROLL_TWEEN)).toBe(300);
  });

  // constants and helpers for 001-9.67 (the browser behaviour is left to end-to-end tests)
  it('stops 30 px below what covers the top of the window, never above the page', () => {
    expect(SCROLL_TWEEN_OFFSET_PX).toBe(30);
    expect(anchorScrollTop(2000, 72)).toBe(2000 - 72 - 30);
    expect(anchorScrollTop(2000, 0)).toBe(1970);
    expect(anchorScrollTop(50, 72)).toBe(0);
  });

  it('eases in and out: starts and ends slowly, halfway at half time, symmetric', () => {
    expect([easeInOut(0), easeInOut(0.5), easeInOut(1)]).toEqual([0, 0.5, 1]);
    expect(easeInOut(0.1)).toBeLessThan(0.1);
    expect(easeInOut(0.9)).toBeGreaterThan(0.9);
    fc.assert(fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (t) => Math.abs(easeInOut(t) + easeInOut(1 - t) - 1) < 1e-9));
  });

  it('runs from its start to its end over its duration, never past either, and stays at the end', () => {
    expect(tweenAt(100, 400, 0, 300)).toBe(100);
    expect(tweenAt(100, 400, 150, 300)).toBe(250);
    expect(tweenAt(100, 400, 300, 300)).toBe(400);
    expect(tweenAt(100, 400, 10_000, 300)).toBe(400);
    expect(tweenAt(100, 400, 0, 0)).toBe(400);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), fc.nat(600), fc.nat(600), (from, to, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const [x, y] = [tweenAt(from, to, early, 300), tweenAt(from, to, late, 300)];
        const [low, high] = from <= to ? [from, to] : [to, from];
        // Monotonic toward the end, within the two ends.
        return x >= low && x <= high && y >= low && y <= high && (from <= to ? y >= x : y <= x);
      }),
    );
  });
});
