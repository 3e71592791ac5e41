/**
 * An attempt carried on from where it stands (./CONTEXT.md step 1): a placed one answers its order,
 * an open one goes to its provider (step 3), outside any transaction and with no connection held.
 * The provider's payment is made first (`initiate`) and its id stored, then authorised; every call
 * is keyed by the attempt, so a retry after a lost answer gets the provider's replayed answer.
 * Placements of one attempt at once on this server share one provider step; on different
 * servers, the provider's keys keep them to one charge.
 */
import type { PlaceOrderAnswer } from '../../../../contracts/checkout';
import { checkoutApi } from '../../../../messages/checkout-api';
import type { PaymentOutcome, PaymentProvider } from '../../payments';
import { attemptByKey, moveAttempt, providerAttemptKey, type Attempt } from '../attempts';
import type { CheckoutDeps } from '../deps';
import type { PaymentSettings } from '../payment-settings';
import { PlaceRefusal, refusals } from '../refusal';
import { asked, fail, placedAnswer, providerOf, settle } from './finalize';
import { failpoint } from '../../../failpoints';

export type CarryOnContext = {
  /** Where the provider's detour sends the shopper back: `/checkout/return?attempt={key}` on this site. */
  returnUrl: string;
  settings?: PaymentSettings;
};

const inflight = new Map<string, Promise<PlaceOrderAnswer>>();

export async function carryOn(deps: CheckoutDeps, attempt: Attempt, ctx: CarryOnContext): Promise<PlaceOrderAnswer> {
  if (attempt.orderId !== null) return placedAnswer(deps, attempt.websiteId, attempt.orderId);
  if (attempt.state === 'failed' || attempt.state === 'placed') throw refusals.cartChanged(checkoutApi.emptyCart);
  const key = `${attempt.websiteId}\n${attempt.id}`;
  const running = inflight.get(key);
  if (running) return running;
  const step = providerStep(deps, attempt, ctx).finally(() => inflight.delete(key));
  inflight.set(key, step);
  return step;
}

/** Carries on the attempt with this key, if there is one. */
export async function carryOnByKey(deps: CheckoutDeps, websiteId: string, key: string, ctx: CarryOnContext): Promise<PlaceOrderAnswer | undefined> {
  const attempt = await attemptByKey(deps.db, websiteId, key);
  return attempt ? carryOn(deps, attempt, ctx) : undefined;
}

function describe(attempt: Attempt): string {
  return attempt.snapshot.lines
    .map((l) => (l.quantity > 1 ? `${l.productName} × ${l.quantity}` : l.productName))
    .join(', ')
    .slice(0, 200);
}

async function providerStep(deps: CheckoutDeps, attempt: Attempt, ctx: CarryOnContext): Promise<PlaceOrderAnswer> {
  try {
    return await askProvider(deps, attempt, ctx);
  } catch (err) {
    // Refused outright (not merely unanswered): no charge can follow, so the holds go back at once.
    if (err instanceof PlaceRefusal && err.reason === 'declined') await fail(deps, attempt, err.message);
    throw err;
  }
}

async function askProvider(deps: CheckoutDeps, attempt: Attempt, ctx: CarryOnContext): Promise<PlaceOrderAnswer> {
  if (attempt.amountCents === 0) {
    // Nothing to pay (a free studio tour): no provider takes a payment of nothing.
    return settle(deps, attempt, { status: 'captured', paymentId: `free:${attempt.key}`, amountCents: 0, currency: attempt.currency }, ctx.settings);
  }
  const provider = await providerOf(deps, attempt);
  if (provider.confirmsInBrowser) return confirmInBrowser(deps, attempt, provider, ctx);
  const attemptKey = providerAttemptKey(attempt);
  let paymentId = attempt.providerPaymentId;
  if (paymentId === null) {
    paymentId = (await initiate(provider, attempt)).paymentId;
    await moveAttempt(deps.db, attempt, ['held', 'authorizing'], { state: 'authorizing', providerPaymentId: paymentId });
  }
  const id = paymentId;
  const method = attempt.payment.provider === 'test' ? attempt.payment.card : attempt.payment.provider === 'manual' ? attempt.payment.method : '';
  // A shopper on a detour who places again is answered where the payment stands, not authorised anew.
  const outcome: PaymentOutcome =
    attempt.state === 'requires_action'
      ? await asked(() => provider.retrieve(id))
      : await asked(() => provider.authorize({ attemptKey, paymentId: id, method, returnUrl: ctx.returnUrl }));
  if (outcome.status === 'authorized') failpoint('after-provider-success');
  return settle(deps, { ...attempt, providerPaymentId: id }, outcome, ctx.settings);
}

/** The provider's payment for the server's amount, keyed by the attempt (a repeat answers the same payment). */
const initiate = (provider: PaymentProvider, attempt: Attempt) =>
  asked(() =>
    provider.initiate({
      attemptKey: providerAttemptKey(attempt),
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      email: attempt.email,
      description: describe(attempt),
    }),
  );

/**
 * A card through Stripe: the payment is made here for the server's amount and its id stored, the
 * attempt waiting on the shopper (`requires_action`, as on any detour: the hold sweep asks Stripe
 * before it releases); the browser confirms it with Stripe's script and comes back to `returnUrl`.
 * Placed again, the same payment is answered where it stands: still to confirm, or settled.
 */
async function confirmInBrowser(deps: CheckoutDeps, attempt: Attempt, provider: PaymentProvider, ctx: CarryOnContext): Promise<PlaceOrderAnswer> {
  const confirm = (clientSecret: string | undefined): PlaceOrderAnswer => {
    if (!clientSecret) throw refusals.providerUnavailable();
    return { state: 'confirm', clientSecret, returnUrl: ctx.returnUrl };
  };
  if (attempt.providerPaymentId === null) {
    const made = await initiate(provider, attempt);
    await moveAttempt(deps.db, attempt, ['held', 'authorizing'], { state: 'requires_action', providerPaymentId: made.paymentId });
    return confirm(made.clientSecret);
  }
  const id = attempt.providerPaymentId;
  const held = await asked(() => provider.retrieve(id));
  if (held.status === 'pending' || held.status === 'requires_action') {
    if (attempt.state !== 'requires_action') await moveAttempt(deps.db, attempt, ['held', 'authorizing'], { state: 'requires_action', providerPaymentId: id });
    return confirm(held.clientSecret);
  }
  return settle(deps, attempt, held, ctx.settings);
}

/**
 * Back from the provider's detour, or found by the sweep: the provider is asked where the payment
 * stands, and the attempt settled accordingly.
 */
export async function settleFromProvider(deps: CheckoutDeps, attempt: Attempt): Promise<PlaceOrderAnswer> {
  if (attempt.orderId !== null) return placedAnswer(deps, attempt.websiteId, attempt.orderId);
  if (attempt.providerPaymentId === null) throw refusals.providerUnavailable();
  const id = attempt.providerPaymentId;
  const provider = await providerOf(deps, attempt);
  return settle(deps, attempt, await asked(() => provider.retrieve(id)));
}

/** `GET /checkout/return?attempt={key}`: the shopper back from the detour; undefined when the key names no attempt. */
export async function finishDetour(deps: CheckoutDeps, websiteId: string, key: string): Promise<PlaceOrderAnswer | undefined> {
  const attempt = await attemptByKey(deps.db, websiteId, key);
  return attempt ? settleFromProvider(deps, attempt) : undefined;
}
