/** A product page's behaviour: its images with the lightbox, its variant picker, and its add-to-cart button (src/blocks/product). */
import { enhanceAddToCart } from '../../blocks/product/add-to-cart';
import { enhanceGallery } from '../../blocks/product/gallery';
import { enhancePicker } from '../../blocks/product/picker';

export default function enhance(root: HTMLElement) {
  enhanceGallery(root, { lightbox: true });
  enhanceAddToCart(root, enhancePicker(root));
}
