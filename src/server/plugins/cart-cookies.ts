/**
 * The cart's cookies on an answer: the cart cookie (HttpOnly, SameSite=Lax, Secure behind TLS) when a
 * change made the cart, and the readable summary the indicator draws from, whenever the cart was
 * read or changed. Only cart calls and the cart page (never cached) set them: a cached page never
 * carries a cart cookie. Here, beside the crumb's, since the cart's routes and the cart page both set them.
 */
import type { FastifyReply } from 'fastify';
import type { CartAnswer } from '../../contracts/cart';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_SECONDS, CART_SUMMARY_COOKIE, writeCartSummary } from '../../domain/cart-summary';
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../domain/commerce';
import { cloneCustomerCart, type CartDeps } from '../modules/cart';
import type { WebsiteRow } from '../modules/sites';
import { setCookie } from './crumb';

const base = { path: '/', sameSite: 'lax' as const };

export function setCartToken(reply: FastifyReply, token: string | undefined): void {
  if (token === undefined) setCookie(reply, CART_COOKIE, '', { ...base, httpOnly: true, maxAge: 0 });
  else setCookie(reply, CART_COOKIE, token, { ...base, httpOnly: true, maxAge: CART_COOKIE_MAX_AGE_SECONDS });
}

const clearSummary = (reply: FastifyReply) => setCookie(reply, CART_SUMMARY_COOKIE, '', { ...base, maxAge: 0 });

export function setCartSummary(reply: FastifyReply, cart: CartAnswer, format: MoneyFormat): void {
  if (cart.totalQuantity === 0) {
    clearSummary(reply);
    return;
  }
  const { currency } = cart.subtotalAmount;
  const subtotal = isCurrencyCode(currency) ? formatPrice({ currency, minor: cart.subtotalCents }, format) : '';
  setCookie(reply, CART_SUMMARY_COOKIE, writeCartSummary({ count: cart.totalQuantity, subtotal }), { ...base, maxAge: CART_COOKIE_MAX_AGE_SECONDS });
}

/**
 * The cart's part in a customer signing out (handed to the accounts routes): with cloneCart=true the
 * visitor they become gets a copy under a new cookie (the summary already says what it holds);
 * without, no cart.
 */
export function signOutCart(deps: CartDeps) {
  return async (reply: FastifyReply, site: WebsiteRow, siteUserId: string | undefined, cloneCart: boolean): Promise<void> => {
    const token = cloneCart && siteUserId !== undefined ? await cloneCustomerCart(deps.pool, site.id, siteUserId) : undefined;
    setCartToken(reply, token);
    if (token === undefined) clearSummary(reply);
  };
}
