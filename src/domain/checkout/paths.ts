/**
 * Checkout's addresses: the page (type 201), the provider's way back, the order pages a token opens
 * (order confirmed 202 once paid, order received 207 while a manual payment is awaited) and the
 * signed download links. Here, apart from the contract's schemas, for the browser code that uses them.
 */
/** Where the order status pages are, each under its order's token. */
export const ORDER_STATUS_PREFIX = '/commerce/orders/';

/** The commerce email preview (page type 301), for the store's team: `?email={kind}`; `/{kind}` is the email's own HTML, for its frame. */
export const EMAIL_PREVIEW_PATH = '/commerce/email-preview';

export const CHECKOUT_PATHS = {
  /** Seed 000 §2: reached through the top window; without a cart cookie, the alert (000-8.09). */
  GOTO: '/commerce/goto-checkout',
  PAGE: '/checkout',
  /** Where a provider's detour (3-D Secure-like) sends the shopper back: `?attempt={key}`. */
  RETURN: '/checkout/return',
  order: (token: string) => `/checkout/orders/${encodeURIComponent(token)}`,
  /** The order's status page (type 211): where it stands, its parcels and tracking; the link in every order email. */
  orderStatus: (token: string) => `${ORDER_STATUS_PREFIX}${encodeURIComponent(token)}`,
  download: (token: string) => `/downloads/${encodeURIComponent(token)}`,
} as const;

export const CHECKOUT_API = {
  /** `POST`: place the order (src/contracts/checkout.ts placeOrderRequest). */
  PLACE: '/api/commerce/checkout/place',
  /** `POST`: a payment provider's webhook, signed by the provider (the address the owner gives it). */
  webhook: (provider: string) => `/api/commerce/webhooks/${encodeURIComponent(provider)}`,
} as const;

/** The query parameter that names the attempt on the way back from a provider's detour. */
export const ATTEMPT_QUERY = 'attempt';

/** The checkout page's query parameter naming why the way back from a detour did not place the order (a PLACE_REFUSALS reason). */
export const CHECKOUT_FAILED_QUERY = 'failed';
