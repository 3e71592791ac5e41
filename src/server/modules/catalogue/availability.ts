/**
 * What the variant picker asks, uncached, for one product: each variant's stock state ("Only 3
 * left", sold out), in one statement. Only a product visitors may see is answered; its variants
 * come in the product's order. The cached product page never says any of this.
 */
import type pg from 'pg';
import { DEFAULT_LOW_STOCK_THRESHOLD, stockState, type StockState } from '../../../domain/commerce';
import { CONTENT_STATUSES } from '../../../domain/website';

export type VariantAvailability = { id: string } & StockState;

const AVAILABILITY_SQL = `
SELECT v.id, v.unlimited, v.qty_in_stock AS "qtyInStock", coalesce(s.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}) AS threshold
FROM products p
JOIN product_variants v ON v.website_id = p.website_id AND v.product_id = p.id
LEFT JOIN stores s ON s.website_id = p.website_id
WHERE p.website_id = $1 AND p.id = $2
  AND (p.status = ${CONTENT_STATUSES.PUBLISHED} OR (p.status = ${CONTENT_STATUSES.SCHEDULED} AND p.available_at <= now()))
ORDER BY v.position`;

/** The product's variants' stock states, or undefined when visitors cannot see such a product. */
export async function productAvailability(pool: pg.Pool, websiteId: string, productId: string): Promise<VariantAvailability[] | undefined> {
  const { rows } = await pool.query<{ id: string; unlimited: boolean; qtyInStock: number; threshold: number }>({
    name: 'openpress_product_availability',
    text: AVAILABILITY_SQL,
    values: [websiteId, productId],
  });
  if (rows.length === 0) return undefined;
  return rows.map((r) => ({ id: r.id, ...stockState(r, r.threshold) }));
}

const VARIANTS_AVAILABILITY_SQL = `
SELECT v.id, v.unlimited, v.qty_in_stock AS "qtyInStock", coalesce(s.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}) AS threshold
FROM product_variants v
LEFT JOIN stores s ON s.website_id = v.website_id
WHERE v.website_id = $1 AND v.id = ANY($2::text[])`;

/**
 * Stock states of any variants of the site, in one statement, for a cart's lines (advisory: only
 * checkout takes stock). A variant that no longer exists is left out; whether its product may be
 * seen is the published catalogue's to say.
 */
export async function variantsAvailability(pool: pg.Pool, websiteId: string, variantIds: readonly string[]): Promise<Map<string, StockState>> {
  if (variantIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; unlimited: boolean; qtyInStock: number; threshold: number }>({
    name: 'openpress_variants_availability',
    text: VARIANTS_AVAILABILITY_SQL,
    values: [websiteId, [...variantIds]],
  });
  return new Map(rows.map((r) => [r.id, stockState(r, r.threshold)]));
}
