/**
 * Stripe's PaymentIntents and events as both Stripe-speaking providers read them: the test
 * provider (a client of the test payment service) and the Stripe provider (the `stripe` SDK).
 * Where a PaymentIntent stands, as a PaymentOutcome; which events the store acts on.
 */
import type { StripeWebhookEvent } from '../../../domain/checkout/protocol';
import type { PaymentOutcome, WebhookEvent } from './provider';

/** The fields of a PaymentIntent the store reads (Stripe.PaymentIntent has them all). */
export type Intent = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  client_secret?: string | null;
  next_action?: { redirect_to_url?: { url?: string | null } | null } | null;
  last_payment_error?: { message?: string | null } | null;
};
export type StripeError = { error: { type: string; code?: string; message: string; payment_intent?: Intent } };

/** The metadata entry that names the attempt a payment is for. */
export const ATTEMPT_METADATA = 'attempt_key';

/** A PaymentIntent's creation for an attempt: the server's amount, held for a manual capture, the attempt named in its metadata. */
export function intentParams(input: { attemptKey: string; description: string; email: string; amountCents: number; currency: string }) {
  return {
    amount: input.amountCents,
    currency: input.currency.toLowerCase(),
    capture_method: 'manual' as const,
    description: input.description,
    receipt_email: input.email,
    metadata: { [ATTEMPT_METADATA]: input.attemptKey },
  };
}

export function outcomeOf(pi: Intent): PaymentOutcome {
  const amount = { amountCents: pi.amount, currency: pi.currency.toUpperCase() };
  switch (pi.status) {
    case 'requires_action':
      return { status: 'requires_action', paymentId: pi.id, actionUrl: pi.next_action?.redirect_to_url?.url ?? '' };
    case 'requires_capture':
      return { status: 'authorized', paymentId: pi.id, ...amount };
    case 'succeeded':
      return { status: 'captured', paymentId: pi.id, ...amount };
    case 'canceled':
      return { status: 'canceled', paymentId: pi.id };
    default:
      // A payment confirmed and refused keeps its error until it is confirmed again.
      return pi.last_payment_error
        ? { status: 'declined', paymentId: pi.id, message: pi.last_payment_error.message ?? '' }
        : { status: 'pending', paymentId: pi.id };
  }
}

/** The events the store acts on, and what each says happened. */
export const EVENT_ACTIONS: Record<StripeWebhookEvent, WebhookEvent['action']> = {
  'payment_intent.amount_capturable_updated': 'authorized',
  'payment_intent.succeeded': 'captured',
  'payment_intent.payment_failed': 'declined',
  'payment_intent.canceled': 'canceled',
  'charge.refunded': 'refunded',
};

/** The parts of an event (Stripe.Event, or the test service's) the store reads. */
export type EventShape = {
  id?: string;
  type?: string;
  data?: { object?: { object?: string; id?: string; payment_intent?: string | { id?: string } | null; metadata?: Record<string, string> } };
};

/** A verified event as the store acts on it: about an attempt's payment, or `ignored`. */
export function webhookEventOf(event: EventShape): WebhookEvent | 'ignored' {
  const action = (EVENT_ACTIONS as Record<string, WebhookEvent['action']>)[event.type ?? ''];
  const object = event.data?.object;
  const charged = object?.payment_intent;
  const paymentId = object?.object === 'charge' ? (typeof charged === 'string' ? charged : charged?.id) : object?.id;
  const attemptKey = object?.metadata?.[ATTEMPT_METADATA];
  if (!action || !event.id || !paymentId || !attemptKey) return 'ignored';
  return { eventId: event.id, action, attemptKey, paymentId };
}
