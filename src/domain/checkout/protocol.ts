/**
 * The placement protocol's words (src/server/modules/checkout/CONTEXT.md draws it as a state
 * machine): the states of a checkout attempt, how long its holds last, the payment providers and
 * the steps whose idempotency keys are derived from the attempt's key.
 */

/**
 * A checkout attempt's states.
 * - `held`: transaction A took its stock and coupon holds; no provider has been asked yet.
 * - `authorizing`: the provider is being asked (or was, and its answer was lost: the outcome is unknown until asked again).
 * - `requires_action`: the provider sent the shopper on a detour (3-D Secure-like) and waits for them.
 * - `placed`: `finalize` made its order (the only way to an order); final.
 * - `failed`: declined or abandoned; its holds are released; a new placement with the same key may hold again.
 */
export const ATTEMPT_STATES = ['held', 'authorizing', 'requires_action', 'placed', 'failed'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** How long a hold keeps stock and coupon uses from others before the sweep may release it. */
export const HOLD_MINUTES = 15;

/** The payment providers: the test service (test mode), the offline methods, and cards through Stripe. */
export const PAYMENT_PROVIDERS = ['test', 'manual', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];
/** How old a webhook's signature may be (Stripe's libraries' default): a replay later than this is refused. */
export const WEBHOOK_TOLERANCE_S = 300;

/** The providers that send webhooks (a manual payment is marked paid by the owner). */
export const WEBHOOK_PROVIDERS = ['test', 'stripe'] as const satisfies readonly PaymentProviderId[];

/**
 * The Stripe events a store's webhook endpoint must be sent (Store → Payments lists them for the
 * owner to tick in Stripe's dashboard): a payment authorised, taken, refused or cancelled, and a refund.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;
export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];

/** The offline ways to pay: the shopper is told how, and the owner marks the order paid. */
export const MANUAL_METHODS = ['bank_transfer', 'cash_on_delivery', 'pay_at_pickup'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

/** Days an unpaid manual order waits before it cancels itself and releases its stock, by default. */
export const DEFAULT_CANCEL_UNPAID_DAYS = 7;
/** The number a store's first order takes, until the owner sets another. */
export const DEFAULT_FIRST_ORDER_NUMBER = 1001;

/** The provider calls keyed by the attempt: a retry sends the same key, so the provider acts once. */
export const PROVIDER_STEPS = ['initiate', 'authorize', 'capture', 'cancel'] as const;
export type ProviderStep = (typeof PROVIDER_STEPS)[number];

/** `attempt:<key>:<step>`: the idempotency key of one provider call of one attempt. */
export function providerKey(attemptKey: string, step: ProviderStep): string {
  return `attempt:${attemptKey}:${step}`;
}

/** An attempt key as the checkout page makes it: 22 to 64 URL-safe characters (a random UUID's hex qualifies). */
export const ATTEMPT_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** An order's payment, as its orders list shows it. */
export const PAYMENT_STATUSES = ['unpaid', 'authorized', 'paid', 'refunded', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order's own state: open until it is cancelled. Fulfilment comes with the orders screens. */
export const ORDER_STATUSES = ['open', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
