/**
 * Galleries and the lightbox (seed 001 §2–§5, §9): layouts and their defaults, the design mapping,
 * the index arithmetic (normalisation, stepping with or without loop, preloading), touch gesture
 * classification and the lightbox constants. The gallery island and the editor's gallery fields
 * both work from these, so a design name or an index means the same thing in both.
 */

/** Seed 001 §2. `stacked` is the slideshow layout and `strip` the slider. */
export const GALLERY_LAYOUTS = ['grid', 'autogrid', 'autocolumns', 'autorows', 'carousel', 'list', 'stacked', 'strip'] as const;
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];

export const STACKED_TRANSITIONS = ['fade', 'ken-burns', 'new-swipe', 'scroll', 'swipe'] as const;
export type StackedTransition = (typeof STACKED_TRANSITIONS)[number];

/** The designs a gallery renders with, after `galleryDesign` has mapped the block's setting. */
export const GALLERY_DESIGNS = ['base', 'strip', 'stacked', 'grid', 'autogrid', 'autocolumns', 'carousel', 'list'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

const SELF_MAPPED = new Set<string>(['grid', 'autogrid', 'autocolumns', 'carousel', 'list']);

/**
 * Seed 001 §2 design mapping: stacked → base, slider → strip, slideshow → stacked; grid, autogrid,
 * autocolumns, carousel and list → themselves; anything else → base.
 */
export function galleryDesign(setting: unknown): GalleryDesign {
  if (setting === 'stacked') return 'base';
  if (setting === 'slider') return 'strip';
  if (setting === 'slideshow') return 'stacked';
  return typeof setting === 'string' && SELF_MAPPED.has(setting) ? (setting as GalleryDesign) : 'base';
}

export const LIGHTBOX_THEMES = ['light', 'dark'] as const;
export const META_POSITIONS = ['top', 'bottom', 'top-left', 'bottom-left', 'top-right', 'bottom-right', 'center'] as const;
export const GALLERY_MEDIA_TYPES = ['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video'] as const;
export const SLIDE_CONTENT_TYPES = ['image', 'video'] as const;
export const STRIP_ALIGNMENTS = ['start', 'middle', 'end'] as const;
export const NEW_SWIPE_BOUNDARIES = ['none', 'hard', 'inertial'] as const;
export const GALLERY_DIRECTIONS = ['forward', 'reverse'] as const;
export type GalleryDirection = (typeof GALLERY_DIRECTIONS)[number];

/** Seed 001 §3: the gallery block's option names. */
export const GALLERY_BLOCK_OPTIONS = [
  'design',
  'imageAspectRatio',
  'slidesPerRow',
  'lightbox',
  'lightboxTheme',
  'mixedContent',
  'columnWidth',
  'gutter',
  'listImageSize',
  'thumbnails-per-row',
  'active-alignment',
  'autoplay',
  'autoplay-duration',
  'thumbnails',
  'thumbnail-strip-height',
  'thumbnail-strip-margin',
  'square-thumbs',
  'auto-crop',
  'padding',
  'meta-position',
  'vSize',
] as const;

/** Seed 001 §3: attributes a slide element carries. */
export const SLIDE_ATTRIBUTES = {
  ID: 'data-slide-id',
  URL: 'data-slide-url',
  TITLE: 'data-title',
  DESCRIPTION: 'data-description',
  LIGHTBOX_THEME: 'data-lightbox-theme',
  CLICK_THROUGH_URL: 'data-click-through-url',
  TYPE: 'data-type',
  IMAGE_DIMENSIONS: 'data-image-dimensions',
  IMAGE_FOCAL_POINT: 'data-image-focal-point',
  SRC: 'data-src',
} as const;

/**
 * A video slide's attributes (data-type="video"; the contract with the lightbox in notes/ISSUE16b.md):
 * the provider's player address to load on play (https, YouTube's no-cookie host) or a site video
 * file for the browser's player, and the video's height as a percentage of its width.
 */
export const VIDEO_SLIDE_ATTRIBUTES = { SRC: 'data-video-src', FILE: 'data-video-file', ASPECT: 'data-video-aspect', PROVIDER: 'data-video-provider' } as const;

/** Seed 001 §5: only images carrying all three are lazily loaded by the gallery. */
export const LAZY_IMAGE_ATTRIBUTES = [SLIDE_ATTRIBUTES.SRC, SLIDE_ATTRIBUTES.IMAGE_DIMENSIONS, SLIDE_ATTRIBUTES.IMAGE_FOCAL_POINT] as const;

export const ACTIVE_SLIDE_CLASS = 'sqs-active-slide';

/** Seed 001 §3: data-image-dimensions is WIDTHxHEIGHT. */
export function parseImageDimensions(value: string): { width: number; height: number } | undefined {
  const match = /^([0-9]+)x([0-9]+)$/.exec(value);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** Key codes of the gallery keyboard (seed 001 §3, §9). */
export const GALLERY_KEYS = { PREVIOUS: 37, NEXT: 39 } as const;

/** Seed 001 §9 gallery defaults. */
export const GALLERY_DEFAULTS = {
  startIndex: 0,
  loop: false,
  autoplay: false,
  autoplayTimeoutMs: 1000,
  autoplayResumeMs: 1000,
} as const;

/** Seed 001 §3, §9: the slideshow widget's own defaults. */
export const SLIDESHOW_DEFAULTS = {
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
  easing: 'cubic-ease-in-out',
} as const;

/**
 * Seed 001 §9: how often autoplay advances when the owner set no duration: the gallery's 1000 ms,
 * or the slideshow widget's 5000 ms for the slideshow design (the stacked layout).
 */
export function defaultAutoplayMs(layout: string): number {
  return layout === 'stacked' ? SLIDESHOW_DEFAULTS.autoplayOptions.timeoutMs : GALLERY_DEFAULTS.autoplayTimeoutMs;
}

/** Seed 001 §3: the resize emitter's axes and defaults. */
export const RESIZE_EMITTER = { AXES: ['x', 'y'], THRESHOLD: 0, TIMEOUT_MS: 300 } as const;

/** Seed 001 §9 layout defaults (pixels unless named otherwise). */
export const GALLERY_LAYOUT_DEFAULTS = {
  autocolumns: { columnWidth: 250, gutter: 0 },
  autogrid: { columnWidth: 250, gutter: 0 },
  autorows: { rowHeight: 250, gutter: 20 },
  grid: { slidesPerRow: 4 },
  carousel: { slidesPerRow: 3, gutter: 1 },
  stacked: { transition: 'fade', speed: 1, click: 'next', preload: 1 },
  strip: { speed: 0.5, alignment: 'middle' },
  kenBurnsZoom: 1.075,
  thumbnailOverlapMax: 5,
} as const;

/** Seed 001 §9: the carousel shows fewer slides on narrow windows. */
export function carouselSlidesPerRow(windowWidth: number, configured: number = GALLERY_LAYOUT_DEFAULTS.carousel.slidesPerRow): number {
  if (windowWidth < 480) return Math.min(configured, 2);
  if (windowWidth < 724) return Math.min(configured, 3);
  return configured;
}

/** Seed 001 §9: zoom-width classes give each of N slides 100/N percent. */
export function zoomWidthPercent(slidesPerRow: number): number {
  return 100 / slidesPerRow;
}

/** Seed 001 §9 lightbox constants. */
export const LIGHTBOX = {
  SPEED_SECONDS: 0.6,
  PADDING_PX: 100,
  OVERLAY_OPACITY: 0.95,
  OVERLAY_FADE_SECONDS: 0.3,
  ARROW_THROTTLE_MS: 200,
  EDGE_CLICK_MARGIN_PERCENT: 2,
  NAV_ARROW_FADE_MS: 500,
  OVERLAY_Z_INDEX: 10000000,
} as const;

/** Seed 001 §4: gesture thresholds. */
export const TOUCH = {
  SWIPE_MIN_DISTANCE_PX: 50,
  SWIPE_MAX_DURATION_MS: 250,
  TAP_MAX_MOVEMENT_PX: 1,
  TAP_THRESHOLD_SAMPLES: 5,
  SWIPE_ANIMATION_MIN_SECONDS: 0.2,
  SWIPE_ANIMATION_MAX_SECONDS: 0.5,
} as const;

/** Seed 001 §4: new-swipe moves one slide past half the container width or above this velocity. */
export const NEW_SWIPE_VELOCITY = 1;

/** Digits only, optionally signed: what a "numeric" index may look like when it comes as text. */
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*$/;

/**
 * Seed 001 §4: a non-numeric (or zero) index is 0; negative or too-large values wrap modulo the
 * slide count. A fractional index is truncated. With no slides the index is 0.
 */
export function normalizeGalleryIndex(value: unknown, slideCount: number): number {
  if (!Number.isInteger(slideCount) || slideCount <= 0) return 0;
  const n = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 0;
  const index = Math.trunc(n) % slideCount;
  if (index < 0) return index + slideCount;
  return index === 0 ? 0 : index; // -0 (from -5 % 5, say) is returned as 0
}

export type GalleryStep = { index: number; reached?: 'reachedBeginning' | 'reachedEnd' };

/**
 * Seed 001 §4: one step forward or back. With loop the index wraps; without, it stays at the ends
 * and the step reports reachedBeginning or reachedEnd.
 */
export function stepGalleryIndex(current: number, direction: GalleryDirection, slideCount: number, loop: boolean): GalleryStep {
  if (slideCount <= 0) return { index: 0 };
  const from = normalizeGalleryIndex(current, slideCount);
  const last = slideCount - 1;
  if (direction === 'forward') {
    if (from < last) return { index: from + 1 };
    return loop ? { index: 0 } : { index: last, reached: 'reachedEnd' };
  }
  if (from > 0) return { index: from - 1 };
  return loop ? { index: last } : { index: 0, reached: 'reachedBeginning' };
}

/** Seed 001 §4: without loop the previous and next controls are disabled at the ends. */
export function galleryControlsDisabled(index: number, slideCount: number, loop: boolean): { previous: boolean; next: boolean } {
  if (loop || slideCount <= 0) return { previous: false, next: false };
  return { previous: index <= 0, next: index >= slideCount - 1 };
}

/**
 * Seed 001 §9: indexes to preload around `index`, `preloadCount` on each side, wrapping with loop
 * and cut at the ends without. The current index is not included; no index appears twice.
 */
export function preloadIndexes(index: number, slideCount: number, preloadCount: number, loop: boolean): number[] {
  const result = new Set<number>();
  for (let step = 1; step <= preloadCount; step++) {
    for (const candidate of [index + step, index - step]) {
      if (loop) result.add(normalizeGalleryIndex(candidate, slideCount));
      else if (candidate >= 0 && candidate < slideCount) result.add(candidate);
    }
  }
  result.delete(index);
  return [...result];
}

export type TouchOutcome = 'swipeLeft' | 'swipeRight' | 'swipeUp' | 'swipeDown' | 'touchMoveEnd' | 'tapped';

/**
 * Seed 001 §4: at least 50 px within 250 ms is a swipe in the direction of the larger movement;
 * movement above 1 px without a swipe is touchMoveEnd; anything else is a tap.
 */
export function classifyTouch(dx: number, dy: number, durationMs: number): TouchOutcome {
  const horizontal = Math.abs(dx) >= Math.abs(dy);
  const distance = horizontal ? Math.abs(dx) : Math.abs(dy);
  if (distance >= TOUCH.SWIPE_MIN_DISTANCE_PX && durationMs <= TOUCH.SWIPE_MAX_DURATION_MS) {
    if (horizontal) return dx < 0 ? 'swipeLeft' : 'swipeRight';
    return dy < 0 ? 'swipeUp' : 'swipeDown';
  }
  return distance > TOUCH.TAP_MAX_MOVEMENT_PX ? 'touchMoveEnd' : 'tapped';
}
