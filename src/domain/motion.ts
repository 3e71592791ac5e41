/**
 * Site animations and anchor scrolling as pure decisions (seed 000 §9; seed 001 §5, §9): when a
 * block animates in, whether the visitor refused motion, how long a scroll tween may last, where an
 * anchor scroll stops and where it is at a moment of its tween. The constants are the seeds' own
 * (block-settings.ts: the 0.3 s duration, the 0.94 scale and the visibility thresholds;
 * limits.ts: the 300 ms tween and its 30 px offset); the enhancements in src/runtime/islands
 * (motion.ts, anchor-scroll.ts) apply these, the shared stylesheet (src/ui/motion.css) the rest.
 * No DOM, no clock.
 */
import { SCROLL_ANIMATION_THRESHOLDS } from './block-settings';
import { SCROLL_TWEEN_OFFSET_PX } from './limits';

/**
 * The share of a block in view that starts its animation: the seed's smallest visibility threshold
 * above 0 (its list is 0, 0.1, 0.25, 0.5, 1). At 0 a block would run while still under the
 * window's edge, unseen; a larger one would keep a tall block hidden while much of it is in view.
 */
export const ANIMATION_VISIBLE_RATIO = SCROLL_ANIMATION_THRESHOLDS[1];

/**
 * Whether a block is left out of the animation, shown at rest from the start: one already in view
 * (or above it) when the page loads, so nothing the visitor sees flashes; and one so tall that its
 * visible share could never reach the ratio, so nothing stays hidden for good.
 */
export function animatesIn(block: { top: number; height: number }, viewportHeight: number): boolean {
  return block.top >= viewportHeight && block.height * ANIMATION_VISIBLE_RATIO < viewportHeight;
}

/** Seed 001 §2: `nomotion=true` in the query asks for no motion, as reduced motion does (seed 000 §4). */
export function motionRefused(search: string, prefersReducedMotion: boolean): boolean {
  return prefersReducedMotion || new URLSearchParams(search).get('nomotion') === 'true';
}

/** Seed 001 §5: a tween's duration must be a finite number (of milliseconds, not below 0); anything else is refused. */
export function tweenDuration(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`a tween's duration must be a finite number of milliseconds, not ${ms}`);
  return ms;
}

/** Cubic ease-in-out over t in [0, 1]. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where a tween from `from` to `to` lasting `durationMs` is `elapsedMs` after it started: at `to` from its end on. */
export function tweenAt(from: number, to: number, elapsedMs: number, durationMs: number): number {
  const t = durationMs > 0 ? Math.min(1, Math.max(0, elapsedMs / durationMs)) : 1;
  return t === 1 ? to : from + (to - from) * easeInOut(t);
}

/**
 * Seed 001 §9: the window's scroll position that puts an anchor's target 30 px below the top of
 * what covers the page (`coveredPx`: the sticky header's bottom edge, 0 without one); `targetTop`
 * is the target's top in the document.
 */
export function anchorScrollTop(targetTop: number, coveredPx: number): number {
  return Math.max(0, targetTop - coveredPx - SCROLL_TWEEN_OFFSET_PX);
}
