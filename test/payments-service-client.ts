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
export type Reply = { status: number; headers: Headers; body: Body };

/** A fresh secret key: an account of its own at the service. */
export const freshKey = () => `sk_test_${randomBytes(12).toString('hex')}`;

export function stripeClient(url: string, key = freshKey()) {
  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}, idempotencyKey?: string): Promise<Reply> => {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${url}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: method === 'POST' ? body : undefined,
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };
  return {
    key,
    call,
    post: (path: string, params?: Record<string, string | number>, idempotencyKey?: string) => call('POST', path, params, idempotencyKey),
    get: (path: string, params?: Record<string, string | number>) => call('GET', path, params),
    /** The account's events of one type, newest first. */
    events: async (type: string) => (await call('GET', '/v1/events', { type, limit: 100 })).body.data,
  };
}
