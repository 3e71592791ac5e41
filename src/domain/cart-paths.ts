/**
 * The cart's addresses: the shopper's cart calls (src/contracts/cart.ts describes them and re-exports
 * these) and the cart page. Here, apart from the contract's schemas, so the browser code that calls
 * them (the add-to-cart buttons, the cart page) carries no schema library.
 */
export const CART_API = {
  CART: '/api/commerce/cart',
  ENTRIES: '/api/commerce/cart/entries',
  entry: (entryId: string) => `/api/commerce/cart/entries/${encodeURIComponent(entryId)}`,
  COUPONS: '/api/commerce/cart/coupons',
  coupon: (code: string) => `/api/commerce/cart/coupons/${encodeURIComponent(code)}`,
  SHIPPING_LOCATION: '/api/commerce/cart/shipping-location',
  SHIPPING_OPTION: '/api/commerce/cart/shipping-option',
} as const;

/** `POST /cart` refused: back to `/cart?failed={kind}`, the kind of change that failed (add, quantity, remove, coupon, removeCoupon, location, option). */
export const CART_FAILED_QUERY = 'failed';

/** The cart page's address (page type 205, commerce cart v2; ./paths.ts ROUTES.CART). */
export const CART_PAGE_PATH = '/cart';
