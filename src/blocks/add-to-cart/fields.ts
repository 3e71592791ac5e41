/** The add-to-cart block's editable properties: which product (the product block's chooser), the button's words and its look. */
import { choices, describeFields } from '../fields';
import { addToCartData } from './schema';

export const addToCartFields = describeFields(addToCartData.shape, {
  productId: { type: 'custom', editor: 'product-choice', label: 'Product' },
  buttonText: { type: 'text', label: 'Button text', hint: 'Left empty, the button reads “Order Now”.' },
  style: { type: 'select', label: 'Style', options: choices({ primary: 'Primary', secondary: 'Secondary' }) },
  size: { type: 'select', label: 'Size', options: choices({ small: 'Small', medium: 'Medium', large: 'Large' }) },
  alignment: { type: 'select', label: 'Alignment', options: choices({ left: 'Left', center: 'Centre', right: 'Right' }) },
});
