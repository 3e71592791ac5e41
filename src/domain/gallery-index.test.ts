import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GALLERY_DEFAULTS, NEW_SWIPE_BOUNDARIES, SLIDESHOW_DEFAULTS, STRIP_ALIGNMENTS } from './gallery';
import {
  activatesControl,
  autoplayIntervalMs,
  autoplayMayAdvance,
  autoplayNextIndex,
  carouselControlsHidden,
  carouselGroups,
  carouselStep,
  controlsFor,
  designNotFoundError,
  hashWithItemId,
  itemIdFromHash,
  keyStep,
  missingContainerError,
  newSwipeStep,
  noMotionRequested,
  requestIndex,
  requestStep,
  slideForItemId,
  stackedClickStep,
  stripClickTarget,
  swipeAnimationSeconds,
  syncLinked,
  touchStep,
  unknownDesignError,
  unknownTransitionError,
  type GalleryIndexState,
} from './gallery-index';

/** A gallery of 1..40 slides at any index, looping or not, at rest or moving. */
const galleryState = fc
  .record({ count: fc.integer({ min: 1, max: 40 }), loop: fc.boolean(), inMotion: fc.boolean(), at: fc.nat() })
  .map(({ count, loop, inMotion, at }): GalleryIndexState => ({ count, loop, inMotion, index: at % count }));
const atRest = galleryState.map((s) => ({ ...s, inMotion: false }));
const direction = fc.constantFrom('forward' as const, 'reverse' as const);

describe('index changes', () => {
  // covers 001-4.03, 001-4.24
  it('refuses every change while in motion', () => {
    fc.assert(
      fc.property(galleryState, fc.anything(), direction, (state, value, d) => {
        const moving = { ...state, inMotion: true };
        expect(requestIndex(moving, value)).toEqual({ accepted: false, reason: 'inMotion' });
        expect(requestStep(moving, d)).toEqual({ accepted: false, reason: 'inMotion' });
      }),
    );
  });

  // covers 001-4.04
  it('refuses a change while a linked gallery moves to another index, and takes it when the linked one moves to the same', () => {
    const state = { index: 1, count: 5, loop: false, inMotion: false };
    expect(requestIndex(state, 3, [{ index: 2, inMotion: true }])).toEqual({ accepted: false, reason: 'linkedInMotion' });
    expect(requestIndex(state, 3, [{ index: 3, inMotion: true }])).toMatchObject({ accepted: true, index: 3 });
    expect(requestIndex(state, 3, [{ index: 2, inMotion: false }])).toMatchObject({ accepted: true, index: 3 });
    expect(requestStep(state, 'forward', [{ index: 4, inMotion: true }])).toMatchObject({ accepted: false });
  });

  // covers 001-4.01, 001-4.02
  it('normalises any requested index into the slides, wrapping', () => {
    fc.assert(
      fc.property(atRest, fc.anything(), (state, value) => {
        const change = requestIndex(state, value);
        if (!change.accepted) throw new Error('refused at rest');
        expect(change.index >= 0 && change.index < state.count && Number.isInteger(change.index)).toBe(true);
      }),
    );
    const state = { index: 0, count: 5, loop: false, inMotion: false };
    expect(requestIndex(state, 'abc')).toMatchObject({ index: 0 });
    expect(requestIndex(state, -1)).toMatchObject({ index: 4 });
    expect(requestIndex(state, 7)).toMatchObject({ index: 2 });
  });

  // covers 001-4.05, 001-4.10, 001-4.12, 001-9.02
  it('without loop clamps every walk between the first and the last slide, reporting the ends', () => {
    fc.assert(
      fc.property(
        atRest.map((s) => ({ ...s, loop: false })),
        fc.array(direction, { maxLength: 60 }),
        (start, walk) => {
          let state = start;
          for (const d of walk) {
            const change = requestStep(state, d);
            if (!change.accepted) throw new Error('refused at rest');
            expect(change.index).toBeGreaterThanOrEqual(0);
            expect(change.index).toBeLessThan(state.count);
            const atEnd = d === 'forward' ? state.index === state.count - 1 : state.index === 0;
            expect(change.reached).toBe(atEnd ? (d === 'forward' ? 'reachedEnd' : 'reachedBeginning') : undefined);
            expect(change.changed).toBe(!atEnd);
            state = { ...state, index: change.index };
          }
        },
      ),
    );
  });

  // covers 001-4.09, 001-4.11
  it('with loop wraps, and n steps forward from anywhere come back to the start', () => {
    fc.assert(
      fc.property(
        atRest.map((s) => ({ ...s, loop: true })),
        direction,
        (start, d) => {
          let state = start;
          for (let i = 0; i < start.count; i++) {
            const change = requestStep(state, d);
            if (!change.accepted) throw new Error('refused at rest');
            expect(change.reached).toBeUndefined();
            state = { ...state, index: change.index };
          }
          expect(state.index).toBe(start.index);
        },
      ),
    );
    expect(requestStep({ index: 0, count: 4, loop: true, inMotion: false }, 'reverse')).toMatchObject({ index: 3 });
    expect(requestStep({ index: 3, count: 4, loop: true, inMotion: false }, 'forward')).toMatchObject({ index: 0 });
  });

  // covers 001-4.07
  it('says the direction of each change: forward or reverse', () => {
    const state = { index: 2, count: 5, loop: false, inMotion: false };
    expect(requestStep(state, 'forward')).toMatchObject({ direction: 'forward' });
    expect(requestStep(state, 'reverse')).toMatchObject({ direction: 'reverse' });
    expect(requestIndex(state, 0)).toMatchObject({ direction: 'reverse' });
    expect(requestIndex(state, 4)).toMatchObject({ direction: 'forward' });
  });

  // covers 001-4.06
  it('marks previous disabled on the first slide and next on the last, and neither with loop', () => {
    fc.assert(
      fc.property(atRest, (state) => {
        const marks = controlsFor(state);
        expect(marks.previous).toBe(!state.loop && state.index === 0);
        expect(marks.next).toBe(!state.loop && state.index === state.count - 1);
      }),
    );
  });

  // covers 001-5.04
  it('does nothing with zero slides', () => {
    expect(requestStep({ index: 0, count: 0, loop: false, inMotion: false }, 'forward')).toEqual({ accepted: false, reason: 'empty' });
    expect(requestIndex({ index: 0, count: 0, loop: true, inMotion: false }, 3)).toEqual({ accepted: false, reason: 'empty' });
  });
});

describe('linked galleries', () => {
  // covers 001-4.19
  it('brings linked galleries to the same index, each within its own slides', () => {
    expect(
      syncLinked(
        3,
        [
          { index: 0, inMotion: false },
          { index: 1, inMotion: false },
        ],
        [5, 2],
      ),
    ).toEqual([3, 1]);
  });

  // covers 001-4.20
  it('gives the keyboard to the parent only', () => {
    const base = { keyCode: 39, inMotion: false, editableTarget: false, inViewport: true, keyboard: true };
    expect(keyStep({ ...base, linkedChild: false })).toBe('forward');
    expect(keyStep({ ...base, linkedChild: true })).toBeUndefined();
  });
});

describe('autoplay', () => {
  // covers 001-4.15, 001-4.16, 001-4.17, 001-2.09
  it('advances unless hovered on a desktop, a video shows or motion is refused', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (hovering, mobile, videoShowing, motionRefused) => {
        expect(autoplayMayAdvance({ hovering, mobile, videoShowing, motionRefused })).toBe(!motionRefused && !videoShowing && (mobile || !hovering));
      }),
    );
  });

  // covers 001-4.14, 001-4.18, 001-3.13
  it('goes to the next slide, or in random mode to a random other slide', () => {
    expect(autoplayNextIndex(4, 5, false)).toBe(0);
    expect(autoplayNextIndex(1, 5, false)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50 }), fc.nat(), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (count, at, r) => {
        const index = at % count;
        const next = autoplayNextIndex(index, count, true, () => r);
        expect(next).not.toBe(index);
        expect(next >= 0 && next < count).toBe(true);
      }),
    );
    // Every other slide can be drawn.
    const drawn = new Set(Array.from({ length: 40 }, (_, i) => autoplayNextIndex(2, 5, SLIDESHOW_DEFAULTS.autoplayOptions.randomize, () => i / 40)));
    expect([...drawn].sort()).toEqual([0, 1, 3, 4]);
    expect(autoplayNextIndex(0, 1, true)).toBe(0);
  });

  // covers 001-3.32, 001-9.04
  it('reads autoplay-duration in seconds, else the default timeout', () => {
    expect(autoplayIntervalMs(2, GALLERY_DEFAULTS.autoplayTimeoutMs)).toBe(2000);
    expect(autoplayIntervalMs(undefined, GALLERY_DEFAULTS.autoplayTimeoutMs)).toBe(1000);
    expect(autoplayIntervalMs(undefined, SLIDESHOW_DEFAULTS.autoplayOptions.timeoutMs)).toBe(5000);
    expect(autoplayIntervalMs(0, 1000)).toBe(1000);
  });

  // covers 001-2.09
  it('reads nomotion=true from the query', () => {
    expect(noMotionRequested('?nomotion=true')).toBe(true);
    expect(noMotionRequested('?a=1&nomotion=true')).toBe(true);
    expect(noMotionRequested('?nomotion=false')).toBe(false);
    expect(noMotionRequested('')).toBe(false);
  });
});

describe('keyboard and controls', () => {
  // covers 001-3.21, 001-9.06, 001-4.24, 001-4.25, 001-4.26
  it('moves with 37 and 39 only when at rest, outside an editable field and on screen', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(37, 39, 38, 13),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (keyCode, inMotion, editableTarget, inViewport, keyboard) => {
          const step = keyStep({ keyCode, inMotion, editableTarget, inViewport, keyboard, linkedChild: false });
          const free = keyboard && !inMotion && !editableTarget && inViewport;
          expect(step).toBe(!free ? undefined : keyCode === 37 ? 'reverse' : keyCode === 39 ? 'forward' : undefined);
        },
      ),
    );
  });

  // covers 001-4.27, 001-4.28
  it('takes a click, Enter or Space on a control', () => {
    expect(activatesControl({ type: 'click' })).toBe(true);
    expect(activatesControl({ type: 'keydown', key: 'Enter' })).toBe(true);
    expect(activatesControl({ type: 'keydown', key: ' ' })).toBe(true);
    expect(activatesControl({ type: 'keydown', key: 'a' })).toBe(false);
  });
});

describe('touch', () => {
  // covers 001-4.22, 001-9.70
  it('steps on a horizontal swipe of 50 px within 250 ms, and not otherwise', () => {
    expect(touchStep(-60, 5, 100)).toBe('forward');
    expect(touchStep(60, 5, 100)).toBe('reverse');
    expect(touchStep(-40, 0, 100)).toBeUndefined();
    expect(touchStep(-60, 0, 400)).toBeUndefined();
    expect(touchStep(10, -80, 100)).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), fc.integer({ min: 0, max: 2000 }), (dx, dy, ms) => {
        const step = touchStep(dx, dy, ms);
        if (step) {
          expect(Math.abs(dx)).toBeGreaterThanOrEqual(50);
          expect(ms).toBeLessThanOrEqual(250);
          expect(Math.abs(dx)).toBeGreaterThanOrEqual(Math.abs(dy));
        }
      }),
    );
  });

  // covers 001-4.56, 001-4.57
  it('new-swipe moves one slide past half the width or above velocity 1, else snaps back', () => {
    expect(newSwipeStep(-210, 400, 0.2)).toBe('forward');
    expect(newSwipeStep(210, 400, 0.2)).toBe('reverse');
    expect(newSwipeStep(-190, 400, 0.2)).toBeUndefined();
    expect(newSwipeStep(-30, 400, -1.5)).toBe('forward');
    expect(newSwipeStep(30, 400, 1.5)).toBe('reverse');
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.double({ min: -1, max: 1, noNaN: true }), (dx, width, v) => {
        expect(newSwipeStep(dx, width, v) !== undefined).toBe(Math.abs(dx) > width / 2);
      }),
    );
  });

  // covers 001-9.68
  it('animates the rest of a swipe in 0.2 to 0.5 s', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (rest, width) => {
        const s = swipeAnimationSeconds(rest, width);
        expect(s >= 0.2 && s <= 0.5).toBe(true);
      }),
    );
  });
});

describe('layouts', () => {
  // covers 001-4.51, 001-4.52, 001-9.62
  it('stacked: a click goes next, previous or by the half clicked; a video slide does not move', () => {
    expect(stackedClickStep('next', 10, 400, false)).toBe('forward');
    expect(stackedClickStep('previous', 390, 400, false)).toBe('reverse');
    expect(stackedClickStep('half', 100, 400, false)).toBe('reverse');
    expect(stackedClickStep('half', 300, 400, false)).toBe('forward');
    expect(stackedClickStep('next', 10, 400, true)).toBeUndefined();
  });

  // covers 001-4.53, 001-4.54
  it('strip: a click makes a slide current; on the current one it does as configured', () => {
    const state = { index: 1, count: 5, loop: false, inMotion: false };
    expect(stripClickTarget(3, state, 'none')).toMatchObject({ accepted: true, index: 3 });
    expect(stripClickTarget(1, state, 'none')).toBeUndefined();
    expect(stripClickTarget(1, state, 'next')).toMatchObject({ index: 2 });
    expect(stripClickTarget(1, state, 'previous')).toMatchObject({ index: 0 });
  });

  // covers 001-4.47, 001-4.48, 001-4.49, 001-4.50
  it('carousel: moves a group at a time within the first and last group; controls hidden when all fit', () => {
    expect(carouselGroups(7, 3)).toBe(3);
    expect(carouselStep(0, 'forward', 7, 3)).toEqual({ index: 1 });
    expect(carouselStep(2, 'forward', 7, 3)).toEqual({ index: 2, reached: 'reachedEnd' });
    expect(carouselStep(0, 'reverse', 7, 3)).toEqual({ index: 0, reached: 'reachedBeginning' });
    expect(carouselControlsHidden(3, 3)).toBe(true);
    expect(carouselControlsHidden(4, 3)).toBe(false);
    expect(controlsFor({ index: 0, count: carouselGroups(7, 3), loop: false })).toEqual({ previous: true, next: false });
  });
});

describe('the address', () => {
  // covers 001-2.01, 001-2.08
  it('reads itemId from the hash and matches it against a slide id or url', () => {
    const slides = [{ id: 'a1' }, { id: 'b2', url: 'harbour' }, { id: 'c3', url: '' }];
    expect(slideForItemId(itemIdFromHash('#itemId=b2'), slides)).toBe(1);
    expect(slideForItemId(itemIdFromHash('#x=1&itemId=harbour'), slides)).toBe(1);
    expect(slideForItemId(itemIdFromHash('#itemId='), slides)).toBeUndefined();
    expect(slideForItemId(itemIdFromHash('#itemId=zz'), slides)).toBeUndefined();
    expect(slideForItemId(itemIdFromHash(''), slides)).toBeUndefined();
  });

  // covers 001-2.03, 001-2.04
  it('writes and clears itemId in the hash, keeping other values', () => {
    expect(hashWithItemId('', 'b2')).toBe('#itemId=b2');
    expect(hashWithItemId('#x=1', 'b2')).toBe('#x=1&itemId=b2');
    expect(hashWithItemId('#itemId=b2', undefined)).toBe('');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(itemIdFromHash(hashWithItemId('#a=b', id))).toBe(id);
      }),
    );
  });
});

describe('gallery errors', () => {
  // covers 001-5.01, 001-5.02, 001-8.12, 001-8.32, 001-5.05
  it('words the seed errors', () => {
    expect(missingContainerError('#g')).toBe("No gallery '#g' container found.");
    expect(designNotFoundError('x', ['grid', 'strip'])).toBe("Design 'x' not found. Currently loaded designs: [grid, strip].");
    expect(unknownDesignError('x')).toBe('These are not the gallery designs you are looking for. (We could not find a design by the name x)');
    expect(unknownTransitionError('spin')).toContain('spin');
    expect(unknownTransitionError('spin')).toContain('could not be found');
  });

  // covers 001-5.22, 001-5.23
  it('names the strip alignments and new-swipe boundaries', () => {
    expect(STRIP_ALIGNMENTS).toEqual(['start', 'middle', 'end']);
    expect(NEW_SWIPE_BOUNDARIES).toEqual(['none', 'hard', 'inertial']);
  });
});
