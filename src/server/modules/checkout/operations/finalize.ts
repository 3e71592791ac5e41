/**
 * `finalize`, the only path to an order (./CONTEXT.md step 4), and its counterpart `fail` (step 5).
 * `settle` takes whatever the provider answered (placing, the way back from a detour, the sweep)
 * and goes where the protocol says: an order, the detour, or the holds released and a refusal.
 */
import { sql } from 'drizzle-orm';
import { CHECKOUT_PATHS } from '../../../../domain/checkout/paths';
import type { AttemptState } from '../../../../domain/checkout/protocol';
import type { PlaceOrderAnswer } from '../../../../contracts/checkout';
import { checkoutApi } from '../../../../messages/checkout-api';
import { enqueueAll } from '../../../jobs/queue';
import { markCartPurchased } from '../../cart';
import { captureJob, createOrder, isOrderNumberTaken, issueGiftCards, newOrderId, orderEmailJobs, orderToken, takeOrderNumber } from '../../orders';
import type { PaymentOutcome, PaymentProvider } from '../../payments';
import { ProviderRefused, ProviderUnavailable } from '../../payments';
import { moveAttempt, placeAttempt, providerAttemptKey, type Attempt } from '../attempts';
import type { CheckoutDeps } from '../deps';
import { consumeHolds, releaseHolds, rowsOf } from '../holds';
import { instructionsOf, paymentSettingsOf, type PaymentSettings } from '../payment-settings';
import { refusals, type PlaceRefusal } from '../refusal';
import { failpoint } from '../../../failpoints';

export type Placed = Extract<PlaceOrderAnswer, { state: 'placed' }>;

const OPEN = ['held', 'authorizing', 'requires_action'] as const;

export function providerOf(deps: CheckoutDeps, attempt: Pick<Attempt, 'websiteId' | 'provider'>): Promise<PaymentProvider> {
  return deps.payments().provider(attempt.websiteId, attempt.provider);
}

/** A provider call: an answer lost is the shopper's "try again", never a second charge; a request the provider refuses, a decline in its words. */
export async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw refusals.providerUnavailable();
    if (err instanceof ProviderRefused) throw refusals.declined(err.message);
    throw err;
  }
}

/** The order page's answer for an attempt's order. */
export async function placedAnswer(deps: CheckoutDeps, websiteId: string, orderId: string, number?: number): Promise<Placed> {
  const orderNumber =
    number ?? (await rowsOf<{ number: number }>(deps.db, sql`SELECT number FROM orders WHERE website_id = ${websiteId} AND id = ${orderId}`))[0]?.number;
  if (orderNumber === undefined) throw new Error(`order ${orderId} is missing`);
  return { state: 'placed', orderNumber, orderPath: CHECKOUT_PATHS.order(orderToken(await deps.tokenSecret(), websiteId, orderId)) };
}

/** Declined or given up: exactly the attempt's holds released, once, and the attempt failed with the shopper's words. */
export async function fail(
  deps: CheckoutDeps,
  attempt: Pick<Attempt, 'websiteId' | 'id'>,
  failure: string,
  from: readonly AttemptState[] = OPEN,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (await moveAttempt(tx, attempt, from, { state: 'failed', failure })) await releaseHolds(tx, attempt.websiteId, attempt.id);
  });
}

/** Where the provider's answer leads. `settings` saves a read when the caller has them. */
export async function settle(deps: CheckoutDeps, attempt: Attempt, outcome: PaymentOutcome, settings?: PaymentSettings): Promise<PlaceOrderAnswer> {
  switch (outcome.status) {
    case 'authorized':
    case 'captured':
      if (outcome.amountCents !== attempt.amountCents || outcome.currency.toUpperCase() !== attempt.currency.toUpperCase()) {
        // Not what this attempt is for: never an order for a payment of another amount.
        await voidQuietly(deps, attempt);
        await fail(deps, attempt, checkoutApi.providerUnavailable);
        throw refusals.declined(checkoutApi.providerUnavailable);
      }
      return finalize(deps, attempt, outcome, settings);
    case 'pending':
      // Only an offline payment is awaited as an order; a card payment not confirmed (or not yet through) makes none.
      if (attempt.provider !== 'manual') throw refusals.unpaid();
      return finalize(deps, attempt, outcome, settings);
    case 'requires_action':
      await moveAttempt(deps.db, attempt, ['held', 'authorizing'], { state: 'requires_action', providerPaymentId: outcome.paymentId });
      return { state: 'requiresAction', actionUrl: outcome.actionUrl };
    case 'declined':
      await fail(deps, attempt, outcome.message);
      throw refusals.declined(outcome.message);
    case 'canceled':
      await fail(deps, attempt, checkoutApi.providerUnavailable);
      throw refusals.declined(checkoutApi.providerUnavailable);
  }
}

/** Voids the attempt's payment at its provider (keyed `cancel`); an answer lost is the PlaceRefusal `asked` makes of it. */
export async function voidPayment(deps: CheckoutDeps, attempt: Attempt): Promise<void> {
  if (attempt.providerPaymentId === null) return;
  const provider = await providerOf(deps, attempt);
  const paymentId = attempt.providerPaymentId;
  await asked(() => provider.cancel({ attemptKey: providerAttemptKey(attempt), paymentId }));
}

/** As voidPayment, for a shopper being refused anyway: a provider out of reach leaves the payment to expire there. */
const voidQuietly = (deps: CheckoutDeps, attempt: Attempt) => voidPayment(deps, attempt).catch(() => undefined);

/** The payment succeeded after the sweep gave its stock back, and the stock is gone now. */
class SoldMeanwhile extends Error {
  constructor(readonly refusal: PlaceRefusal) {
    super(refusal.message);
  }
}

/**
 * Transaction B: lock the attempt; its order if it has one; else its holds become sales (taken
 * again, conditionally, if the sweep released them), the order, its lines and payment under the
 * number taken just before (outside the transaction, so orders of a site never wait on one another's
 * transactions), the cart purchased, its gift cards, the confirmation and the team's notice, the
 * capture job; the attempt placed. The capture runs after the commit, in the job.
 */
export async function finalize(
  deps: CheckoutDeps,
  attempt: Attempt,
  outcome: Extract<PaymentOutcome, { status: 'authorized' | 'captured' | 'pending' }>,
  known?: PaymentSettings,
): Promise<Placed> {
  const { websiteId } = attempt;
  const settings = attempt.payment.provider === 'manual' ? (known ?? (await paymentSettingsOf(deps.db, websiteId))) : undefined;
  const tokenSecret = await deps.tokenSecret();
  try {
    for (let tries = 1; ; tries++) {
      const number = attempt.orderId === null ? await takeOrderNumber(deps.db, websiteId) : 0;
      try {
        const made = await orderInTransaction(deps, attempt, outcome, { number, settings, tokenSecret });
        failpoint('after-commit-before-capture');
        return await placedAnswer(deps, websiteId, made.orderId, made.number);
      } catch (err) {
        // The owner set the next number back below one held by an order not yet made: another number.
        if (!isOrderNumberTaken(err) || tries >= 3) throw err;
      }
    }
  } catch (err) {
    if (!(err instanceof SoldMeanwhile)) throw err;
    await voidQuietly(deps, attempt);
    throw err.refusal;
  }
}

async function orderInTransaction(
  deps: CheckoutDeps,
  attempt: Attempt,
  outcome: Extract<PaymentOutcome, { status: 'authorized' | 'captured' | 'pending' }>,
  given: { number: number; settings: PaymentSettings | undefined; tokenSecret: string },
): Promise<{ orderId: string; number: number | undefined }> {
  const { websiteId, snapshot } = attempt;
  const { settings } = given;
  return deps.db.transaction(async (tx) => {
    const orderId = newOrderId();
    const locked = await placeAttempt(tx, websiteId, attempt.id, orderId);
    if (!locked) throw refusals.cartChanged(checkoutApi.unknownAttempt);
    if (locked.orderId !== null) return { orderId: locked.orderId, number: undefined };
    if (locked.state === 'failed') {
      // Its holds went back when it failed: taken again, conditionally, then turned into sales.
      const again = await deps.holdStock(tx, { websiteId, attemptId: locked.id, lines: snapshot.lines, expiresAt: new Date() });
      if (!again.taken) {
        const line = snapshot.lines.find((l) => l.variantId === again.variantId);
        throw new SoldMeanwhile(refusals.soldOut(line?.productName ?? '', again.left));
      }
      await consumeHolds(tx, websiteId, locked.id);
    }
    const created = await createOrder(tx, {
      orderId,
      number: given.number,
      websiteId,
      attemptId: locked.id,
      cartId: locked.cartId,
      siteUserId: locked.siteUserId,
      email: locked.email,
      customerName: locked.shippingAddress?.name ?? locked.email,
      shippingAddress: locked.shippingAddress,
      shipping: snapshot.shipping,
      currency: locked.currency,
      subtotalCents: snapshot.subtotalCents,
      discountCents: snapshot.discountCents,
      shippingCents: snapshot.shippingCents,
      taxCents: snapshot.taxCents,
      totalCents: snapshot.totalCents,
      pricesIncludeTax: snapshot.pricesIncludeTax,
      taxRate: snapshot.taxRate ?? null,
      shippingTaxCents: snapshot.shippingTaxCents ?? 0,
      couponCodes: snapshot.couponCodes,
      paymentStatus: outcome.status === 'captured' ? 'paid' : outcome.status === 'authorized' ? 'authorized' : 'unpaid',
      provider: locked.provider,
      paymentMethod: locked.payment.provider === 'manual' ? locked.payment.method : 'card',
      paymentInstructions: settings ? instructionsOf(settings, locked.payment) : null,
      testMode: locked.provider === 'test',
      cancelUnpaidAt: settings ? new Date(Date.now() + settings.cancelUnpaidDays * 86_400_000) : null,
      lines: snapshot.lines,
      payment: { providerPaymentId: outcome.paymentId, status: outcome.status },
      tokenSecret: given.tokenSecret,
    });
    await markCartPurchased(tx, websiteId, locked.cartId, orderId);
    await issueGiftCards(tx, {
      websiteId,
      orderId,
      currency: locked.currency,
      lines: snapshot.lines.map((l, i) => ({ position: i + 1, productType: l.productType, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    });
    // The confirmation, the team's notice and the capture: one insert, one notification.
    await enqueueAll(tx, [
      ...orderEmailJobs({ websiteId, orderId }),
      ...(outcome.status === 'authorized'
        ? [
            captureJob(websiteId, {
              orderId,
              attemptKey: providerAttemptKey(locked),
              provider: locked.provider,
              paymentId: outcome.paymentId,
              amountCents: locked.amountCents,
              currency: locked.currency,
            }),
          ]
        : []),
    ]);
    failpoint('before-order-commit');
    return { orderId, number: created.number };
  });
}
