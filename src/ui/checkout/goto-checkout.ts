/**
 * Going to checkout from the browser (seed 000 §2, §5, §8): first whether cookies work, by writing
 * a cookie and reading it back (000-5.58), and whether there is a cart (the readable summary cookie,
 * src/domain/cart-summary.ts); without either, the seed's alert in the site's alert dialog and no
 * navigation (000-8.09). Otherwise on to `/commerce/goto-checkout` through the top window, so a page
 * in a frame leaves it (000-2.02). Loaded by the cart page's island and the Purchase buttons only.
 */
import { CART_SUMMARY_COOKIE, readCartSummary } from '../../domain/cart-summary';
import { CHECKOUT_PATHS } from '../../domain/checkout/paths';
import { commerce } from '../../messages/commerce';
import { showAlert } from '../dialogs/show';

const PROBE = 'op_cookie_probe';

function cookie(name: string): string | undefined {
  for (const pair of document.cookie.split('; ')) if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  return undefined;
}

/** Whether this page can write a cookie and read it back. */
export function cookiesWork(): boolean {
  const value = Math.random().toString(36).slice(2);
  document.cookie = `${PROBE}=${value}; path=/; SameSite=Lax`;
  const works = cookie(PROBE) === value;
  document.cookie = `${PROBE}=; path=/; max-age=0; SameSite=Lax`;
  return works;
}

export async function goToCheckout(): Promise<void> {
  if (!cookiesWork() || readCartSummary(cookie(CART_SUMMARY_COOKIE)).count === 0) {
    await showAlert(commerce.checkoutNoCookies);
    return;
  }
  (window.top ?? window).location.href = CHECKOUT_PATHS.GOTO;
}
