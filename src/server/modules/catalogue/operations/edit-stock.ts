/**
 * The owner changes a variant's stock: sets the count, adds to it or takes from it, or says whether
 * it is counted at all. `adjust` is one conditional statement (`SET qty = qty + n WHERE qty + n >= 0
 * RETURNING`), so a sale made meanwhile is kept and the count never goes below zero whatever runs
 * beside it; one that would is refused with the count as it is. Stock is never in a cached page
 * (the availability call reads it), so no page is dropped.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InventoryRow } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { format } from '../../../../messages/format';
import { storeApi } from '../../../../messages/store-api';
import { productVariants } from '../schema';
import { storeSettingsOf } from '../store-settings';
import { inventoryRow, inventoryRows } from './inventory';
import { invalid, notFound } from './refusal';

export type StockChange = { set?: number; adjust?: number; unlimited?: boolean };

export async function editStock(db: Db, websiteId: string, variantId: string, change: StockChange): Promise<InventoryRow> {
  if (change.set === undefined && change.adjust === undefined && change.unlimited === undefined) throw invalid(storeApi.stockNothingAsked, {});
  return db.transaction(async (tx) => {
    const ofSite = and(eq(productVariants.websiteId, websiteId), eq(productVariants.id, variantId));
    const qty =
      change.set !== undefined
        ? sql`${change.set}`
        : change.adjust !== undefined
          ? sql`${productVariants.qtyInStock} + ${change.adjust}`
          : productVariants.qtyInStock;
    const changed = await tx
      .update(productVariants)
      .set({ qtyInStock: qty, ...(change.unlimited !== undefined ? { unlimited: change.unlimited } : {}) })
      .where(change.adjust !== undefined ? and(ofSite, sql`${productVariants.qtyInStock} + ${change.adjust} >= 0`) : ofSite)
      .returning({ id: productVariants.id });
    if (changed.length === 0) {
      const [found] = await tx.select({ sku: productVariants.sku, qty: productVariants.qtyInStock }).from(productVariants).where(ofSite);
      if (!found) throw notFound(storeApi.noVariant);
      const error = format(storeApi.stockBelowZero, { sku: found.sku, qty: found.qty });
      throw invalid(error, { adjust: error });
    }
    const { lowStockThreshold } = await storeSettingsOf(tx, websiteId);
    const [row] = await inventoryRows(tx, websiteId, [eq(productVariants.id, variantId)], []);
    return inventoryRow(row!, lowStockThreshold);
  });
}
