/**
 * The shopper's cart calls from the browser (src/contracts/cart.ts), through the data-request client
 * (the crumb, its retry, the failure texts). Every change tells the other tabs and this tab's cart
 * indicator (src/runtime/islands/cart-indicator.ts): a message on the cart's BroadcastChannel and,
 * for browsers without one, a `storage` event; the indicator then reads the summary cookie the
 * answer wrote. An answer is `{ cart }`, the server's cart as it is: not parsed again here, to keep
 * zod off visitors' pages.
 */
import type { CartAnswer } from '../../contracts/cart';
import { CART_API } from '../../domain/cart-paths';
import { CART_CHANNEL } from '../../domain/cart-summary';
import { dataRequest } from '../data-request';

export type { CartAnswer };

/** Tells every tab of the site (this one's indicator too) that the cart changed. */
export function announceCartChange(): void {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(CART_CHANNEL);
    channel.postMessage('changed');
    channel.close();
  }
  try {
    localStorage.setItem(CART_CHANNEL, String(Date.now()));
  } catch {
    // Storage refused (a private window's quota): the channel and the focus redraw remain.
  }
}

async function change(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: Record<string, unknown>): Promise<CartAnswer> {
  const res = await dataRequest<{ cart: CartAnswer }>({ url, method, ...(data ? { data, json: true } : {}) });
  announceCartChange();
  return res.data.cart;
}

export const cartCalls = {
  add: (productId: string, variantId: string | undefined, quantity: number) =>
    change('POST', CART_API.ENTRIES, { productId, ...(variantId ? { variantId } : {}), quantity }),
  quantity: (entryId: string, quantity: number) => change('PUT', CART_API.entry(entryId), { quantity }),
  remove: (entryId: string) => change('DELETE', CART_API.entry(entryId)),
  coupon: (code: string) => change('POST', CART_API.COUPONS, { code }),
  removeCoupon: (code: string) => change('DELETE', CART_API.coupon(code)),
  location: (place: { country: string; region?: string; postcode?: string }) => change('PUT', CART_API.SHIPPING_LOCATION, place),
  option: (optionId: string) => change('PUT', CART_API.SHIPPING_OPTION, { optionId }),
};
