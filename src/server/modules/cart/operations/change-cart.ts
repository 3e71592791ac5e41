/**
 * Changing a shopper's cart: adding a variant, a line's quantity, removing a line, coupons, where the
 * shopper is and the shipping they chose. Each is one statement on the cart (a cart is made by the
 * first change that needs one), then the cart is read and priced again. A refusal carries the
 * seed's words for what failed ('Unable to add item', 'Unable to update quantity', 'Unable to remove
 * item') and ours for why. Stock is shown, not held: a sold-out variant is refused here, but only
 * checkout decides whether what a cart holds can be sold.
 */
import type { CartAnswer } from '../../../../contracts/cart';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../../domain/pricing/limits';
import type { StockState } from '../../../../domain/commerce';
import type { PricingLocation } from '../../../../domain/pricing/types';
import { cartApi } from '../../../../messages/cart-api';
import { commerce } from '../../../../messages/commerce';
import { format } from '../../../../messages/format';
import { variantsAvailability } from '../../catalogue';
import { addLine, setCartFields, setLineQuantity } from '../cart-rows';
import type { CartDeps, Shopper } from '../shopper';
import { openCart, priceOpenCart } from './read-cart';

/** The most discount codes a cart holds. */
export const MAX_CART_COUPONS = 5;

export type CartChange =
  | { kind: 'add'; productId: string; variantId?: string | undefined; quantity?: number | undefined }
  | { kind: 'quantity'; entryId: string; quantity: number }
  | { kind: 'remove'; entryId: string }
  | { kind: 'coupon'; code: string }
  | { kind: 'removeCoupon'; code: string }
  | { kind: 'location'; location: PricingLocation }
  | { kind: 'option'; optionId: string };

export class CartRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** The cart after the change, and the cart cookie's new token when the change made the cart. */
export type CartOutcome = { cart: CartAnswer; newToken?: string };

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
const isCountry = (code: string) => /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== undefined;

export async function changeCart(deps: CartDeps, shopper: Shopper, change: CartChange): Promise<CartOutcome> {
  let newToken: string | undefined;
  /** Stock read for the change (the variant added), not read again for the answer. */
  let known: ReadonlyMap<string, StockState> | undefined;
  const owner = shopper;
  switch (change.kind) {
    case 'add': {
      const catalogue = await deps.catalogue.read(shopper.websiteId);
      const product = catalogue.productById(change.productId);
      if (!product) throw new CartRefusal(404, commerce.addItemFailed, cartApi.notForSale);
      const variant =
        change.variantId === undefined
          ? product.variants.length === 1
            ? product.variants[0]
            : undefined
          : product.variants.find((v) => v.id === change.variantId);
      if (!variant)
        throw new CartRefusal(
          change.variantId === undefined ? 400 : 404,
          commerce.addItemFailed,
          change.variantId === undefined ? cartApi.chooseOption : cartApi.notForSale,
        );
      const quantity = change.quantity ?? 1;
      if (quantity > MAX_LINE_QUANTITY) throw new CartRefusal(400, commerce.addItemFailed, format(cartApi.tooMany, { max: MAX_LINE_QUANTITY }));
      const read = await variantsAvailability(deps.pool, shopper.websiteId, [variant.id]);
      const stock = read.get(variant.id);
      if (!stock || stock.state === 'soldOut') throw new CartRefusal(409, commerce.addItemFailed, cartApi.soldOut);
      const added = await addLine(deps.pool, owner, { productId: product.id, variantId: variant.id, quantity });
      if (!added.added) throw new CartRefusal(409, commerce.addItemFailed, format(cartApi.cartFull, { max: MAX_CART_LINES }));
      newToken = added.newToken;
      known = read;
      break;
    }
    case 'quantity':
    case 'remove': {
      const quantity = change.kind === 'remove' ? 0 : change.quantity;
      const failed = change.kind === 'remove' ? commerce.removeItemFailed : commerce.updateQuantityFailed;
      if (quantity > MAX_LINE_QUANTITY) throw new CartRefusal(400, failed, format(cartApi.tooMany, { max: MAX_LINE_QUANTITY }));
      if (!(await setLineQuantity(deps.pool, owner, change.entryId, quantity))) throw new CartRefusal(404, failed, cartApi.noSuchLine);
      break;
    }
    case 'coupon':
    case 'removeCoupon': {
      const codes = (await openCart(deps, shopper))?.couponCodes ?? [];
      const same = (c: string) => c.toLowerCase() === change.code.toLowerCase();
      const next = change.kind === 'coupon' ? (codes.some(same) ? codes : [...codes, change.code]) : codes.filter((c) => !same(c));
      if (next.length > MAX_CART_COUPONS) throw new CartRefusal(400, format(cartApi.tooManyCoupons, { max: MAX_CART_COUPONS }), 'tooManyCoupons');
      newToken = (await setCartFields(deps.pool, owner, { couponCodes: next })).newToken;
      break;
    }
    case 'location': {
      if (!isCountry(change.location.country ?? '')) throw new CartRefusal(400, cartApi.unknownCountry, 'unknownCountry');
      newToken = (await setCartFields(deps.pool, owner, { shippingLocation: change.location })).newToken;
      break;
    }
    case 'option': {
      newToken = (await setCartFields(deps.pool, owner, { shippingRateId: change.optionId })).newToken;
      break;
    }
  }
  const shopperNow = newToken === undefined ? shopper : { ...shopper, token: newToken };
  const cart = await priceOpenCart(deps, shopperNow, await openCart(deps, shopperNow), known ? { known } : {});
  return { cart, ...(newToken !== undefined ? { newToken } : {}) };
}
