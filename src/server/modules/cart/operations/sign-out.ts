/**
 * A customer signing out (seed 001 §7 `DELETE /api/site-users/account/session?cloneCart=`): their
 * cart stays with their account. With cloneCart=true the visitor they become keeps a copy of it
 * under a new cart cookie (001-7.28); without, the visitor starts with no cart.
 */
import type { FastifyReply } from 'fastify';
import type { WebsiteRow } from '../../sites';
import { cloneCustomerCart } from '../cart-rows';
import { setCartToken } from '../cookies';
import type { CartDeps } from '../shopper';
import { CART_SUMMARY_COOKIE } from '../../../../domain/cart-summary';
import { setCookie } from '../../../plugins/crumb';

export function signOutCart(deps: CartDeps) {
  return async (reply: FastifyReply, site: WebsiteRow, siteUserId: string | undefined, cloneCart: boolean): Promise<void> => {
    const token = cloneCart && siteUserId !== undefined ? await cloneCustomerCart(deps.pool, site.id, siteUserId) : undefined;
    setCartToken(reply, token);
    // The copy's summary is the account cart's, which the cookie already says.
    if (token === undefined) setCookie(reply, CART_SUMMARY_COOKIE, '', { path: '/', sameSite: 'lax', maxAge: 0 });
  };
}
