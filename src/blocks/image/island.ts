/**
 * The image loader (seed 001 §4, §9). The server writes a below-the-fold image's addresses as
 * `data-src`/`data-srcset`/`data-sizes` (picture.tsx, and a plain <img> in <noscript>); the island loader wakes this module
 * when the block comes within the lazy-load margin (200 px, the loader's own margin), and the image
 * joins one queue for the page: at most 16 images load at once, 1 on a phone. While an image loads
 * it carries the loading marker class, removed once it has loaded (or failed); an image already
 * loading is not started again. An image with no source, or one that is not an address, is a
 * console warning (seed 001 §8).
 */
import { isMobileWidth } from '../../domain/design-tokens';
import { IMAGE_LOADER } from '../../domain/media';

/** The loading marker class. */
export const LOADING_CLASS = 'loading';

const waiting: HTMLImageElement[] = [];
let active = 0;

const limit = () => (isMobileWidth(window.innerWidth) ? IMAGE_LOADER.MOBILE_CONCURRENCY : IMAGE_LOADER.CONCURRENCY);

function begin(img: HTMLImageElement) {
  active += 1;
  img.classList.add(LOADING_CLASS);
  const done = () => {
    img.classList.remove(LOADING_CLASS);
    active -= 1;
    next();
  };
  img.addEventListener('load', done, { once: true });
  img.addEventListener('error', done, { once: true });
  // Sources first, so the browser chooses among every format once the <img> asks.
  const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : undefined;
  for (const source of picture?.querySelectorAll<HTMLSourceElement>('source[data-srcset]') ?? []) place(source);
  place(img);
  img.src = img.dataset.src!;
  delete img.dataset.src;
}

/** Gives an image or a source its candidates and the sizes they are chosen by, from where they waited. */
function place(el: HTMLImageElement | HTMLSourceElement) {
  if (el.dataset.sizes) el.sizes = el.dataset.sizes;
  if (el.dataset.srcset) el.srcset = el.dataset.srcset;
  delete el.dataset.sizes;
  delete el.dataset.srcset;
}

function next() {
  while (active < limit() && waiting.length > 0) begin(waiting.shift()!);
}

/** Queues an image to load; one already loading or queued is skipped. */
export function load(img: HTMLImageElement) {
  if (img.classList.contains(LOADING_CLASS) || waiting.includes(img)) return;
  const src = img.dataset.src;
  if (!src || !/^(\/|https:\/\/)/.test(src)) {
    console.warn('Image has no valid source', img);
    return;
  }
  waiting.push(img);
  next();
}

export default function enhance(root: HTMLElement) {
  const img = root.querySelector<HTMLImageElement>('img[data-src]');
  if (img) load(img);
}
