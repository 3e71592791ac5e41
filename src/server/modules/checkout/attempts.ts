/**
 * Checkout attempts' rows: made (or a failed one taken up again) in transaction A, found by key,
 * locked by `finalize`, and moved along the states of ./CONTEXT.md. A state change names the states
 * it may leave, so a late or repeated one changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { AttemptState, PaymentProviderId } from '../../../domain/checkout/protocol';
import type { CheckoutAddress, PaymentChoice } from '../../../contracts/checkout';
import { rowsOf } from './holds';
import type { AttemptSnapshot } from './schema';

export type Attempt = {
  websiteId: string;
  id: string;
  key: string;
  cartId: string;
  siteUserId: string | null;
  email: string;
  customerKey: string;
  state: AttemptState;
  payment: PaymentChoice;
  shippingAddress: CheckoutAddress | null;
  snapshot: AttemptSnapshot;
  amountCents: number;
  currency: string;
  provider: PaymentProviderId;
  providerPaymentId: string | null;
  orderId: string | null;
  failure: string | null;
};

const COLUMNS = sql.raw(`website_id AS "websiteId", id, key, cart_id AS "cartId", site_user_id AS "siteUserId", email,
  customer_key AS "customerKey", state, payment, shipping_address AS "shippingAddress", snapshot, amount_cents AS "amountCents",
  currency, provider, provider_payment_id AS "providerPaymentId", order_id AS "orderId", failure`);

/**
 * The key the provider knows the attempt by: its own key on the first round, and a round's mark
 * after (a failed attempt placed again pays afresh; the provider would replay the first round's decline).
 */
export function providerAttemptKey(attempt: Pick<Attempt, 'key' | 'snapshot'>): string {
  const round = attempt.snapshot.round ?? 1;
  return round > 1 ? `${attempt.key}-r${round}` : attempt.key;
}

export type NewAttempt = Omit<Attempt, 'id' | 'state' | 'providerPaymentId' | 'orderId' | 'failure'>;

/**
 * Transaction A's first statement: the attempt made `held`, or a `failed` one with this key taken
 * up again as a new round. Undefined when the key names an attempt in any other state (the
 * caller rolls back and carries on with it); otherwise the row is locked until the commit.
 */
export async function holdAttempt(tx: Executor, a: NewAttempt): Promise<Attempt | undefined> {
  const [row] = await rowsOf<Attempt>(
    tx,
    sql`
INSERT INTO checkout_attempts (website_id, id, key, cart_id, site_user_id, email, customer_key, state, payment, shipping_address,
  snapshot, amount_cents, currency, provider)
VALUES (${a.websiteId}, ${randomBytes(12).toString('hex')}, ${a.key}, ${a.cartId}, ${a.siteUserId}, ${a.email}, ${a.customerKey}, 'held',
  ${JSON.stringify(a.payment)}::jsonb, ${a.shippingAddress === null ? null : JSON.stringify(a.shippingAddress)}::jsonb,
  ${JSON.stringify(a.snapshot)}::jsonb, ${a.amountCents}, ${a.currency}, ${a.provider})
ON CONFLICT (website_id, key) DO UPDATE SET
  cart_id = excluded.cart_id, site_user_id = excluded.site_user_id, email = excluded.email, customer_key = excluded.customer_key,
  state = 'held', payment = excluded.payment, shipping_address = excluded.shipping_address,
  snapshot = excluded.snapshot || jsonb_build_object('round', coalesce((checkout_attempts.snapshot->>'round')::int, 1) + 1),
  amount_cents = excluded.amount_cents, currency = excluded.currency, provider = excluded.provider,
  provider_payment_id = NULL, failure = NULL, updated_at = now()
WHERE checkout_attempts.state = 'failed'
RETURNING ${COLUMNS}`,
  );
  return row;
}

export async function attemptByKey(ex: Executor, websiteId: string, key: string): Promise<Attempt | undefined> {
  const [row] = await rowsOf<Attempt>(ex, sql`SELECT ${COLUMNS} FROM checkout_attempts WHERE website_id = ${websiteId} AND key = ${key}`);
  return row;
}

/**
 * The attempt a provider knows by `providerKey` (its own key, or `{key}-r{round}` for a later
 * round), when that is the attempt's current round; undefined for a round it has left behind.
 */
export async function attemptByProviderKey(ex: Executor, websiteId: string, providerKey: string): Promise<Attempt | undefined> {
  const round = /^(.+)-r\d+$/.exec(providerKey);
  const keys = round ? [providerKey, round[1]!] : [providerKey];
  const rows = await rowsOf<Attempt>(
    ex,
    sql`SELECT ${COLUMNS} FROM checkout_attempts WHERE website_id = ${websiteId} AND key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return rows.find((a) => providerAttemptKey(a) === providerKey);
}

/**
 * Transaction B's first statement: the attempt locked and, unless it has its order already (from
 * any other state, `placed` excepted), marked placed under `orderId` with its holds turned into
 * sales (as `consumeHolds` does). Answers the attempt as it stood before: a finalize that waited on
 * the lock finds the order the one before it made, and changes nothing.
 */
export async function placeAttempt(tx: Executor, websiteId: string, id: string, orderId: string): Promise<Attempt | undefined> {
  const [row] = await rowsOf<Attempt>(
    tx,
    sql`
WITH a AS (SELECT ${COLUMNS} FROM checkout_attempts WHERE website_id = ${websiteId} AND id = ${id} FOR UPDATE),
placed AS (
  UPDATE checkout_attempts c SET state = 'placed', order_id = ${orderId}, updated_at = now()
  FROM a WHERE c.website_id = ${websiteId} AND c.id = ${id} AND a."orderId" IS NULL AND a.state <> 'placed'
  RETURNING c.id
),
stock AS (DELETE FROM stock_holds WHERE website_id = ${websiteId} AND attempt_id = ${id} AND EXISTS (SELECT 1 FROM placed) RETURNING 1),
coupons AS (DELETE FROM coupon_holds WHERE website_id = ${websiteId} AND attempt_id = ${id} AND EXISTS (SELECT 1 FROM placed) RETURNING 1)
SELECT a.* FROM a`,
  );
  return row;
}

/** Moves an attempt on from one of the states `from`; false when it stood elsewhere (someone else moved it first). */
export async function moveAttempt(
  ex: Executor,
  a: Pick<Attempt, 'websiteId' | 'id'>,
  from: readonly AttemptState[],
  to: { state: AttemptState; providerPaymentId?: string; orderId?: string; failure?: string },
): Promise<boolean> {
  const { rowCount } = await ex.execute(sql`
UPDATE checkout_attempts SET state = ${to.state}, updated_at = now(),
  provider_payment_id = coalesce(${to.providerPaymentId ?? null}, provider_payment_id),
  order_id = coalesce(${to.orderId ?? null}, order_id),
  failure = coalesce(${to.failure ?? null}, failure)
WHERE website_id = ${a.websiteId} AND id = ${a.id} AND state IN (${sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  )})`);
  return (rowCount ?? 0) > 0;
}

/** Open attempts with a hold past its expiry (the sweep's work), oldest first. */
export async function expiredAttempts(ex: Executor, now: Date, limit: number): Promise<Attempt[]> {
  const at = now.toISOString();
  return rowsOf<Attempt>(
    ex,
    sql`
SELECT ${COLUMNS} FROM checkout_attempts a
WHERE a.state IN ('held', 'authorizing', 'requires_action')
  AND (EXISTS (SELECT 1 FROM stock_holds h WHERE h.website_id = a.website_id AND h.attempt_id = a.id AND h.expires_at < ${at}::timestamptz)
    OR EXISTS (SELECT 1 FROM coupon_holds h WHERE h.website_id = a.website_id AND h.attempt_id = a.id AND h.expires_at < ${at}::timestamptz))
ORDER BY a.updated_at LIMIT ${limit}`,
  );
}

/** Attempts `held` or `authorizing` and unchanged since `before` (the reconcile sweep's work), oldest first. */
export async function staleAttempts(ex: Executor, before: Date, limit: number): Promise<Attempt[]> {
  return rowsOf<Attempt>(
    ex,
    sql`
SELECT ${COLUMNS} FROM checkout_attempts
WHERE state IN ('held', 'authorizing') AND updated_at < ${before.toISOString()}::timestamptz
ORDER BY updated_at LIMIT ${limit}`,
  );
}
