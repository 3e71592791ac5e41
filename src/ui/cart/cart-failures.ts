/** What the cart page says when a change fails, by the form's `action` (the island's calls, and `?failed=` after a form posted without JavaScript): the seed's words where it has them (seed 001 §8). */
import { cart } from '../../messages/cart';
import { commerce } from '../../messages/commerce';

const FAILURES: Readonly<Record<string, string>> = {
  add: commerce.addItemFailed,
  quantity: commerce.updateQuantityFailed,
  remove: commerce.removeItemFailed,
  coupon: cart.couponFailed,
  removeCoupon: cart.couponFailed,
  location: cart.shippingFailed,
  option: cart.shippingFailed,
  /** `/commerce/goto-checkout` without a cart cookie (000-8.09). */
  checkout: commerce.checkoutNoCookies,
};

export function cartFailure(action: string | null | undefined): string | undefined {
  return action && Object.hasOwn(FAILURES, action) ? FAILURES[action] : undefined;
}
