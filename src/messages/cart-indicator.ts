/** The cart indicator in the site's header (seed 001 §2): apart from ./cart.ts, so the indicator's small chunk carries only these. */
export const cartIndicator = {
  word: 'Cart',
  emptyName: 'Cart, empty',
  oneName: 'Cart, 1 item, {subtotal}',
  manyName: 'Cart, {count} items, {subtotal}',
} as const;
