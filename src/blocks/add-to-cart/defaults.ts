/** A new add-to-cart block: no product yet, and no words of its own (it reads 'Order Now'); a quarter of the grid wide. */
export const addToCartDefaults = { productId: '', buttonText: '' };
export const addToCartSize = { w: 6, h: 3 };
