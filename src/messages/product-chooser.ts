/** The product block's chooser in the visual editor: the store's products by name, picture and status. */
export const productChooser = {
  search: 'Search products',
  loading: 'Loading the products…',
  none: 'Your store has no products yet. Add one in Store › Products.',
  noMatch: 'No product matches this search.',
  chosen: 'Chosen: {name}',
  nothingChosen: 'No product chosen yet.',
  chosenGone: 'The chosen product is no longer in the store. Choose another.',
  failed: 'The products could not be loaded. {message}',
  retry: 'Try again',
} as const;
