/**
 * How much the coupons a cart names have been used: by every order (the coupon's count) and by this
 * customer (`coupon_uses`), in one statement. Only checkout takes a use (the next issue's placement
 * protocol); a cart only shows whether a coupon would still apply.
 */
import type pg from 'pg';
import type { CouponUsage } from '../../../domain/pricing/types';

const USAGE_SQL = `
SELECT c.id, c.used_count AS "usedCount",
  ($3::text IS NOT NULL AND EXISTS (SELECT 1 FROM coupon_uses u WHERE u.website_id = c.website_id AND u.coupon_id = c.id AND u.customer_key = $3)) AS "usedByCustomer"
FROM coupons c WHERE c.website_id = $1 AND lower(c.code) = ANY($2::text[])`;

/** Usage of the coupons with these codes, by coupon id. `customerKey`: `account:{id}` or `email:{address}`, when known. */
export async function couponUsage(
  pool: pg.Pool,
  websiteId: string,
  codes: readonly string[],
  customerKey: string | undefined,
): Promise<Record<string, CouponUsage>> {
  if (codes.length === 0) return {};
  const { rows } = await pool.query<{ id: string } & CouponUsage>({
    name: 'openpress_coupon_usage',
    text: USAGE_SQL,
    values: [websiteId, codes.map((c) => c.toLowerCase()), customerKey ?? null],
  });
  return Object.fromEntries(rows.map((r) => [r.id, { usedCount: r.usedCount, usedByCustomer: r.usedByCustomer }]));
}
