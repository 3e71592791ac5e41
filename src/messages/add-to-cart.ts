/** The add-to-cart buttons (a product's page, quick view, the add-to-cart block): apart from ./cart.ts, so the product pages' code carries only these. */
export const addToCart = {
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: 'Added to cart',
  viewCart: 'View cart',
} as const;
