/**
 * The Inventory screen: every variant's stock as it is live, searched by product name or SKU, and
 * the low-stock view (counted variants at or below the store's threshold, sold out included,
 * fewest first). The rows are what ./edit-stock.ts answers too.
 */
import { and, asc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { InventoryRow } from '../../../../contracts/catalogue';
import type { Executor } from '../../../../db/client';
import { stockState } from '../../../../domain/commerce';
import { products, productVariants } from '../schema';
import { storeSettingsOf } from '../store-settings';

export type InventoryFilters = { q?: string; low?: boolean };

const columns = {
  productId: products.id,
  productName: products.name,
  variantId: productVariants.id,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  unlimited: productVariants.unlimited,
  qtyInStock: productVariants.qtyInStock,
};

type Row = {
  productId: string;
  productName: string;
  variantId: string;
  sku: string;
  optionValues: { value: string }[];
  unlimited: boolean;
  qtyInStock: number;
};

export function inventoryRow(r: Row, threshold: number): InventoryRow {
  const { optionValues, ...rest } = r;
  return { ...rest, options: optionValues.map((o) => o.value).join(' / '), state: stockState(r, threshold).state };
}

export async function inventoryRows(tx: Executor, websiteId: string, where: SQL[], order: SQL[]): Promise<Row[]> {
  return tx
    .select(columns)
    .from(productVariants)
    .innerJoin(products, and(eq(products.websiteId, productVariants.websiteId), eq(products.id, productVariants.productId)))
    .where(and(eq(productVariants.websiteId, websiteId), ...where))
    .orderBy(...order);
}

export async function listInventory(db: Executor, websiteId: string, filters: InventoryFilters): Promise<{ lowStockThreshold: number; rows: InventoryRow[] }> {
  const { lowStockThreshold } = await storeSettingsOf(db, websiteId);
  const where: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(or(ilike(products.name, pattern), ilike(productVariants.sku, pattern))!);
  }
  if (filters.low) where.push(eq(productVariants.unlimited, false), lte(productVariants.qtyInStock, lowStockThreshold));
  const order = filters.low
    ? [asc(productVariants.qtyInStock), asc(products.position), asc(productVariants.position)]
    : [asc(products.position), asc(productVariants.position)];
  const rows = await inventoryRows(db, websiteId, where, order);
  return { lowStockThreshold, rows: rows.map((r) => inventoryRow(r, lowStockThreshold)) };
}
