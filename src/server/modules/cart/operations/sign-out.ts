/**
 * A customer signing out (seed 001 §7 `DELETE /api/site-users/account/session?cloneCart=`): their
 * cart stays with their account; with cloneCart=true the visitor they become keeps a copy of it
 * (001-7.28), whose cart cookie the route sets.
 */
import { cloneCustomerCart as cloneRows } from '../cart-rows';
import type { CartDeps } from '../shopper';

/** The copy's token, or undefined when the customer had no open cart. */
export function cloneCustomerCart(deps: CartDeps, websiteId: string, siteUserId: string): Promise<string | undefined> {
  return cloneRows(deps.pool, websiteId, siteUserId);
}
