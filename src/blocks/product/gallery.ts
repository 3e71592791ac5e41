/**
 * A product's images (browser): a small image becomes the large one when clicked (or chosen with
 * Enter or Space); the large one opens the gallery's lightbox (../gallery/lightbox), which is
 * fetched on the first open. Clicks on small images are taken before the lightbox sees them.
 */
import { lightboxLoader } from '../gallery/lightbox/loader';
import { showImage } from './picker';

export function enhanceGallery(root: HTMLElement, opts: { lightbox: boolean }): void {
  const gallery = root.querySelector<HTMLElement>('.product-gallery');
  if (!gallery) return;
  const small = (target: EventTarget | null) => {
    const slide = (target as Element | null)?.closest?.<HTMLElement>('.product-slide');
    return slide && !slide.classList.contains('is-main') ? slide : undefined;
  };
  const choose = (event: Event, slide: HTMLElement) => {
    event.preventDefault();
    event.stopPropagation();
    showImage(root, slide.dataset.file);
  };
  // On the gallery's parent, in the capture phase: before the lightbox's own capture listener on the gallery.
  const holder = gallery.parentElement ?? root;
  holder.addEventListener(
    'click',
    (event) => {
      const slide = small(event.target);
      if (slide) choose(event, slide);
    },
    true,
  );
  holder.addEventListener(
    'keydown',
    (event) => {
      const slide = small(event.target);
      if (slide && (event.key === 'Enter' || event.key === ' ')) choose(event, slide);
    },
    true,
  );
  if (opts.lightbox) lightboxLoader(gallery);
}
