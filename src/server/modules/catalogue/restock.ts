/**
 * Stock given back by a sale undone (an order cancelled): one statement adds each variant's
 * quantity back, variants not counted (`unlimited`) untouched, a variant deleted since skipped.
 * The caller makes sure it runs once per sale (a conditional change of the order in the same transaction).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

export type StockReturn = { variantId: string; quantity: number };

/** Adds the quantities back (two returns of one variant count together); answers how many variants changed. */
export async function restockVariants(tx: Executor, websiteId: string, returns: readonly StockReturn[]): Promise<number> {
  if (returns.length === 0) return 0;
  const changed = await tx.execute(sql`
    UPDATE product_variants v SET qty_in_stock = v.qty_in_stock + r.quantity
    FROM (SELECT id, sum(quantity)::int AS quantity FROM unnest(${sql.param(returns.map((r) => r.variantId))}::text[], ${sql.param(returns.map((r) => r.quantity))}::int[]) AS x(id, quantity) GROUP BY id) r
    WHERE v.website_id = ${websiteId} AND v.id = r.id AND NOT v.unlimited`);
  return changed.rowCount ?? 0;
}
