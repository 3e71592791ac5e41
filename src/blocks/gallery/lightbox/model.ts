/**
 * The lightbox's pure rules (seed 001 §2, §4, §9), shared by the loader, the lightbox chunk and
 * the server's slide addresses: what a click on the lightbox does, the arrow-key throttle, the
 * item index with or without loop, the items read from the slides' attributes, and the address
 * forms (the itemId in the path, the history-sync URL). No DOM here, so each is unit-tested.
 */
import { LIGHTBOX, SLIDE_ATTRIBUTES, VIDEO_SLIDE_ATTRIBUTES } from '../../../domain/gallery';
import { isMobileWidth } from '../../../domain/design-tokens';

/** What one lightbox item shows (seed 001 §3: content image or video, meta title + description, theme). */
export type LightboxItem = {
  id: string;
  url: string;
  title: string;
  description: string;
  theme: 'light' | 'dark';
  type: 'image' | 'video';
  /** The image (a video's poster); empty for a video without one. */
  src: string;
  alt: string;
  width: number | undefined;
  height: number | undefined;
  /** A provider's player address (https), for a video slide. */
  videoSrc: string | undefined;
  /** A site video file (/s/name), for a video slide. */
  videoFile: string | undefined;
  /** Height as a percentage of width (seed 001 §9's 56.3 when unknown). */
  videoAspect: number;
};

/** The attributes the loader reads, by name: an element's `getAttribute`. */
export type SlideAttributes = { getAttribute(name: string): string | null };

const FALLBACK_VIDEO_ASPECT = 56.3;

/** A slide's lightbox item from its attributes (what the server wrote, seed 001 §3) and its image's alt text. */
export function itemFromSlide(slide: SlideAttributes, alt: string): LightboxItem {
  const get = (name: string) => slide.getAttribute(name) ?? '';
  const dimensions = /^([0-9]+)x([0-9]+)$/.exec(get(SLIDE_ATTRIBUTES.IMAGE_DIMENSIONS));
  const video = get(SLIDE_ATTRIBUTES.TYPE) === 'video';
  const videoSrc = get(VIDEO_SLIDE_ATTRIBUTES.SRC);
  const videoFile = get(VIDEO_SLIDE_ATTRIBUTES.FILE);
  const aspect = Number(get(VIDEO_SLIDE_ATTRIBUTES.ASPECT));
  return {
    id: get(SLIDE_ATTRIBUTES.ID),
    url: get(SLIDE_ATTRIBUTES.URL),
    title: get(SLIDE_ATTRIBUTES.TITLE),
    description: get(SLIDE_ATTRIBUTES.DESCRIPTION),
    theme: get(SLIDE_ATTRIBUTES.LIGHTBOX_THEME) === 'light' ? 'light' : 'dark',
    type: video ? 'video' : 'image',
    src: get(SLIDE_ATTRIBUTES.SRC),
    alt,
    width: dimensions ? Number(dimensions[1]) : undefined,
    height: dimensions ? Number(dimensions[2]) : undefined,
    // Only what the contract allows through: an https player, a site file.
    videoSrc: video && videoSrc.startsWith('https://') ? videoSrc : undefined,
    videoFile: video && /^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(videoFile) ? videoFile : undefined,
    videoAspect: Number.isFinite(aspect) && aspect > 0 && aspect <= 400 ? aspect : FALLBACK_VIDEO_ASPECT,
  };
}

/** Seed 001 §2.18: the lightbox's two behaviours, by the window's width. */
export type LightboxMode = 'desktop' | 'mobile';
export const lightboxMode = (windowWidth: number): LightboxMode => (isMobileWidth(windowWidth) ? 'mobile' : 'desktop');

/** Seed 001 §4: looping on desktop, not on mobile. */
export const loops = (mode: LightboxMode) => mode === 'desktop';

/** One step: wraps with loop; without, stays at the ends (undefined: no move). */
export function stepIndex(index: number, count: number, direction: 1 | -1, loop: boolean): number | undefined {
  if (count <= 1) return undefined;
  const next = index + direction;
  if (next >= 0 && next < count) return next;
  return loop ? (next + count) % count : undefined;
}

export type ClickAction = 'next' | 'previous' | 'close' | 'none';

/**
 * Seed 001 §4 (4.37–4.41): a click on the lightbox that is not on a control. The image (and the
 * item's own content: the player, the caption) does nothing. On desktop, a click on the left or
 * right half goes previous or next, except within the edge margin (2 % of the width at each side),
 * where it counts as "elsewhere" and closes; on mobile every other click closes.
 */
export function clickAction(target: 'content' | 'background', x: number, width: number, mode: LightboxMode): ClickAction {
  if (target === 'content') return 'none';
  if (mode === 'mobile' || width <= 0) return 'close';
  const margin = (width * LIGHTBOX.EDGE_CLICK_MARGIN_PERCENT) / 100;
  if (x < margin || x > width - margin) return 'close';
  return x < width / 2 ? 'previous' : 'next';
}

/**
 * Seed 001 §4, §9: arrow keys throttled 200 ms. A gate: `pass(now)` is true at most once within
 * any 200 ms (measured from the last press it let through).
 */
export function throttleGate(ms: number = LIGHTBOX.ARROW_THROTTLE_MS) {
  let last = -Infinity;
  return {
    pass(now: number): boolean {
      if (now - last < ms) return false;
      last = now;
      return true;
    },
  };
}

/** Seed 001 §2: a slide's name in the address: its url when it has one, else its id. */
export const slideKey = (item: Pick<LightboxItem, 'id' | 'url'>) => item.url || item.id;

/** What a slide's name in an address may look like (the gallery schema's slug rule; ids are made to fit it). */
export const SLIDE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/**
 * Seed 001 §2 (2.02): the item id in the path: what follows the collection's full URL (the page's
 * canonical path) or, with no canonical path known, the last path segment. Undefined when the path
 * is the page's own.
 */
export function itemIdFromPath(pathname: string, canonicalPath: string | undefined): string | undefined {
  let rest: string | undefined;
  if (canonicalPath !== undefined) {
    const base = withSlash(canonicalPath);
    if (pathname === canonicalPath || !pathname.startsWith(base)) return undefined;
    rest = pathname.slice(base.length);
  } else {
    rest = pathname.split('/').filter(Boolean).pop();
  }
  if (rest === undefined) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(rest.replace(/\/$/, ''));
  } catch {
    return undefined;
  }
  return SLIDE_NAME.test(name) ? name : undefined;
}

/** Seed 001 §2 (2.06): the collection URL with a trailing slash added if missing. */
export const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/** Seed 001 §2 (2.05): the history-sync address: the collection's full URL plus the slide's url or id. */
export function historySyncPath(collectionPath: string, item: Pick<LightboxItem, 'id' | 'url'>): string {
  return withSlash(collectionPath) + encodeURIComponent(slideKey(item));
}

/**
 * The server's side of 2.02: `/<page>/<slide name>` split into the page's path and the slide's
 * name, or undefined when the last segment cannot be a slide name (a page is never looked up for it).
 */
export function slidePathParts(path: string): { page: string; slide: string } | undefined {
  const match = /^(.*)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  const slide = match[2]!;
  if (!SLIDE_NAME.test(slide)) return undefined;
  return { page: match[1] || '/', slide };
}

/**
 * 2.07: history sync never runs in the editing backend: a gallery drawn in the config area's
 * canvas (its own document, not the page's) or on a config-area address.
 */
export function inEditingBackend(elementDocument: unknown, pageDocument: unknown, pathname: string): boolean {
  return elementDocument !== pageDocument || pathname === '/config' || pathname.startsWith('/config/');
}
