/** A product page's behaviour: its images with the lightbox, and its variant picker (src/blocks/product). */
import { enhanceGallery } from '../../blocks/product/gallery';
import { enhancePicker } from '../../blocks/product/picker';

export default function enhance(root: HTMLElement) {
  enhanceGallery(root, { lightbox: true });
  enhancePicker(root);
}
