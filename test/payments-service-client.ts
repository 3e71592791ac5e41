/** A bare client of the test payment service, speaking its Stripe-shaped HTTP as any Stripe client would: for the service's own tests. */
import { randomBytes } from 'node:crypto';
import type { PaymentIntent, StripeError, StripeEvent } from '../src/server/test-payments/stripe-objects';

/** Whatever the service answered, as the tests read it: a payment, a refund, a list or an error. */
export type Body = Omit<PaymentIntent, 'object' | 'status'> & {
  object: string;
  status: string;
  payment_intent: string;
  error: StripeError & { payment_intent: PaymentIntent };
  data: StripeEvent[];
};
/** An answer: the Body above by default, or the object a call names (`post<WebhookEndpoint>(…)`). */
export type Reply<T = Body> = { status: number; headers: Headers; body: T };

/** A fresh secret key: an account of its own at the service. */
export const freshKey = () => `sk_test_${randomBytes(12).toString('hex')}`;

export function stripeClient(url: string, key = freshKey()) {
  const call = async <T = Body>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, string | number> = {},
    idempotencyKey?: string,
  ): Promise<Reply<T>> => {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${url}${path}${method !== 'POST' && body ? `?${body}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: method === 'POST' ? body : undefined,
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as T };
  };
  return {
    key,
    call,
    post: <T = Body>(path: string, params?: Record<string, string | number>, idempotencyKey?: string) => call<T>('POST', path, params, idempotencyKey),
    get: <T = Body>(path: string, params?: Record<string, string | number>) => call<T>('GET', path, params),
    delete: <T = Body>(path: string) => call<T>('DELETE', path),
    /** The account's events of one type, newest first. */
    events: async (type: string) => (await call('GET', '/v1/events', { type, limit: 100 })).body.data,
  };
}
