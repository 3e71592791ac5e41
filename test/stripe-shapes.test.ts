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
import type {
  Account,
  Charge,
  CreatedWebhookEndpoint,
  EventType,
  PaymentIntent,
  PaymentMethodDomain,
  Refund,
  StripeEvent,
  WebhookEndpoint,
} from '../src/server/test-payments/stripe-objects';
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
/** The fields Theirs requires (may be null, never absent). */
type Required<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? never : K }[keyof T];
/** `true` when Ours has every field Theirs requires, so code written to Stripe's type finds each one; else the names of those missing. */
type Complete<Ours, Theirs> = [Exclude<Required<Theirs>, keyof Ours>] extends [never] ? true : Exclude<Required<Theirs>, keyof Ours>;

const fits = {
  intent: true satisfies Fits<PaymentIntent, Stripe.PaymentIntent>,
  charge: true satisfies Fits<Charge, Stripe.Charge>,
  refund: true satisfies Fits<Refund, Stripe.Refund>,
  eventType: true satisfies EventType extends Stripe.Event['type'] ? true : false,
  event: true satisfies Fits<Omit<StripeEvent, 'data' | 'type'>, Stripe.Event>,
  webhookEndpoint: true satisfies Fits<CreatedWebhookEndpoint, Stripe.WebhookEndpoint>,
  webhookEndpointComplete: true satisfies Complete<WebhookEndpoint, Stripe.WebhookEndpoint>,
  account: true satisfies Fits<Account, Stripe.Account>,
  accountComplete: true satisfies Complete<Account, Stripe.Account>,
  domain: true satisfies Fits<PaymentMethodDomain, Stripe.PaymentMethodDomain>,
  domainComplete: true satisfies Complete<PaymentMethodDomain, Stripe.PaymentMethodDomain>,
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

/** Every field of the service's other objects' types: a record of them all, so a field added to a type must be added here. */
const fieldsOf = <T>(fields: Record<keyof T, true>) => Object.keys(fields).sort();
const ENDPOINT_FIELDS = fieldsOf<CreatedWebhookEndpoint>({
  id: true,
  object: true,
  api_version: true,
  application: true,
  created: true,
  description: true,
  enabled_events: true,
  livemode: true,
  metadata: true,
  secret: true,
  status: true,
  url: true,
});
const ACCOUNT_FIELDS = fieldsOf<Account>({
  id: true,
  object: true,
  type: true,
  country: true,
  default_currency: true,
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  email: true,
  capabilities: true,
  metadata: true,
  business_profile: true,
  settings: true,
});
const DOMAIN_FIELDS = fieldsOf<PaymentMethodDomain>({
  id: true,
  object: true,
  amazon_pay: true,
  apple_pay: true,
  created: true,
  domain_name: true,
  enabled: true,
  google_pay: true,
  klarna: true,
  link: true,
  livemode: true,
  paypal: true,
});

describe('the test payment service’s objects', () => {
  it('are shaped as Stripe’s own types say (the typecheck proves it), and a PaymentIntent is answered with exactly its type’s fields', async () => {
    expect(Object.values(fits).every(Boolean) && everyField).toBe(true);
    const service = stripeClient(testPaymentsUrl(), testModeKey(randomBytes(32), 'shapes'));
    const made = await service.post('/v1/payment_intents', { amount: 1200, currency: 'usd', capture_method: 'manual', 'metadata[attempt_key]': 'shapes' });
    expect(made.status).toBe(200);
    expect(Object.keys(made.body as object).sort()).toEqual([...INTENT_FIELDS].sort());
  });

  it('answers a webhook endpoint, the account and a payment method domain with exactly their types’ fields', async () => {
    const service = stripeClient(testPaymentsUrl(), testModeKey(randomBytes(32), 'shapes'));
    const endpoint = await service.post('/v1/webhook_endpoints', { url: 'http://shop.test/hooks', 'enabled_events[0]': '*' });
    expect(Object.keys(endpoint.body).sort()).toEqual(ENDPOINT_FIELDS);
    const account = await service.get('/v1/account');
    expect(Object.keys(account.body).sort()).toEqual(ACCOUNT_FIELDS);
    const domain = await service.post('/v1/payment_method_domains', { domain_name: 'shapes.example.com' });
    expect(Object.keys(domain.body).sort()).toEqual(DOMAIN_FIELDS);
  });
});
