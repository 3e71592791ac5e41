/**
 * The gallery index rules of seed 001 §4 as pure decisions, so the browser's enhancement module
 * (src/blocks/gallery/island.ts) only reads events and applies what these return: whether an index
 * change is taken (refused while in motion, or while a linked gallery moves to another index),
 * where a step lands (wrap with loop, clamp and reachedBeginning/reachedEnd without), which
 * controls carry the disabled marker, what autoplay does next (random mode, hover pause but not on
 * mobile, off while a video shows or motion is not wanted), what a key press, a touch, a new-swipe
 * drag or a click on a stacked or strip slide means, the carousel's groups, and the itemId address.
 * No DOM, no clock: time and randomness come in as arguments.
 */
import {
  classifyTouch,
  GALLERY_KEYS,
  galleryControlsDisabled,
  NEW_SWIPE_VELOCITY,
  normalizeGalleryIndex,
  stepGalleryIndex,
  TOUCH,
  type GalleryDirection,
  type GalleryStep,
} from './gallery';
import { gallery } from '../messages/gallery';
import { galleryBlock } from '../messages/gallery-block';
import { format } from '../messages/format';

/** What the index rules need to know about one gallery. */
export type GalleryIndexState = {
  index: number;
  count: number;
  loop: boolean;
  inMotion: boolean;
};

/** Another gallery linked to this one (a thumbnail strip and its slideshow). */
export type LinkedGallery = { index: number; inMotion: boolean };

export type IndexChange =
  | { accepted: false; reason: 'inMotion' | 'linkedInMotion' | 'empty' }
  | (GalleryStep & { accepted: true; changed: boolean; direction: GalleryDirection });

/** Seed 001 §4: a change is refused while in motion, or while a linked gallery moves with another index. */
function refusal(state: GalleryIndexState, target: number, linked: readonly LinkedGallery[]): IndexChange | undefined {
  if (state.count <= 0) return { accepted: false, reason: 'empty' };
  if (state.inMotion) return { accepted: false, reason: 'inMotion' };
  if (linked.some((g) => g.inMotion && g.index !== target)) return { accepted: false, reason: 'linkedInMotion' };
  return undefined;
}

/**
 * Going to an index given from outside (an address, a linked gallery, a strip click, autoplay):
 * normalised (non-numeric or zero is 0, out of range wraps). Direction is forward unless the new
 * index is below the current one.
 */
export function requestIndex(state: GalleryIndexState, value: unknown, linked: readonly LinkedGallery[] = []): IndexChange {
  const target = normalizeGalleryIndex(value, state.count);
  const refused = refusal(state, target, linked);
  if (refused) return refused;
  return { accepted: true, index: target, changed: target !== state.index, direction: target < state.index ? 'reverse' : 'forward' };
}

/**
 * Next or previous: with loop it wraps; without, the index stays at the end and the step reports
 * reachedBeginning or reachedEnd (seed 001 §4).
 */
export function requestStep(state: GalleryIndexState, direction: GalleryDirection, linked: readonly LinkedGallery[] = []): IndexChange {
  const step = stepGalleryIndex(state.index, direction, state.count, state.loop);
  const refused = refusal(state, step.index, linked);
  if (refused) return refused;
  return { ...step, accepted: true, changed: step.index !== state.index, direction };
}

/** The disabled markers of the previous and next controls for the gallery as it stands. */
export function controlsFor(state: Pick<GalleryIndexState, 'index' | 'count' | 'loop'>) {
  return galleryControlsDisabled(state.index, state.count, state.loop);
}

/* ---------- linked galleries ---------- */

/** Seed 001 §4: linked galleries follow the index of the one that moved; keyboard control is the parent's only. */
export function syncLinked(index: number, linked: readonly LinkedGallery[], counts: readonly number[]): number[] {
  return linked.map((_, i) => normalizeGalleryIndex(index, counts[i] ?? 0));
}

/* ---------- autoplay ---------- */

export type AutoplayContext = {
  /** The pointer is over the gallery or its controls. */
  hovering: boolean;
  /** A phone-sized window: hover does not pause there. */
  mobile: boolean;
  /** A video slide is playing: autoplay is off meanwhile and comes back after. */
  videoShowing: boolean;
  /** The address asks for no motion (nomotion=true) or the visitor prefers reduced motion. */
  motionRefused: boolean;
};

/** Seed 001 §2, §4: whether the autoplay timer may advance the gallery now. */
export function autoplayMayAdvance(ctx: AutoplayContext): boolean {
  if (ctx.motionRefused || ctx.videoShowing) return false;
  return ctx.mobile || !ctx.hovering;
}

/**
 * The index autoplay goes to: the next one (wrapping, since autoplay runs on), or in random mode
 * an index drawn with `random` (in [0, 1)) other than the current one when there is another.
 */
export function autoplayNextIndex(index: number, count: number, randomize: boolean, random: () => number = Math.random): number {
  if (count <= 1) return 0;
  if (!randomize) return normalizeGalleryIndex(index + 1, count);
  const drawn = Math.min(count - 2, Math.floor(random() * (count - 1)));
  return drawn >= index ? drawn + 1 : drawn;
}

/** Seed 001 §3: autoplay-duration is in seconds; without one, the gallery's 1000 ms (the slideshow's 5000 ms). */
export function autoplayIntervalMs(durationSeconds: number | undefined, fallbackMs: number): number {
  return durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds * 1000 : fallbackMs;
}

/** Seed 001 §2: `nomotion=true` in the query switches autoplay off. */
export function noMotionRequested(search: string): boolean {
  return new URLSearchParams(search).get('nomotion') === 'true';
}

/* ---------- keyboard and controls ---------- */

export type KeyContext = {
  keyCode: number;
  inMotion: boolean;
  /** The key went to an input, a textarea, a select or an editable element. */
  editableTarget: boolean;
  /** Some of the gallery is inside the viewport. */
  inViewport: boolean;
  /** A linked child gallery: its parent takes the keys. */
  linkedChild: boolean;
  /** The gallery's keyboard setting (default on). */
  keyboard: boolean;
};

/** Seed 001 §3, §4: 37 is previous and 39 next, ignored in motion, in an editable field, off screen or on a linked child. */
export function keyStep(ctx: KeyContext): GalleryDirection | undefined {
  if (!ctx.keyboard || ctx.linkedChild || ctx.inMotion || ctx.editableTarget || !ctx.inViewport) return undefined;
  if (ctx.keyCode === GALLERY_KEYS.PREVIOUS) return 'reverse';
  if (ctx.keyCode === GALLERY_KEYS.NEXT) return 'forward';
  return undefined;
}

/** Seed 001 §4: controls respond to click, and to Enter or Space from the keyboard. */
export function activatesControl(event: { type: string; key?: string }): boolean {
  return event.type === 'click' || (event.type === 'keydown' && (event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar'));
}

/* ---------- touch ---------- */

/** Seed 001 §4: a left swipe goes forward, a right swipe back; anything else moves nothing. */
export function touchStep(dx: number, dy: number, durationMs: number): GalleryDirection | undefined {
  const outcome = classifyTouch(dx, dy, durationMs);
  if (outcome === 'swipeLeft') return 'forward';
  if (outcome === 'swipeRight') return 'reverse';
  return undefined;
}

/**
 * Seed 001 §4 new-swipe: a drag moves one slide when it passes half the container's width or its
 * velocity (px per ms) is above 1; otherwise it snaps back. Dragging left goes forward.
 */
export function newSwipeStep(dx: number, containerWidth: number, velocity: number): GalleryDirection | undefined {
  const far = containerWidth > 0 && Math.abs(dx) > containerWidth / 2;
  const fast = Math.abs(velocity) > NEW_SWIPE_VELOCITY;
  if (!far && !fast) return undefined;
  const sign = dx !== 0 ? dx : -velocity;
  if (sign === 0) return undefined;
  return sign < 0 ? 'forward' : 'reverse';
}

/** Seed 001 §9: the slide animation after a swipe lasts 0.2 to 0.5 s, in proportion to the way left to go. */
export function swipeAnimationSeconds(remainingPx: number, containerWidth: number): number {
  const share = containerWidth > 0 ? Math.min(1, Math.abs(remainingPx) / containerWidth) : 1;
  return TOUCH.SWIPE_ANIMATION_MIN_SECONDS + share * (TOUCH.SWIPE_ANIMATION_MAX_SECONDS - TOUCH.SWIPE_ANIMATION_MIN_SECONDS);
}

/* ---------- layouts ---------- */

export const STACKED_CLICKS = ['next', 'previous', 'half'] as const;
export type StackedClick = (typeof STACKED_CLICKS)[number];

/**
 * Seed 001 §4 stacked: a click on a slide goes next, previous, or by the half of the slide clicked
 * (left half back, right half forward); a video slide is not advanced by clicks.
 */
export function stackedClickStep(click: StackedClick, offsetX: number, width: number, videoSlide: boolean): GalleryDirection | undefined {
  if (videoSlide) return undefined;
  if (click === 'next') return 'forward';
  if (click === 'previous') return 'reverse';
  return offsetX < width / 2 ? 'reverse' : 'forward';
}

export const STRIP_CURRENT_CLICKS = ['next', 'previous', 'none'] as const;
export type StripCurrentClick = (typeof STRIP_CURRENT_CLICKS)[number];

/** Seed 001 §4 strip: a click on a slide makes it current; on the current one it does what is configured. */
export function stripClickTarget(clicked: number, state: GalleryIndexState, onCurrent: StripCurrentClick): IndexChange | undefined {
  if (clicked !== state.index) return requestIndex(state, clicked);
  if (onCurrent === 'none') return undefined;
  return requestStep(state, onCurrent === 'next' ? 'forward' : 'reverse');
}

/** Seed 001 §4 carousel: how many groups `count` slides make at `perRow` a group. */
export function carouselGroups(count: number, perRow: number): number {
  return count <= 0 || perRow <= 0 ? 0 : Math.ceil(count / perRow);
}

/** Seed 001 §4 carousel: controls are hidden when every slide fits in one group. */
export function carouselControlsHidden(count: number, perRow: number): boolean {
  return count <= perRow;
}

/** Seed 001 §4 carousel: the group moves one on, staying within the first and the last (no loop). */
export function carouselStep(group: number, direction: GalleryDirection, count: number, perRow: number): GalleryStep {
  return stepGalleryIndex(group, direction, carouselGroups(count, perRow), false);
}

/* ---------- the address ---------- */

/** Seed 001 §2: the itemId value of a location hash (`#itemId=…`), or undefined. */
export function itemIdFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('itemId');
  return value ? value : undefined;
}

/** Seed 001 §2: the slide an itemId names, matched against each slide's id or its url. */
export function slideForItemId(itemId: string | undefined, slides: readonly { id: string; url?: string | undefined }[]): number | undefined {
  if (!itemId) return undefined;
  const found = slides.findIndex((s) => s.id === itemId || (s.url !== undefined && s.url !== '' && s.url === itemId));
  return found === -1 ? undefined : found;
}

/** The hash with itemId set to `id` (or removed when undefined), other values kept. */
export function hashWithItemId(hash: string, id: string | undefined): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (id === undefined) params.delete('itemId');
  else params.set('itemId', id);
  const text = params.toString();
  return text ? `#${text}` : '';
}

/* ---------- design errors (seed 001 §8) ---------- */

export function missingContainerError(selector: string): string {
  return format(gallery.containerMissing, { selector });
}

export function designNotFoundError(name: string, loaded: readonly string[]): string {
  return format(gallery.designNotLoaded, { name, list: loaded.join(', ') });
}

export function unknownDesignError(name: string): string {
  return format(gallery.designUnknown, { name });
}

export function unknownTransitionError(name: string): string {
  return format(galleryBlock.transitionUnknown, { name });
}
