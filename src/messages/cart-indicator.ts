/** The cart indicator in the site's header (seed 001 §2): apart from ./cart.ts, so the indicator's small chunk carries only these. Its name reads "Cart 2 items £64.00". */
export const cartIndicator = {
  word: 'Cart',
  item: 'item',
  items: 'items',
} as const;
