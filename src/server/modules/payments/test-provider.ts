/**
 * The `test` provider: a client of the test payment service (src/server/test-payments), speaking
 * Stripe's REST API as the Stripe adapter will. Every call that changes a payment sends
 * `providerKey(attemptKey, step)` as its Idempotency-Key (a refund its own key) and the attempt's
 * key in the payment's metadata. No answer in time, a dropped connection, a 5xx, or a request with
 * the same key still running (409, after brief retries) is ProviderUnavailable: the outcome is unknown until the same
 * call is retried (its answer is replayed) or the payment retrieved.
 */
import { providerKey } from '../../../domain/checkout/protocol';
import { testPayments } from '../../../messages/test-payments';
import { verifySignature, webhookSecretFor } from '../../test-payments/signing';
import { ProviderRefused } from './refused';
import { ProviderUnavailable, type PaymentOutcome, type PaymentProvider } from './provider';
import { ATTEMPT_METADATA, intentParams, outcomeOf, webhookEventOf, type EventShape, type Intent, type StripeError } from './stripe-intents';

/** How long a call may take before its outcome is taken as unknown. */
export const TEST_PROVIDER_TIMEOUT_MS = 10_000;

/**
 * The waits before a call whose key another call is still using is sent again, as Stripe's own
 * clients retry a 409: a second call made while the first runs (two cancellations of one order at
 * once) then gets the first's answer replayed. A call still running past them is ProviderUnavailable.
 */
const IN_USE_RETRY_MS = [25, 50, 100];

function form(params: Record<string, string | number | Record<string, string>>): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'object') for (const [k, v] of Object.entries(value)) out.append(`${name}[${k}]`, v);
    else out.append(name, String(value));
  }
  return out.toString();
}

export function testProvider(opts: { url: string | undefined; apiKey: string; timeoutMs?: number }): PaymentProvider {
  const timeoutMs = opts.timeoutMs ?? TEST_PROVIDER_TIMEOUT_MS;

  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Parameters<typeof form>[0],
    key?: string,
  ): Promise<{ status: number; body: T | StripeError }> => {
    for (const wait of IN_USE_RETRY_MS) {
      const answer = await callOnce<T>(method, path, params, key);
      if (answer.status !== 409 || (answer.body as StripeError).error?.code !== 'idempotency_key_in_use') return unavailableOr(answer);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return unavailableOr(await callOnce<T>(method, path, params, key));
  };

  const unavailableOr = <T>(answer: { status: number; body: T | StripeError }): { status: number; body: T | StripeError } => {
    if (answer.status >= 500 || answer.status === 409 || answer.status === 429)
      throw new ProviderUnavailable((answer.body as StripeError).error?.message ?? testPayments.unavailable);
    return answer;
  };

  const callOnce = async <T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Parameters<typeof form>[0],
    key?: string,
  ): Promise<{ status: number; body: T | StripeError }> => {
    if (!opts.url) throw new ProviderUnavailable(testPayments.unavailable);
    let res: Response;
    let body: T | StripeError;
    try {
      res = await fetch(`${opts.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          ...(params ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: params ? form(params) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = (await res.json()) as T | StripeError;
    } catch (error) {
      throw new ProviderUnavailable(testPayments.unavailable, { cause: error });
    }
    return { status: res.status, body };
  };

  const refused = (body: unknown): never => {
    const error = (body as StripeError).error;
    throw new ProviderRefused(error?.message ?? 'refused', error?.code);
  };

  const intent = async (paymentId: string): Promise<Intent> => {
    const { status, body } = await call<Intent>('GET', `/v1/payment_intents/${encodeURIComponent(paymentId)}`);
    return status === 200 ? (body as Intent) : refused(body);
  };

  /** A change to a payment: its new state; a card refusal as a decline; a change its state no longer allows as the state it is in. */
  const change = async (paymentId: string, action: string, params: Parameters<typeof form>[0], key: string): Promise<PaymentOutcome> => {
    const { status, body } = await call<Intent>('POST', `/v1/payment_intents/${encodeURIComponent(paymentId)}/${action}`, params, key);
    if (status === 200) return outcomeOf(body as Intent);
    const error = (body as StripeError).error;
    if (status === 402) return { status: 'declined', paymentId, message: error.message };
    if (error?.code === 'payment_intent_unexpected_state') return outcomeOf(await intent(paymentId));
    return refused(body);
  };

  return {
    id: 'test',
    async initiate(input) {
      const { status, body } = await call<Intent>('POST', '/v1/payment_intents', intentParams(input), providerKey(input.attemptKey, 'initiate'));
      return status === 200 ? { paymentId: (body as Intent).id } : refused(body);
    },
    authorize: ({ attemptKey, paymentId, method, returnUrl }) =>
      change(paymentId, 'confirm', { payment_method: method, return_url: returnUrl }, providerKey(attemptKey, 'authorize')),
    capture: ({ attemptKey, paymentId, amountCents }) => change(paymentId, 'capture', { amount_to_capture: amountCents }, providerKey(attemptKey, 'capture')),
    cancel: ({ attemptKey, paymentId }) => change(paymentId, 'cancel', {}, providerKey(attemptKey, 'cancel')),
    async refund({ refundKey, paymentId, amountCents }) {
      const { status, body } = await call<{ id: string; amount: number }>('POST', '/v1/refunds', { payment_intent: paymentId, amount: amountCents }, refundKey);
      if (status !== 200) return refused(body);
      const refund = body as { id: string; amount: number };
      return { refundId: refund.id, amountCents: refund.amount };
    },
    async retrieve(paymentId) {
      const pi = await intent(paymentId);
      return { ...outcomeOf(pi), amountCents: pi.amount, currency: pi.currency.toUpperCase(), attemptKey: pi.metadata[ATTEMPT_METADATA] ?? '' };
    },
    parseWebhook(raw, headers) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || !verifySignature(webhookSecretFor(opts.apiKey), raw, header)) return null;
      try {
        return webhookEventOf(JSON.parse(raw.toString('utf8')) as EventShape);
      } catch {
        return 'ignored';
      }
    },
  };
}
