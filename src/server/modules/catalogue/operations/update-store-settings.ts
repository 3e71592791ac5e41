/**
 * The owner changes the store settings. A new measurement standard converts every weight and size
 * the store holds (live variants and drafts) into its units, in the same transaction: a product
 * never shows kilograms as pounds. What visitors see changes (prices in another currency), so the
 * site is marked changed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../../db/client';
import { MEASUREMENT_STANDARDS } from '../../../../domain/commerce';
import type { Product, StoreSettings } from '../../../../document/store';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { productDrafts, productVariants } from '../schema';
import { storeSettingsOf } from '../store-settings';
import { writeStoreSettings } from '../store-document';
import { readStoreSettings, type StoreSettingsAnswer } from './read-store-settings';

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

/** Weights to 3 decimals, sizes to 2: what a shop shows, without a conversion's long tail. */
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function factors(to: number) {
  return to === MEASUREMENT_STANDARDS.METRIC ? { weight: KG_PER_LB, size: CM_PER_IN } : { weight: 1 / KG_PER_LB, size: 1 / CM_PER_IN };
}

/** A draft's variants in the other standard's units. */
export function convertProduct(product: Product, to: number): Product {
  const f = factors(to);
  return {
    ...product,
    variants: product.variants.map((v) => ({
      ...v,
      ...(v.weight !== undefined ? { weight: round(v.weight * f.weight, 3) } : {}),
      ...(v.dimensions
        ? {
            dimensions: {
              length: round(v.dimensions.length * f.size, 2),
              width: round(v.dimensions.width * f.size, 2),
              height: round(v.dimensions.height * f.size, 2),
            },
          }
        : {}),
    })),
  };
}

async function convertMeasures(tx: Executor, websiteId: string, to: number): Promise<void> {
  const f = factors(to);
  const size = (column: AnyPgColumn) => sql`round((${column} * ${f.size})::numeric, 2)::real`;
  await tx
    .update(productVariants)
    .set({
      weight: sql`round((${productVariants.weight} * ${f.weight})::numeric, 3)::real`,
      length: size(productVariants.length),
      width: size(productVariants.width),
      height: size(productVariants.height),
    })
    .where(eq(productVariants.websiteId, websiteId));
  const drafts = await tx
    .select({ id: productDrafts.parentId, product: productDrafts.content })
    .from(productDrafts)
    .where(eq(productDrafts.websiteId, websiteId))
    .for('update');
  for (const d of drafts) {
    await tx
      .update(productDrafts)
      .set({ content: convertProduct(d.product, to) })
      .where(and(eq(productDrafts.websiteId, websiteId), eq(productDrafts.parentId, d.id)));
  }
}

export async function updateStoreSettings(db: Db, websiteId: string, accountId: string, settings: StoreSettings): Promise<StoreSettingsAnswer> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const before = await storeSettingsOf(tx, websiteId);
    if (before.measurementStandard !== settings.measurementStandard) await convertMeasures(tx, websiteId, settings.measurementStandard);
    await writeStoreSettings(tx, websiteId, settings);
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'store.settings_updated', { currency: settings.selectedCurrency });
    return readStoreSettings(tx, websiteId);
  });
}
