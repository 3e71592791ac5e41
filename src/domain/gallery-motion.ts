/**
 * How a slideshow moves (seed 001 §2, §3, §4, §5, §9), as pure decisions the gallery's enhancement
 * module applies: which stacked transitions exist and how long each move lasts, where a new-swipe
 * drag shows the slide (its boundaries: none, hard or inertial) and where it comes to rest (snap
 * points a percentage or none), how long the slide animation after a swipe takes, and the resize
 * emitter's state (a resize starts a resizing state that ends once no resize has come for the
 * timeout; the gallery's timeout is 100 ms). No DOM, no clock.
 */
import {
  GALLERY_LAYOUT_DEFAULTS,
  type NEW_SWIPE_BOUNDARIES,
  RESIZE_EMITTER,
  SLIDESHOW_DEFAULTS,
  STACKED_TRANSITIONS,
  TOUCH,
  type StackedTransition,
} from './gallery';
import { TIMINGS_MS } from './limits';

export type NewSwipeBoundary = (typeof NEW_SWIPE_BOUNDARIES)[number];

/** Seed 001 §8: a transition name that is not one of the five is an error naming it. */
export function isStackedTransition(name: unknown): name is StackedTransition {
  return typeof name === 'string' && (STACKED_TRANSITIONS as readonly string[]).includes(name);
}

/**
 * How long a move lasts (seed 001 §9): a fade or ken-burns move fades over the stacked speed (1 s);
 * scroll, swipe and new-swipe slide over the slideshow's animation (0.5 s, cubic ease-in-out); the
 * slider 0.5 s; nothing without motion.
 */
export function moveSeconds(layout: string, transition: string, still: boolean): number {
  if (still) return 0;
  if (layout === 'strip') return GALLERY_LAYOUT_DEFAULTS.strip.speed;
  if (layout === 'stacked' && (transition === 'fade' || transition === 'ken-burns')) return GALLERY_LAYOUT_DEFAULTS.stacked.speed;
  return SLIDESHOW_DEFAULTS.animationSeconds;
}

/** Seed 001 §9: the slideshow's easing, cubic ease-in-out, as CSS writes it. */
export const CUBIC_EASE_IN_OUT = 'cubic-bezier(0.645, 0.045, 0.355, 1)';

/**
 * Where a new-swipe drag of `dx` px shows the current slide (seed 001 §5 boundaries): `none`
 * follows the finger everywhere; at the first or last slide (no loop), `hard` stops at the edge and
 * `inertial` gives way a third as fast, as if pulling against a spring.
 */
export function newSwipeOffset(dx: number, atStart: boolean, atEnd: boolean, boundary: NewSwipeBoundary): number {
  const beyond = (dx > 0 && atStart) || (dx < 0 && atEnd);
  if (!beyond || boundary === 'none') return dx;
  return boundary === 'hard' ? 0 : dx / 3;
}

/** The boundary a slideshow's drag has: with loop there is no end to stop at; without, the edge gives way (inertial). */
export function boundaryFor(loop: boolean): NewSwipeBoundary {
  return loop ? 'none' : 'inertial';
}

/** Seed 001 §5: snap points are a percentage (0–100) or none; anything else is refused (undefined). */
export function parseSnapPoints(value: unknown): number | 'none' | undefined {
  if (value === 'none' || value === null) return 'none';
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?%$/.test(value.trim()) ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

/**
 * Where a released new-swipe drag comes to rest with snap points every `percent` of the width: the
 * nearest point (so a 50% snap rests at half or whole slides). `none` snaps to nothing: the
 * slideshow's rule (half the width or velocity above 1) alone decides.
 */
export function snapOffset(dx: number, width: number, snap: number | 'none'): number {
  if (snap === 'none' || snap <= 0 || width <= 0) return dx;
  const step = (snap / 100) * width;
  return Math.round(dx / step) * step;
}

/** Seed 001 §9: the slide animation after a swipe lasts 0.2 to 0.5 s, in proportion to the way left to go. */
export function settleSeconds(remainingPx: number, width: number): number {
  const share = width > 0 ? Math.min(1, Math.abs(remainingPx) / width) : 1;
  const { SWIPE_ANIMATION_MIN_SECONDS: min, SWIPE_ANIMATION_MAX_SECONDS: max } = TOUCH;
  return Math.round((min + share * (max - min)) * 1000) / 1000;
}

/* ---------- the resize emitter (seed 001 §3, §4) ---------- */

export type ResizeAxis = (typeof RESIZE_EMITTER.AXES)[number];
export type ResizeState = { width: number; height: number; resizing: boolean };

/** Seed 001 §9: galleries debounce resizes over 100 ms (elsewhere 150 ms; the emitter's own default 300 ms). */
export const GALLERY_RESIZE_TIMEOUT_MS = TIMINGS_MS.GALLERY_RESIZE_DEBOUNCE;

/**
 * A resize event: whether it starts the resizing state. Only a change along the emitter's axis
 * larger than the threshold (default 0) counts; a change already resizing keeps resizing.
 */
export function resizeEvent(
  state: ResizeState,
  width: number,
  height: number,
  axis: ResizeAxis | 'both' = 'both',
  threshold: number = RESIZE_EMITTER.THRESHOLD,
): ResizeState {
  const dx = Math.abs(width - state.width);
  const dy = Math.abs(height - state.height);
  const moved = axis === 'x' ? dx > threshold : axis === 'y' ? dy > threshold : dx > threshold || dy > threshold;
  return moved ? { width, height, resizing: true } : state;
}

/** The timeout passed with no further resize: the resizing state ends. */
export function resizeEnd(state: ResizeState): ResizeState {
  return state.resizing ? { ...state, resizing: false } : state;
}
