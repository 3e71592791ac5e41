/**
 * The cart indicator (seed 001 §2, §3, §4): fills in the header's cart link from the readable
 * summary cookie the server writes on every cart change (src/domain/cart-summary.ts), with no
 * request: the count ('100+' above 100) and its noun, the subtotal, and the empty marker
 * (`data-empty`) at 0 items. It draws again when this or another tab changes the cart (the cart's
 * BroadcastChannel; the `storage` event where there is none) and when the tab comes back into
 * view, so tabs stay in step. Kept within 2 KB gzip (e2e/budgets.test.ts).
 */
import { CART_CHANNEL, CART_SUMMARY_COOKIE, formatCartCount, readCartSummary } from '../../domain/cart-summary';
import { cartIndicator } from '../../messages/cart-indicator';

function summaryCookie(): string | undefined {
  for (const pair of document.cookie.split('; ')) {
    if (pair.startsWith(`${CART_SUMMARY_COOKIE}=`)) return pair.slice(CART_SUMMARY_COOKIE.length + 1);
  }
  return undefined;
}

export default function cartIndicatorIsland(el: HTMLElement): void {
  const part = (name: string) => el.querySelector(`.cart-indicator-${name}`);
  const draw = () => {
    const { count, subtotal } = readCartSummary(summaryCookie());
    const [shown, items, money] = [part('count'), part('items'), part('subtotal')];
    if (shown) shown.textContent = formatCartCount(count);
    if (items) items.textContent = count === 1 ? cartIndicator.item : cartIndicator.items;
    if (money) money.textContent = count > 0 ? subtotal : '';
    el.toggleAttribute('data-empty', count === 0);
  };
  draw();
  if (typeof BroadcastChannel === 'function') new BroadcastChannel(CART_CHANNEL).onmessage = draw;
  addEventListener('storage', (event) => {
    if (event.key === CART_CHANNEL) draw();
  });
  addEventListener('pageshow', draw);
  addEventListener('focus', draw);
  document.addEventListener('visibilitychange', draw);
}
