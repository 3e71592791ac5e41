/**
 * SKUs (seed 000 §9): at most 60 characters, unique in the store (the unique index
 * `product_variants_sku`), 'SQ' and 7 digits when the owner gives none. A generated SKU is drawn
 * again when another variant took it meanwhile, even one committed by a concurrent call: the
 * insert runs under a savepoint, and a unique violation of a generated SKU rolls back only that
 * insert and tries a new one. A SKU the owner typed is never changed: taken, it is refused on its
 * field. The generator is an option, so a test can make it repeat itself.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { generateSku } from '../../../../domain/commerce';
import { storeApi } from '../../../../messages/store-api';
import { productVariants } from '../schema';
import { invalid, uniqueViolation } from './refusal';

export type SkuGenerator = () => string;
export const SKU_INDEX = 'product_variants_sku';
/** Draws of a generated SKU before giving up: with 10^7 of them, more than a few collisions in a row means a broken generator. */
const MAX_DRAWS = 50;

export type NewVariantRow = Omit<typeof productVariants.$inferInsert, 'sku'> & { sku?: string };

const skuTaken = (index: number) => invalid(storeApi.invalidProduct, { [`variants.${index}.sku`]: storeApi.skuTaken });

/**
 * Writes one variant row (`write` is an insert or an update with the SKU given); `index` names its
 * field in a refusal. Answers the SKU it got.
 */
export async function withSku(
  tx: Executor,
  row: { sku?: string; index: number },
  write: (tx: Executor, sku: string) => Promise<unknown>,
  generate: SkuGenerator = generateSku,
): Promise<string> {
  for (let draw = 0; ; draw++) {
    const sku = row.sku ?? generate();
    try {
      await tx.transaction(async (savepoint) => {
        await write(savepoint, sku);
      });
      return sku;
    } catch (err) {
      if (!uniqueViolation(err, SKU_INDEX)) throw err;
      if (row.sku !== undefined) throw skuTaken(row.index);
      if (draw + 1 >= MAX_DRAWS) throw err;
    }
  }
}

/** Inserts a variant, its SKU generated when it has none. */
export async function insertVariant(tx: Executor, row: NewVariantRow, index: number, generate?: SkuGenerator): Promise<string> {
  const { sku, ...rest } = row;
  return withSku(tx, { ...(sku !== undefined ? { sku } : {}), index }, (t, s) => t.insert(productVariants).values({ ...rest, sku: s }), generate);
}

/** The SKUs of every other product's variants: what a draft's SKUs must not repeat. */
export async function otherProductsSkus(tx: Executor, websiteId: string, productId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.websiteId, websiteId), ne(productVariants.productId, productId)));
  return new Set(rows.map((r) => r.sku));
}

/**
 * A draft's SKUs checked and completed: a typed SKU another product has, or another variant of this
 * one, is refused on its field; a variant without one gets a generated SKU unlike all of them.
 */
export function draftSkus(
  variants: readonly { sku?: string }[],
  taken: Set<string>,
  generate: SkuGenerator = generateSku,
): { skus: string[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const own = new Set<string>();
  variants.forEach((v, i) => {
    if (v.sku === undefined) return;
    if (taken.has(v.sku)) errors[`variants.${i}.sku`] = storeApi.skuTaken;
    else if (own.has(v.sku)) errors[`variants.${i}.sku`] = storeApi.skuRepeated;
    own.add(v.sku);
  });
  const skus = variants.map((v) => {
    if (v.sku !== undefined) return v.sku;
    let sku = generate();
    for (let draw = 1; (taken.has(sku) || own.has(sku)) && draw < MAX_DRAWS; draw++) sku = generate();
    own.add(sku);
    return sku;
  });
  return { skus, errors };
}
