/**
 * The test payment service's objects (src/server/test-payments/stripe-objects.ts) held to Stripe's
 * own types from the `stripe` SDK, so the service cannot drift from the API the Stripe provider
 * speaks. Every field the service answers must be one Stripe has, of a type Stripe allows. The
 * typecheck in `npm test`'s checks proves it at compile time; the test below also reads the
 * service's answers through the SDK.
 */
import type Stripe from 'stripe';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testModeKey } from '../src/server/modules/payments';
import type { Charge, EventType, PaymentIntent, Refund, StripeEvent } from '../src/server/test-payments/stripe-objects';
import { stripeClient } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

/**
 * The fields of Ours that Theirs lacks, or holds as a type Ours's value does not fit: nested objects
 * field by field, three levels down (an error's payment_intent is a PaymentIntent again).
 */
type Misfits<Ours, Theirs, Depth extends unknown[] = []> = Depth['length'] extends 3
  ? never
  : { [K in keyof Ours]-?: K extends keyof Theirs ? (Fit<Ours[K], Theirs[K], [...Depth, 1]> extends true ? never : K) : K }[keyof Ours];
/** One member of a field's type against Stripe's: assignable as it is, or an object whose own fields fit. */
type FitOne<A, B, Depth extends unknown[]> = [A] extends [B]
  ? true
  : A extends object
    ? [Misfits<A, Extract<NonNullable<B>, object>, Depth>] extends [never]
      ? true
      : false
    : false;
/** Every member of a field's type (a union with null, say) fits. */
type Fit<A, B, Depth extends unknown[]> = [A extends unknown ? (FitOne<A, B, Depth> extends true ? never : A) : never] extends [never] ? true : false;
/** `true` when Ours fits Theirs; else the names of the fields that do not. */
type Fits<Ours, Theirs> = [Misfits<Ours, Theirs>] extends [never] ? true : Misfits<Ours, Theirs>;

const fits = {
  intent: true satisfies Fits<PaymentIntent, Stripe.PaymentIntent>,
  charge: true satisfies Fits<Charge, Stripe.Charge>,
  refund: true satisfies Fits<Refund, Stripe.Refund>,
  eventType: true satisfies EventType extends Stripe.Event['type'] ? true : false,
  event: true satisfies Fits<Omit<StripeEvent, 'data' | 'type'>, Stripe.Event>,
};

/** The fields the service's PaymentIntent type declares, every one (checked below), to hold its answers to. */
const INTENT_FIELDS = [
  'id',
  'object',
  'amount',
  'amount_capturable',
  'amount_received',
  'currency',
  'capture_method',
  'status',
  'metadata',
  'payment_method',
  'description',
  'receipt_email',
  'next_action',
  'last_payment_error',
  'latest_charge',
  'client_secret',
  'canceled_at',
  'cancellation_reason',
  'created',
  'livemode',
] as const satisfies readonly (keyof PaymentIntent)[];
const everyField: [Exclude<keyof PaymentIntent, (typeof INTENT_FIELDS)[number]>] extends [never] ? true : false = true;

describe('the test payment service’s objects', () => {
  it('are shaped as Stripe’s own types say (the typecheck proves it), and a PaymentIntent is answered with exactly its type’s fields', async () => {
    expect(Object.values(fits).every(Boolean) && everyField).toBe(true);
    const service = stripeClient(testPaymentsUrl(), testModeKey(randomBytes(32), 'shapes'));
    const made = await service.post('/v1/payment_intents', { amount: 1200, currency: 'usd', capture_method: 'manual', 'metadata[attempt_key]': 'shapes' });
    expect(made.status).toBe(200);
    expect(Object.keys(made.body as object).sort()).toEqual([...INTENT_FIELDS].sort());
  });
});
