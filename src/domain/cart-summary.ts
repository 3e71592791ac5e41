/**
 * The cart cookies. The cart cookie names the shopper's cart on the server (HttpOnly: scripts never
 * read it). The summary cookie is readable: the server writes it on every change to the cart, with
 * the count and the subtotal already formatted in the site's money format, so the cart indicator
 * (seed 001 §2) fills itself in with no request and the page it sits on stays cacheable. The
 * summary is `{count}|{subtotal}`, URI-encoded as a cookie value is; anything else reads as an empty cart.
 */

export const CART_COOKIE = 'op_cart';
export const CART_SUMMARY_COOKIE = 'op_cart_summary';
/** A cart is kept this long after its last change. */
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** What tabs of one site say to each other when their cart changes (BroadcastChannel). */
export const CART_CHANNEL = 'openpress-cart';

/** Seed 000 §9: the cart count display caps at 100. */
export const CART_COUNT_CAP = 100;

/** '100+' above the cap, the count itself otherwise. */
export function formatCartCount(count: number): string {
  return count > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(count);
}

export type CartSummary = { count: number; subtotal: string };

export const EMPTY_CART_SUMMARY: CartSummary = { count: 0, subtotal: '' };

/** The summary's text, before the cookie's encoding. */
export function writeCartSummary(summary: CartSummary): string {
  return `${summary.count}|${summary.subtotal}`;
}

export function readCartSummary(value: string | undefined): CartSummary {
  if (!value) return EMPTY_CART_SUMMARY;
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return EMPTY_CART_SUMMARY;
  }
  const bar = text.indexOf('|');
  const count = Number(text.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(count) || count < 0) return EMPTY_CART_SUMMARY;
  return { count, subtotal: text.slice(bar + 1) };
}
