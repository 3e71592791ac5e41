/**
 * The cart indicator's markup (seed 001 §2), part of the page contract: the server draws it in the
 * header of a site with a shop (src/server/render/page.tsx) and its island
 * (src/runtime/islands/cart-indicator.ts) fills it in.
 */
import { CART_PAGE_PATH } from '../../domain/cart-paths';
import { CART_SUMMARY_COOKIE } from '../../domain/cart-summary';
import { cartIndicator } from '../../messages/cart-indicator';

/** The cart indicator's island (src/runtime/islands/cart-indicator.ts). */
export const CART_INDICATOR_ISLAND = 'cart-indicator';

/**
 * The cart indicator in the header of a site with a shop (seed 001 §2): a link to the cart page,
 * drawn empty for everyone so the page it sits on stays cacheable. Its island fills in the count
 * and the subtotal from the readable summary cookie; the loader imports it only when that cookie is
 * there (`data-cookie`), or at once on pages that can change the cart (`eager`).
 */
export function CartIndicator({ load }: { load: 'eager' | 'cookie' }) {
  // Named by its words ("Cart 2 items £64.00"), the count's noun read but not shown.
  return (
    <a
      className="cart-indicator"
      href={CART_PAGE_PATH}
      data-island={CART_INDICATOR_ISLAND}
      data-load={load}
      {...(load === 'cookie' ? { 'data-cookie': `${CART_SUMMARY_COOKIE}=` } : {})}
      data-empty=""
    >
      <span className="cart-indicator-word">{cartIndicator.word}</span> <span className="cart-indicator-count">0</span>{' '}
      <span className="cart-indicator-items visually-hidden">{cartIndicator.items}</span> <span className="cart-indicator-subtotal" />
    </a>
  );
}
