import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HIGHLIGHT_ANIMATIONS,
  HIGHLIGHT_DEFAULTS,
  HIGHLIGHT_SETTINGS,
  HIGHLIGHT_SHAPES,
  HIGHLIGHT_START_DELAY_MS,
  HIGHLIGHT_WATCH_MS,
  HIGHLIGHT_FADE_SCALE_FROM,
  drawnLinecap,
  drawnOpacity,
  highlightGeometry,
  isHighlightColor,
  isHighlightThickness,
  repeatsFor,
  stretchedLength,
  strokeWidth,
  tweenDurations,
} from './text-highlight';

describe('text highlight settings', () => {
  // covers 001-3.65, 001-3.66, 001-3.67
  it('has the seed’s settings, shapes and animations', () => {
    expect(HIGHLIGHT_SETTINGS).toEqual([
      'shape',
      'color',
      'thickness',
      'linecap',
      'blend',
      'opacity',
      'animation',
      'direction',
      'duration',
      'isAnimationEnabled',
    ]);
    expect(HIGHLIGHT_SHAPES).toEqual([
      'circle',
      'cross',
      'enclose',
      'jagged',
      'marker',
      'scribble',
      'strike',
      'strikeDiagonal',
      'underline',
      'underlineCurve',
      'underlineDouble',
      'wave',
    ]);
    expect(HIGHLIGHT_ANIMATIONS).toEqual(['draw', 'fade', 'fadeScale']);
    expect(Object.keys(HIGHLIGHT_DEFAULTS).sort()).toEqual([...HIGHLIGHT_SETTINGS].sort());
  });

  // covers 001-3.68, 001-3.69, 001-3.70, 001-3.71, 001-3.72, 001-3.73, 001-3.74, 001-3.75 (the drawing itself is left to end-to-end tests)
  it('defaults to a wave in the current colour, 0.06em, square caps, no blend, drawn to the right over 0.75 s', () => {
    expect(HIGHLIGHT_DEFAULTS).toMatchObject({
      shape: 'wave',
      color: 'currentColor',
      thickness: '0.06em',
      linecap: 'square',
      blend: 'none',
      animation: 'draw',
      direction: 'right',
      duration: 0.75,
    });
  });

  // constants for 001-4.96, 001-4.97 (the browser behaviour is left to end-to-end tests)
  it('starts 250 ms after the words become visible, watches for 2 s, and scales from half size', () => {
    expect(HIGHLIGHT_START_DELAY_MS).toBe(250);
    expect(HIGHLIGHT_WATCH_MS).toBe(2000);
    expect(HIGHLIGHT_FADE_SCALE_FROM).toBe(0.5);
  });

  it('accepts only currentColor, a theme colour or a #rgb / #rrggbb colour', () => {
    for (const ok of ['currentColor', 'accent', 'ink', '#fff', '#E0B000']) expect(isHighlightColor(ok), ok).toBe(true);
    for (const bad of ['red', 'url(#x)', '#ff', '#ggg000', 'rgb(0,0,0)', 'var(--x)', '#fff"', 'currentcolor', '#e0b000 '])
      expect(isHighlightColor(bad), bad).toBe(false);
  });

  it('accepts a thickness in em or px within its bounds, and nothing else', () => {
    for (const ok of ['0.06em', '1em', '.5em', '2px', '32px', '0.5px']) expect(isHighlightThickness(ok), ok).toBe(true);
    for (const bad of ['0em', '1.5em', '40px', '0.2px', '1', 'em', '1rem', 'calc(1em)', '1e1px', '-1px', '0.06em;'])
      expect(isHighlightThickness(bad), bad).toBe(false);
  });
});

describe('text highlight shapes', () => {
  // covers 001-3.66 (the shape's path for each shape)
  it('draws every shape as SVG paths inside the 100 × 100 box, starting at its left', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HIGHLIGHT_SHAPES), fc.integer({ min: 1, max: 500 }), (shape, characters) => {
        const { strokes, box } = highlightGeometry(shape, characters);
        expect(strokes.length).toBeGreaterThan(0);
        expect(['text', 'around', 'behind']).toContain(box);
        for (const d of strokes) {
          expect(d).toMatch(/^M[\d. ]+( [LQTCZ][\d. ]*)+$/);
          const numbers = d.match(/[\d.]+/g)!.map(Number);
          for (const n of numbers) expect(n >= 0 && n <= 100, `${shape}: ${d}`).toBe(true);
          // A stroke starts at the box's left edge (the circle just inside it), so "right" draws from the left.
          expect(numbers[0]!).toBeLessThanOrEqual(4);
        }
      }),
    );
  });

  it('draws a cross and a double underline as two strokes, the rest as one; circle and enclose go around the words and the marker behind them', () => {
    const strokes = Object.fromEntries(HIGHLIGHT_SHAPES.map((s) => [s, highlightGeometry(s, 10).strokes.length]));
    expect(strokes).toEqual({
      circle: 1,
      cross: 2,
      enclose: 1,
      jagged: 1,
      marker: 1,
      scribble: 1,
      strike: 1,
      strikeDiagonal: 1,
      underline: 1,
      underlineCurve: 1,
      underlineDouble: 2,
      wave: 1,
    });
    expect(highlightGeometry('circle', 5).box).toBe('around');
    expect(highlightGeometry('enclose', 5).box).toBe('around');
    expect(highlightGeometry('marker', 5).box).toBe('behind');
    expect(highlightGeometry('wave', 5).box).toBe('text');
  });

  it('gives waves and zigzags more repeats for longer words, between 3 and 40', () => {
    expect(repeatsFor(1)).toBe(3);
    expect(repeatsFor(20)).toBe(10);
    expect(repeatsFor(10_000)).toBe(40);
    const waves = (chars: number) => (highlightGeometry('wave', chars).strokes[0]!.match(/T/g) ?? []).length;
    expect(waves(30)).toBeGreaterThan(waves(6));
  });

  it('draws the marker as a flat-ended band behind the words at 35% of its opacity; other shapes take the thickness and opacity set', () => {
    expect(strokeWidth({ shape: 'wave', thickness: '0.1em' })).toBe('0.1em');
    expect(strokeWidth({ shape: 'marker', thickness: '0.1em' })).toBe('0.9em');
    expect(drawnOpacity({ shape: 'wave', opacity: 0.5 })).toBe(0.5);
    expect(drawnOpacity({ shape: 'marker', opacity: 1 })).toBe(0.35);
    expect(drawnLinecap({ shape: 'marker', linecap: 'square' })).toBe('butt');
    expect(drawnLinecap({ shape: 'wave', linecap: 'round' })).toBe('round');
  });
});

describe('text highlight tween', () => {
  // covers 001-3.75 and the 001 §9 tween clamp (20%–100% of the configured duration)
  it('draws a one-stroke shape over the configured duration', () => {
    expect(tweenDurations(0.75, [320])).toEqual([750]);
  });

  // covers 001-9.76
  it('shares the duration between strokes by length, each clamped to 20%–100% of it', () => {
    expect(tweenDurations(1, [100, 100])).toEqual([500, 500]);
    expect(tweenDurations(1, [990, 10])).toEqual([990, 200]);
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (duration, lengths) => {
          for (const ms of tweenDurations(duration, lengths)) {
            expect(ms).toBeGreaterThanOrEqual(duration * 1000 * 0.2 - 1e-6);
            expect(ms).toBeLessThanOrEqual(duration * 1000 + 1e-6);
          }
        },
      ),
    );
  });

  it('measures a stroke as the stretched box draws it', () => {
    expect(
      stretchedLength(
        [
          [0, 50],
          [100, 50],
        ],
        300,
        20,
      ),
    ).toBe(300);
    expect(
      stretchedLength(
        [
          [0, 0],
          [0, 100],
        ],
        300,
        20,
      ),
    ).toBe(20);
    expect(
      stretchedLength(
        [
          [0, 0],
          [100, 100],
        ],
        30,
        40,
      ),
    ).toBe(50);
  });
});
