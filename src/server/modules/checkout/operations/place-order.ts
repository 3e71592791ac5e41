/**
 * "Place order" (`POST /api/commerce/checkout/place`): the shopper's cart priced again on the server
 * for the address given, checked, then transaction A (./CONTEXT.md step 2) takes the attempt and its
 * holds, and the attempt is carried on to its provider. A retried placement (the same key) finds its
 * attempt and carries it on: one order, one charge.
 */
import type { CartAnswer } from '../../../../contracts/cart';
import type { PlaceOrderAnswer, PlaceOrderRequest } from '../../../../contracts/checkout';
import { HOLD_MINUTES } from '../../../../domain/checkout/protocol';
import { isUsZipCode } from '../../../../domain/forms';
import type { PricingLocation } from '../../../../domain/pricing/types';
import { cart as cartWords } from '../../../../messages/cart';
import { checkoutApi } from '../../../../messages/checkout-api';
import { openCart, priceOpenCart, setCartFields, type Shopper } from '../../cart';
import { holdAttempt, type Attempt } from '../attempts';
import type { CheckoutDeps } from '../deps';
import { takeCouponHolds } from '../holds';
import { offered, paymentSettingsOf } from '../payment-settings';
import { refusals } from '../refusal';
import type { AttemptSnapshot } from '../schema';
import { carryOn, carryOnByKey, type CarryOnContext } from './carry-on';
import { failpoint } from '../../../failpoints';

/** The place call's work, for the route, the tests and the bench alike. */
export async function placeOrder(
  deps: CheckoutDeps,
  shopper: Shopper,
  request: PlaceOrderRequest,
  ctx: Omit<CarryOnContext, 'settings'>,
): Promise<PlaceOrderAnswer> {
  const { websiteId } = shopper;
  // Independent reads side by side: the store's payment settings and the shopper's cart.
  const [settings, row] = await Promise.all([paymentSettingsOf(deps.db, websiteId), openCart(deps, shopper)]);
  if (!offered(settings, request.payment)) throw refusals.paymentUnavailable();
  const carry = { ...ctx, settings };
  if (!row || row.lines.length === 0) {
    // A placement retried after its order was made finds the cart purchased: the attempt answers.
    const answer = await carryOnByKey(deps, websiteId, request.attemptKey, carry);
    if (answer) return answer;
    throw refusals.cartChanged(checkoutApi.emptyCart);
  }
  const address = request.shippingAddress;
  const location = address ? locationOf(address) : undefined;
  // Prices and totals only: the holds below are the word on stock.
  const cart = await priceOpenCart(deps, shopper, location ? { ...row, shippingLocation: location } : row, { stock: false });
  checkCart(cart, request);
  const pricing = await deps.pricing.read(websiteId);
  const snapshot = snapshotOf(cart);
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60_000);
  const customerKey = shopper.siteUserId !== undefined ? `account:${shopper.siteUserId}` : `email:${request.email.toLowerCase()}`;
  // The cart keeps the address's place for its next pricing (a detour's return), written beside transaction A: neither waits for the other.
  const remembered = location && !sameLocation(row.shippingLocation, location) ? setCartFields(deps.pool, shopper, { shippingLocation: location }) : undefined;
  const [, held] = await Promise.all([
    remembered,
    retried(() =>
      deps.db.transaction(async (tx): Promise<Attempt | undefined> => {
        const attempt = await holdAttempt(tx, {
          websiteId,
          key: request.attemptKey,
          cartId: row.id,
          siteUserId: shopper.siteUserId ?? null,
          email: request.email,
          customerKey,
          payment: request.payment,
          shippingAddress: address ?? null,
          snapshot,
          amountCents: cart.grandTotalCents,
          currency: cart.subtotalAmount.currency,
          provider: request.payment.provider,
        });
        if (!attempt) return undefined;
        const stock = await deps.holdStock(tx, { websiteId, attemptId: attempt.id, lines: snapshot.lines, expiresAt });
        if (!stock.taken) {
          const line = snapshot.lines.find((l) => l.variantId === stock.variantId);
          throw refusals.soldOut(line?.productName ?? '', stock.left);
        }
        const usedUp = await takeCouponHolds(tx, {
          websiteId,
          attemptId: attempt.id,
          customerKey,
          expiresAt,
          coupons: cart.validCoupons.map((c) => {
            const coupon = pricing.coupons.find((k) => k.id === c.couponId);
            return { couponId: c.couponId, code: c.code, limited: coupon?.usageLimit !== undefined, oncePerCustomer: coupon?.oncePerCustomer ?? false };
          }),
        });
        if (usedUp !== undefined) throw refusals.couponUsedUp(usedUp);
        return attempt;
      }),
    ),
  ]);
  if (held) {
    failpoint('after-holds');
    return carryOn(deps, held, carry);
  }
  const answer = await carryOnByKey(deps, websiteId, request.attemptKey, carry);
  if (!answer) throw refusals.cartChanged(checkoutApi.unknownAttempt);
  return answer;
}

function locationOf(address: NonNullable<PlaceOrderRequest['shippingAddress']>): PricingLocation {
  return {
    country: address.country,
    ...(address.region ? { region: address.region } : {}),
    ...(address.postcode ? { postcode: address.postcode } : {}),
  };
}

function sameLocation(a: PricingLocation | null, b: PricingLocation): boolean {
  return a !== null && a.country === b.country && (a.region ?? '') === (b.region ?? '') && (a.postcode ?? '') === (b.postcode ?? '');
}

/** What the cart must be to be placed: something to buy, the store's minimum, an address and a shipping option when it ships. */
function checkCart(cart: CartAnswer, request: PlaceOrderRequest): void {
  if (cart.entries.length === 0) throw refusals.cartChanged(checkoutApi.emptyCart);
  // Used up since the shopper saw it applied (another order took the last use): never a dearer order in silence.
  const usedUp = cart.invalidCoupons.find((c) => c.reason === 'USED_UP' || c.reason === 'ALREADY_USED');
  if (usedUp) throw refusals.couponUsedUp(usedUp.code);
  const address = request.shippingAddress;
  if (address?.country === 'US' && !isUsZipCode(address.postcode ?? '')) throw refusals.invalid('shippingAddress.postcode', checkoutApi.usZipCode);
  if (cart.requiresShipping) {
    if (!address) throw refusals.invalid('shippingAddress', checkoutApi.shippingAddressNeeded);
    if (cart.noShippingToLocation) throw refusals.cartChanged(cartWords.noShipping);
    if (!('id' in cart.selectedShippingOption)) throw refusals.invalid('shippingOption', checkoutApi.shippingOptionNeeded);
  }
  if (!cart.meetsMinimum) throw refusals.cartChanged(checkoutApi.belowMinimum);
}

/** The cart as priced now: what the order will be made of, at these prices, whatever changes meanwhile. */
function snapshotOf(cart: CartAnswer): AttemptSnapshot {
  const option = 'id' in cart.selectedShippingOption ? cart.selectedShippingOption : undefined;
  return {
    lines: cart.entries.map((e) => ({
      productId: e.productId,
      variantId: e.variantId,
      productName: e.productName,
      productType: e.productType,
      optionValues: e.optionValues,
      sku: e.sku,
      quantity: e.quantity,
      unitPriceCents: e.unitPriceCents,
      discountCents: e.discountCents,
      taxCents: e.taxCents,
      totalCents: e.totalCents,
      downloadFile: null,
    })),
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    shippingCents: cart.shippingCostCents,
    taxCents: cart.taxCents,
    totalCents: cart.grandTotalCents,
    pricesIncludeTax: cart.pricesIncludeTax,
    couponCodes: cart.validCoupons.map((c) => c.code),
    taxRate: cart.applicableTaxRules[0] ? { name: cart.applicableTaxRules[0].name, ratePercent: cart.applicableTaxRules[0].ratePercent } : null,
    // The cart's tax less its lines' is its shipping's.
    shippingTaxCents: cart.taxCents - cart.entries.reduce((n, e) => n + e.taxCents, 0),
    shipping: option && cart.requiresShipping ? { rateId: option.id, name: option.name, amountCents: option.amountCents } : null,
  };
}

const RETRYABLE = new Set(['40001', '40P01']);

/** A transaction the database chose to abort (a serialization failure, a deadlock) is run again, a few times. */
async function retried<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (i >= tries || code === undefined || !RETRYABLE.has(code)) throw err;
    }
  }
}
