/** The product block's editable properties: which product, and whether its card offers a quick view. */
import { describeFields } from '../fields';
import { productData } from './schema';

export const productFields = describeFields(productData.shape, {
  productId: { type: 'text', label: 'Product', hint: 'The id of one of the store’s products (Store › Products shows it).' },
  quickView: { type: 'checkbox', label: 'Offer a quick view' },
});
