/**
 * The lightbox's loader: the only part of the lightbox on the page before a visitor asks for it
 * (a few hundred bytes in the gallery's chunk). With the block's lightbox option on, each slide
 * without a click-through URL opens the lightbox on click, or on Enter / Space on its image (made
 * a button here); the lightbox itself (./lightbox.ts) is a chunk of its own, imported on the first
 * open. The address (seed 001 §2): an itemId in the hash, or a slide's name in the path after the
 * page's own, opens that slide on load. If the chunk cannot be loaded (the seed's "lower tier": an
 * old browser, a network failure) the click only logs a warning and the page stays as it is.
 */
import { SLIDE_ATTRIBUTES } from '../../../domain/gallery';
import { itemIdFromHash, slideForItemId } from '../../../domain/gallery-index';
import { format } from '../../../messages/format';
import { lightbox as words } from '../../../messages/lightbox';
import { itemIdFromPath } from './model';

const SLIDE = '.gallery-slide';

/** The page's canonical path (the collection's full URL), when the page names one. */
function canonicalPath(): string | undefined {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!href) return undefined;
  try {
    return new URL(href).pathname;
  } catch {
    return undefined;
  }
}

export function lightboxLoader(gallery: HTMLElement): void {
  if (gallery.dataset.lightbox !== 'true') return;
  const slides = [...gallery.querySelectorAll<HTMLElement>(SLIDE)];
  const opens = (slide: HTMLElement) => !slide.hasAttribute(SLIDE_ATTRIBUTES.CLICK_THROUGH_URL);
  const total = slides.length;

  // Each image that opens the lightbox is a button for the keyboard (a video slide keeps its own play button instead).
  slides.forEach((slide, i) => {
    const frame = slide.querySelector<HTMLElement>('.gallery-frame');
    if (!frame || !opens(slide) || slide.querySelector('button')) return;
    const alt = slide.querySelector('img')?.getAttribute('alt');
    frame.setAttribute('role', 'button');
    frame.tabIndex = 0;
    frame.setAttribute('aria-haspopup', 'dialog');
    frame.setAttribute('aria-label', alt ? format(words.openNamed, { name: alt }) : format(words.open, { current: i + 1, total }));
    frame.classList.add('gallery-opens');
  });

  let opening = false;
  let isOpen = false;
  async function open(index: number, opener: HTMLElement | null) {
    if (opening || isOpen) return;
    opening = true;
    try {
      const { openLightbox } = await import('./lightbox');
      isOpen = true;
      openLightbox({ gallery, slides, index, opener, onClosed: () => (isOpen = false) });
    } catch {
      console.warn(words.unavailable);
    } finally {
      opening = false;
    }
  }

  // Capture: the lightbox's click comes before the layout's own (a slideshow would otherwise also step).
  gallery.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const slide = target.closest<HTMLElement>(SLIDE);
      if (!slide || !opens(slide) || target.closest('button, a, video, iframe')) return;
      event.stopPropagation();
      event.preventDefault();
      void open(slides.indexOf(slide), slide.querySelector<HTMLElement>('.gallery-opens') ?? slide);
    },
    true,
  );
  gallery.addEventListener('keydown', (event) => {
    const frame = (event.target as Element).closest?.<HTMLElement>('.gallery-opens');
    if (!frame || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    const slide = frame.closest<HTMLElement>(SLIDE);
    if (slide) void open(slides.indexOf(slide), frame);
  });

  // The address (seed 001 §2, 2.01 / 2.02): the hash's itemId, else the slide named in the path.
  const named = () => {
    const keys = slides.map((s) => ({ id: s.getAttribute(SLIDE_ATTRIBUTES.ID) ?? '', url: s.getAttribute(SLIDE_ATTRIBUTES.URL) ?? undefined }));
    const found = slideForItemId(itemIdFromHash(location.hash), keys) ?? slideForItemId(itemIdFromPath(location.pathname, canonicalPath()), keys);
    return found !== undefined && opens(slides[found]!) ? found : undefined;
  };
  const fromAddress = () => {
    const found = named();
    if (found !== undefined) void open(found, slides[found]!.querySelector<HTMLElement>('.gallery-opens') ?? slides[found]!);
  };
  fromAddress();
  window.addEventListener('hashchange', fromAddress);
}
