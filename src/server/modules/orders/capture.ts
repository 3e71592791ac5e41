/**
 * Taking an authorised payment after its order is committed (checkout's `finalize` enqueues it in
 * the order's transaction): the `payment-capture` job, delivered at least once under the attempt's
 * capture key, asks the provider to capture (keyed `attempt:<key>:capture`, so a repeat captures
 * once), then marks the payment captured and the order paid. A provider that cannot be reached is
 * asked again by the queue's retries.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { providerKey, type PaymentProviderId } from '../../../domain/checkout/protocol';
import type { JobHandler, NewJob } from '../../jobs/queue';
import { eventsFor } from './order-events';
import type { PaymentAmount, PaymentProviders } from '../payments';

export const PAYMENT_CAPTURE_JOB = 'payment-capture';

/** `attemptKey`: the key the provider knows the attempt by. */
export type CapturePayload = { orderId: string; attemptKey: string; provider: PaymentProviderId; paymentId: string } & PaymentAmount;

/** The capture job of an order, to enqueue in the transaction that made it. Its delivery key is the capture's own, per site. */
export function captureJob(websiteId: string, payload: CapturePayload): NewJob {
  return { websiteId, kind: PAYMENT_CAPTURE_JOB, payload, deliveryKey: `${websiteId}:${providerKey(payload.attemptKey, 'capture')}` };
}

/** The payment captured and its order paid, with its `captured` event, in one statement; a repeat changes nothing. */
export async function recordCaptured(ex: Executor, websiteId: string, payload: Pick<CapturePayload, 'orderId' | 'provider' | 'paymentId'>): Promise<void> {
  await ex.execute(sql`
WITH payment AS (
  UPDATE payments SET status = 'captured', captured_at = now()
  WHERE website_id = ${websiteId} AND provider = ${payload.provider} AND provider_payment_id = ${payload.paymentId} AND status = 'authorized'
  RETURNING id
),
paid AS (
  UPDATE orders SET payment_status = 'paid', paid_at = now()
  WHERE website_id = ${websiteId} AND id = ${payload.orderId} AND payment_status = 'authorized'
  RETURNING website_id, id, total_cents
)
${eventsFor('paid', 'captured', null, sql`jsonb_build_object('amountCents', total_cents)`)}`);
}

export function captureHandler(db: Db, payments: () => PaymentProviders): JobHandler {
  return async (job) => {
    const websiteId = job.websiteId;
    if (websiteId === null) return;
    const payload = job.payload as CapturePayload;
    const provider = await payments().provider(websiteId, payload.provider);
    const outcome = await provider.capture({
      attemptKey: payload.attemptKey,
      paymentId: payload.paymentId,
      amountCents: payload.amountCents,
      currency: payload.currency,
    });
    if (outcome.status !== 'captured') throw new Error(`payment ${payload.paymentId} was not captured: ${outcome.status}`);
    await recordCaptured(db, websiteId, payload);
  };
}
