/**
 * Reading a shopper's cart: their open cart and its lines (one statement), the stock of its variants
 * (one) and, when it names coupons, their uses (one), priced against the catalogue and rules held
 * in memory. A customer who signs in with a visitor's cart in their cookie gets it joined to theirs.
 */
import type { CartAnswer } from '../../../../contracts/cart';
import { couponUsage } from '../../pricing';
import { variantsAvailability } from '../../catalogue';
import type { StockState } from '../../../../domain/commerce';
import { cartAnswerOf } from '../cart-answer';
import { joinCarts, ownedCarts, type CartRow } from '../cart-rows';
import type { CartDeps, Shopper } from '../shopper';

export async function openCart(deps: CartDeps, shopper: Shopper): Promise<CartRow | undefined> {
  const rows = await ownedCarts(deps.pool, shopper);
  const visitors = rows.find((r) => r.siteUserId === null);
  if (shopper.siteUserId !== undefined && visitors !== undefined) {
    await joinCarts(
      deps.pool,
      shopper.websiteId,
      shopper.siteUserId,
      visitors,
      rows.find((r) => r.siteUserId !== null),
    );
    return (await ownedCarts(deps.pool, shopper))[0];
  }
  return rows[0];
}

/**
 * The cart priced. `stock: false` leaves out the lines' stock (a statement): checkout, whose holds
 * are the word on stock, reads only the prices and totals, which stock never changes. `known` is
 * stock read a moment before (the variant just added): only the other lines' is read.
 */
export async function priceOpenCart(
  deps: CartDeps,
  shopper: Shopper,
  row: CartRow | undefined,
  opts: { now?: Date; stock?: boolean; known?: ReadonlyMap<string, StockState> } = {},
): Promise<CartAnswer> {
  const now = opts.now ?? new Date();
  const known = opts.known ?? new Map<string, StockState>();
  const unknown = opts.stock === false ? [] : (row?.lines ?? []).map((l) => l.variantId).filter((id) => !known.has(id));
  const [catalogue, pricing, read, usage] = await Promise.all([
    deps.catalogue.read(shopper.websiteId),
    deps.pricing.read(shopper.websiteId),
    unknown.length === 0 ? new Map<string, StockState>() : variantsAvailability(deps.pool, shopper.websiteId, unknown),
    couponUsage(deps.pool, shopper.websiteId, row?.couponCodes ?? [], shopper.siteUserId === undefined ? undefined : `account:${shopper.siteUserId}`),
  ]);
  const stock = opts.stock === false ? read : new Map([...known, ...read]);
  return cartAnswerOf(row, { websiteId: shopper.websiteId, catalogue, pricing, stock, usage, now, format: shopper.format });
}

export async function readCart(deps: CartDeps, shopper: Shopper): Promise<CartAnswer> {
  return priceOpenCart(deps, shopper, await openCart(deps, shopper));
}
