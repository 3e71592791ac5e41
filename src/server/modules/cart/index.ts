/** The cart module's face: what the platform and the page routes may use. */
export { cartDeps, shopperOf, type CartDeps, type Shopper } from './shopper';
export { readCart } from './operations/read-cart';
export { changeCart, CartRefusal, type CartChange, type CartOutcome } from './operations/change-cart';
export { cloneCustomerCart } from './cart-rows';
export { dropAbandonedCarts, startAbandonedCartSweep } from './abandoned';
// What checkout reads and writes of a cart.
export { openCart, priceOpenCart } from './operations/read-cart';
export { setCartFields, type CartRow } from './cart-rows';
export { markCartPurchased } from './purchased';
