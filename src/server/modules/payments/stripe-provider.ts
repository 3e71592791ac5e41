/**
 * The `stripe` provider: Stripe's PaymentIntents with manual capture, through Stripe's own SDK. Each
 * call that changes a payment carries `providerKey(attemptKey, step)` as its Idempotency-Key (a
 * refund its own key), and the attempt's key in the payment's metadata. Tests point the SDK at the
 * test payment service (`api`), which speaks the part of Stripe's API the store uses.
 *
 * Errors: a card refused is a decline; a change the payment's state no longer allows answers the
 * state it is in; no answer, a 5xx, a 409 (the same key still running) or a 429 left after the SDK's
 * own retries is ProviderUnavailable (the outcome is unknown until the same call is retried or the
 * payment retrieved); any other refusal is ProviderRefused.
 */
import Stripe from 'stripe';
import { providerKey, WEBHOOK_TOLERANCE_S } from '../../../domain/checkout/protocol';
import { ProviderUnavailable, type PaymentOutcome, type PaymentProvider } from './provider';
import { ProviderRefused } from './refused';
import { ATTEMPT_METADATA, intentParams, outcomeOf, webhookEventOf, type EventShape, type Intent } from './stripe-intents';

export type StripeProviderOptions = {
  /** The account's secret key (`sk_live_…`, `sk_test_…`, or a restricted `rk_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secrets: two while one is rolled, either accepted. */
  webhookSecrets: readonly string[];
  /** Where Stripe's API answers, when not at Stripe: the test payment service's origin, in tests. */
  api?: string;
  /** How long a call may take before its outcome is taken as unknown. */
  timeoutMs?: number;
};

/** How often the SDK sends a call again after no answer, a 409 or a 5xx, with the same key. */
const NETWORK_RETRIES = 2;
const TIMEOUT_MS = 10_000;

/** Stripe's SDK for a key, pointed at `api` when given (the test payment service, in tests). */
export function stripeClient(opts: { secretKey: string; api?: string | undefined; timeoutMs?: number | undefined; retries?: number }): Stripe {
  const api = opts.api ? new URL(opts.api) : undefined;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: opts.retries ?? NETWORK_RETRIES,
    timeout: opts.timeoutMs ?? TIMEOUT_MS,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

/** A Stripe error as the protocol takes it (see the file's comment). */
function unavailableOrRefused(err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? 0;
    if (err instanceof Stripe.errors.StripeConnectionError || status >= 500 || status === 409 || status === 429)
      throw new ProviderUnavailable(err.message, { cause: err });
    throw new ProviderRefused(err.message, err.code);
  }
  throw err;
}

export function stripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(opts);

  const retrieveIntent = async (paymentId: string): Promise<Intent> => {
    try {
      return (await stripe.paymentIntents.retrieve(paymentId)) as Intent;
    } catch (err) {
      return unavailableOrRefused(err);
    }
  };

  /** A change to a payment: its new state; a card refusal as a decline; a change its state no longer allows as the state it is in. */
  const change = async (paymentId: string, call: () => Promise<Stripe.PaymentIntent>): Promise<PaymentOutcome> => {
    try {
      return outcomeOf((await call()) as Intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return { status: 'declined', paymentId, message: err.message };
      if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') return outcomeOf(await retrieveIntent(paymentId));
      return unavailableOrRefused(err);
    }
  };

  return {
    id: 'stripe',
    confirmsInBrowser: true,
    async initiate(input) {
      try {
        const made = await stripe.paymentIntents.create(intentParams(input), { idempotencyKey: providerKey(input.attemptKey, 'initiate') });
        return { paymentId: made.id, clientSecret: made.client_secret ?? undefined };
      } catch (err) {
        return unavailableOrRefused(err);
      }
    },
    authorize: ({ attemptKey, paymentId, method, returnUrl }) =>
      change(paymentId, () =>
        stripe.paymentIntents.confirm(paymentId, { payment_method: method, return_url: returnUrl }, { idempotencyKey: providerKey(attemptKey, 'authorize') }),
      ),
    capture: ({ attemptKey, paymentId, amountCents }) =>
      change(paymentId, () =>
        stripe.paymentIntents.capture(paymentId, { amount_to_capture: amountCents }, { idempotencyKey: providerKey(attemptKey, 'capture') }),
      ),
    cancel: ({ attemptKey, paymentId }) =>
      change(paymentId, () => stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: providerKey(attemptKey, 'cancel') })),
    async refund({ refundKey, paymentId, amountCents }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey: refundKey });
        return { refundId: refund.id, amountCents: refund.amount };
      } catch (err) {
        return unavailableOrRefused(err);
      }
    },
    async retrieve(paymentId) {
      const pi = await retrieveIntent(paymentId);
      return {
        ...outcomeOf(pi),
        amountCents: pi.amount,
        currency: pi.currency.toUpperCase(),
        attemptKey: pi.metadata[ATTEMPT_METADATA] ?? '',
        clientSecret: pi.client_secret ?? undefined,
      };
    },
    parseWebhook(raw, headers) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string') return null;
      for (const secret of opts.webhookSecrets) {
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(raw, header, secret, WEBHOOK_TOLERANCE_S);
        } catch {
          continue;
        }
        return webhookEventOf(event as unknown as EventShape);
      }
      return null;
    },
  };
}
