/**
 * A payment provider's webhooks (./CONTEXT.md, "Webhooks"): an event whose signature holds is kept
 * once by its id (`provider_events`), with a job, in one transaction, and answered at once; the
 * job (`payment-event`) asks the provider where the payment stands now and acts on that, never on
 * what the event said or the order events came in: `finalize` for a payment authorised, the holds
 * released for one declined, the capture recorded for an order's payment taken. A payment of a
 * round its attempt has left behind, or of no attempt, is voided: no charge stays without its order.
 */
import { lt, sql } from 'drizzle-orm';
import type { PaymentProviderId } from '../../../domain/checkout/protocol';
import type { Db, Executor } from '../../../db/client';
import { enqueue, type JobHandler } from '../../jobs/queue';
import { recordCaptured } from '../orders';
import { ProviderUnavailable, type PaymentProvider } from '../payments';
import { attemptByProviderKey } from './attempts';
import type { CheckoutDeps } from './deps';
import { settleFromProvider } from './operations/carry-on';
import { PlaceRefusal } from './refusal';
import { providerEvents } from './schema';

export const PAYMENT_EVENT_JOB = 'payment-event';

/** What a `payment-event` job acts on: the payment, and the key the provider knows its attempt by. */
export type PaymentEventPayload = { provider: PaymentProviderId; paymentId: string; attemptKey: string };

/** `refused`: the signature does not hold; `ignored`: signed, about no attempt's payment; `repeat`: an event already kept. */
export type WebhookReceipt = 'refused' | 'ignored' | 'stored' | 'repeat';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** A webhook's raw body checked by its provider, and kept with its job when it is new. */
export async function receiveWebhook(
  deps: CheckoutDeps,
  websiteId: string,
  provider: PaymentProviderId,
  raw: Buffer,
  headers: Headers,
): Promise<WebhookReceipt> {
  // A store that has not connected the provider has no secret any signature could hold under.
  const found = await deps
    .payments()
    .provider(websiteId, provider)
    .catch((err: unknown) => {
      if (err instanceof ProviderUnavailable) return null;
      throw err;
    });
  const event = found ? found.parseWebhook(raw, headers) : null;
  if (event === null) return 'refused';
  if (event === 'ignored') return 'ignored';
  return deps.db.transaction(async (tx) => {
    const kept = await tx
      .insert(providerEvents)
      .values({ websiteId, provider, eventId: event.eventId, action: event.action, paymentId: event.paymentId, attemptKey: event.attemptKey })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (kept.length === 0) return 'repeat';
    const payload: PaymentEventPayload = { provider, paymentId: event.paymentId, attemptKey: event.attemptKey };
    await enqueue(tx, { websiteId, kind: PAYMENT_EVENT_JOB, payload, deliveryKey: `${websiteId}:${provider}:event:${event.eventId}` });
    return 'stored';
  });
}

/**
 * Days an event's id is kept: a provider retries a webhook for up to three days (Stripe), so a
 * repeat is still found; past that its row only says what came, which the payment and order keep.
 */
export const PROVIDER_EVENT_DAYS = 30;

/** Drops events kept past PROVIDER_EVENT_DAYS (the hourly housekeeping); answers how many. */
export async function pruneProviderEvents(db: Db): Promise<number> {
  const dropped = await db
    .delete(providerEvents)
    .where(lt(providerEvents.receivedAt, sql`now() - make_interval(days => ${PROVIDER_EVENT_DAYS})`))
    .returning({ eventId: providerEvents.eventId });
  return dropped.length;
}

export type PaymentActed = 'placed' | 'released' | 'captured' | 'voided' | 'nothing';

/**
 * The payment as its provider holds it now, acted on. A provider out of reach throws (the job is
 * tried again); a refusal the protocol answers a shopper with (a decline, stock sold meanwhile) is
 * an outcome here, already applied to the attempt.
 */
export async function actOnPayment(deps: CheckoutDeps, websiteId: string, payment: PaymentEventPayload): Promise<PaymentActed> {
  const provider = await deps.payments().provider(websiteId, payment.provider);
  const attempt = await attemptByProviderKey(deps.db, websiteId, payment.attemptKey);
  const current =
    attempt !== undefined && attempt.provider === payment.provider && (attempt.providerPaymentId === null || attempt.providerPaymentId === payment.paymentId);
  if (!current) return voidStray(provider, payment);
  if (attempt.orderId !== null) return recordCapture(deps.db, provider, websiteId, attempt.orderId, payment);
  try {
    const answer = await settleFromProvider(deps, { ...attempt, providerPaymentId: payment.paymentId });
    return answer.state === 'placed' ? 'placed' : 'nothing';
  } catch (err) {
    if (err instanceof PlaceRefusal && err.reason === 'unpaid') return 'nothing';
    if (err instanceof PlaceRefusal && err.reason !== 'providerUnavailable') return 'released';
    throw err;
  }
}

/** An authorisation no attempt will make an order of is voided (keyed by the key it was made under). */
async function voidStray(provider: PaymentProvider, payment: PaymentEventPayload): Promise<PaymentActed> {
  const held = await provider.retrieve(payment.paymentId);
  if (held.status !== 'authorized' || held.attemptKey !== payment.attemptKey) return 'nothing';
  await provider.cancel({ attemptKey: payment.attemptKey, paymentId: payment.paymentId });
  return 'voided';
}

/** An order's payment taken at the provider (by our capture job, or in its dashboard) is recorded as captured. */
async function recordCapture(ex: Executor, provider: PaymentProvider, websiteId: string, orderId: string, payment: PaymentEventPayload): Promise<PaymentActed> {
  const held = await provider.retrieve(payment.paymentId);
  if (held.status !== 'captured') return 'nothing';
  await recordCaptured(ex, websiteId, { orderId, provider: payment.provider, paymentId: payment.paymentId });
  return 'captured';
}

export function paymentEventHandler(deps: CheckoutDeps): JobHandler {
  return async (job) => {
    if (job.websiteId !== null) await actOnPayment(deps, job.websiteId, job.payload as PaymentEventPayload);
  };
}
