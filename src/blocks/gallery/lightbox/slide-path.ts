/**
 * The server's half of seed 001 §2's path form (2.02): whether a page's sections hold a gallery,
 * with the lightbox on, that has a slide of this name (its id or its url, as the view names them),
 * so `/<page>/<slide>` can be answered with the page itself. Used only for an address that matched
 * nothing else, so pages that do match pay nothing.
 */
import type { StoredSection } from '../../../document/schema';
import { BLOCK_TYPES } from '../../../domain/block-types';
import { galleryData } from '../schema';
import { slideIds } from '../view';

export function sectionsHaveSlide(sections: readonly StoredSection[], name: string): boolean {
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.type !== BLOCK_TYPES.GALLERY) continue;
      const parsed = galleryData.safeParse(block.data);
      if (!parsed.success || !parsed.data.lightbox) continue;
      const images = parsed.data.images;
      const ids = slideIds(images);
      // A slide with a click-through link opens no lightbox, so it names no address either.
      if (images.some((image, i) => !image.link && (ids[i] === name || image.slug === name))) return true;
    }
  }
  return false;
}
