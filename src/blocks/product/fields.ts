/** The product block's editable properties: which product (chosen from the store's list, ./editor.tsx), and whether its card offers a quick view. */
import { describeFields } from '../fields';
import { productData } from './schema';

export const productFields = describeFields(productData.shape, {
  productId: { type: 'custom', editor: 'product-choice', label: 'Product' },
  quickView: { type: 'checkbox', label: 'Offer a quick view' },
});
