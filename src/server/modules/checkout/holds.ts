/**
 * Holds: the stock and coupon uses an attempt keeps from others between transaction A and its order
 * (./CONTEXT.md, steps 2 and 5). Each is one statement, run on the caller's transaction, so the race
 * tests can call them on their own. Stock: the variant rows locked in id order (no deadlock between
 * carts {A,B} and {B,A}), then one conditional update for all of them; quantities of one variant
 * count together whatever lines they came from. Coupons: one of a limited coupon's uses, taken
 * conditionally, and a once-per-customer coupon's `coupon_uses` row, which its primary key keeps single.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

export async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return (await ex.execute(query)).rows as T[];
}

export type HoldLine = { variantId: string; quantity: number };
export type StockHoldInput = { websiteId: string; attemptId: string; lines: readonly HoldLine[]; expiresAt: Date };
/** Short: the first variant (by id) that fell short, and how many of it are left. */
export type StockHoldOutcome = { taken: true } | { taken: false; variantId: string; left: number };
/** The stock half of transaction A: a naive read-then-write version, kept in the race test, shows why it is one statement. */
export type HoldStock = (tx: Executor, input: StockHoldInput) => Promise<StockHoldOutcome>;

type HoldRow = { variantId: string; known: boolean; unlimited: boolean; inStock: number | null; taken: boolean };

/** Takes the stock of every line, or none of it (the caller rolls back on a shortfall). */
export const takeStockHolds: HoldStock = async (tx, input) => {
  const lines = JSON.stringify(input.lines.map((l) => ({ variant_id: l.variantId, qty: l.quantity })));
  const found = await rowsOf<HoldRow>(
    tx,
    sql`
WITH wanted AS (
  SELECT w.variant_id, sum(w.qty)::int AS qty FROM jsonb_to_recordset(${lines}::jsonb) AS w(variant_id text, qty int) GROUP BY w.variant_id
),
locked AS (
  SELECT v.id, v.qty_in_stock FROM product_variants v
  WHERE v.website_id = ${input.websiteId} AND NOT v.unlimited AND v.id IN (SELECT variant_id FROM wanted)
  ORDER BY v.id FOR UPDATE
),
taken AS (
  UPDATE product_variants v SET qty_in_stock = v.qty_in_stock - w.qty
  FROM wanted w, locked l
  WHERE v.website_id = ${input.websiteId} AND v.id = w.variant_id AND l.id = v.id AND v.qty_in_stock >= w.qty
  RETURNING v.id, w.qty
),
held AS (
  INSERT INTO stock_holds (website_id, attempt_id, variant_id, quantity, expires_at)
  SELECT ${input.websiteId}, ${input.attemptId}, t.id, t.qty, ${input.expiresAt.toISOString()}::timestamptz FROM taken t
  RETURNING variant_id
)
SELECT w.variant_id AS "variantId", (v.id IS NOT NULL) AS known, coalesce(v.unlimited, false) AS unlimited,
  l.qty_in_stock AS "inStock", (t.id IS NOT NULL) AS taken
FROM wanted w
LEFT JOIN product_variants v ON v.website_id = ${input.websiteId} AND v.id = w.variant_id
LEFT JOIN locked l ON l.id = w.variant_id
LEFT JOIN taken t ON t.id = w.variant_id
ORDER BY w.variant_id`,
  );
  const short = found.find((r) => !r.known || (!r.unlimited && !r.taken));
  if (short) return { taken: false, variantId: short.variantId, left: Math.max(0, short.inStock ?? 0) };
  return { taken: true };
};

export type CouponHoldInput = {
  websiteId: string;
  attemptId: string;
  customerKey: string;
  coupons: readonly { couponId: string; code: string; limited: boolean; oncePerCustomer: boolean }[];
  expiresAt: Date;
};

/** Takes the coupons' uses; answers the code of the first that is used up, or undefined when all were taken. */
export async function takeCouponHolds(tx: Executor, input: CouponHoldInput): Promise<string | undefined> {
  const kept = input.coupons.filter((c) => c.limited || c.oncePerCustomer);
  if (kept.length === 0) return undefined;
  const wanted = JSON.stringify(kept.map((c) => ({ coupon_id: c.couponId, code: c.code, limited: c.limited, once: c.oncePerCustomer })));
  const found = await rowsOf<{ code: string; ok: boolean }>(
    tx,
    sql`
WITH wanted AS (SELECT * FROM jsonb_to_recordset(${wanted}::jsonb) AS w(coupon_id text, code text, limited boolean, once boolean)),
counted AS (
  UPDATE coupons c SET used_count = c.used_count + 1 FROM wanted w
  WHERE c.website_id = ${input.websiteId} AND c.id = w.coupon_id AND w.limited AND (c.usage_limit IS NULL OR c.used_count < c.usage_limit)
  RETURNING c.id
),
used AS (
  INSERT INTO coupon_uses (website_id, coupon_id, customer_key, attempt_id)
  SELECT ${input.websiteId}, w.coupon_id, ${input.customerKey}, ${input.attemptId} FROM wanted w WHERE w.once
  ON CONFLICT DO NOTHING RETURNING coupon_id
),
held AS (
  INSERT INTO coupon_holds (website_id, attempt_id, coupon_id, counted, expires_at)
  SELECT ${input.websiteId}, ${input.attemptId}, w.coupon_id, w.limited, ${input.expiresAt.toISOString()}::timestamptz FROM wanted w
  RETURNING coupon_id
)
SELECT w.code,
  ((NOT w.limited OR EXISTS (SELECT 1 FROM counted c WHERE c.id = w.coupon_id))
   AND (NOT w.once OR EXISTS (SELECT 1 FROM used u WHERE u.coupon_id = w.coupon_id))) AS ok
FROM wanted w ORDER BY w.coupon_id`,
  );
  return found.find((r) => !r.ok)?.code;
}

/**
 * Releases exactly the holds an attempt owns (a decline, an error, the sweep): its stock holds
 * deleted and their quantities added back, its coupon holds likewise (the count given back, its
 * `coupon_uses` rows deleted). One statement; releasing twice gives back nothing the second time.
 */
export async function releaseHolds(tx: Executor, websiteId: string, attemptId: string): Promise<void> {
  await tx.execute(sql`
WITH stock AS (DELETE FROM stock_holds WHERE website_id = ${websiteId} AND attempt_id = ${attemptId} RETURNING variant_id, quantity),
back AS (
  UPDATE product_variants v SET qty_in_stock = v.qty_in_stock + s.quantity FROM stock s
  WHERE v.website_id = ${websiteId} AND v.id = s.variant_id RETURNING v.id
),
freed AS (DELETE FROM coupon_holds WHERE website_id = ${websiteId} AND attempt_id = ${attemptId} RETURNING coupon_id, counted),
uncounted AS (
  UPDATE coupons c SET used_count = c.used_count - 1 FROM freed h
  WHERE c.website_id = ${websiteId} AND c.id = h.coupon_id AND h.counted AND c.used_count > 0 RETURNING c.id
),
unused AS (DELETE FROM coupon_uses u WHERE u.website_id = ${websiteId} AND u.attempt_id = ${attemptId} RETURNING u.coupon_id)
SELECT (SELECT count(*) FROM back) + (SELECT count(*) FROM uncounted) + (SELECT count(*) FROM unused) AS released`);
}

/** Turns an attempt's holds into sales (finalize, for an attempt whose holds were taken again): its hold rows deleted, the stock staying taken. */
export async function consumeHolds(tx: Executor, websiteId: string, attemptId: string): Promise<void> {
  await tx.execute(sql`
WITH stock AS (DELETE FROM stock_holds WHERE website_id = ${websiteId} AND attempt_id = ${attemptId} RETURNING 1)
DELETE FROM coupon_holds WHERE website_id = ${websiteId} AND attempt_id = ${attemptId}`);
}
