/**
 * Importing a product CSV into one shop, all or nothing: the file is read, merged into the store
 * and checked by every document rule, then written in one transaction, or refused whole with each
 * refused row's number. The site is locked first, so two imports (or an import and a site import)
 * run one after the other. Only the file's products are written: the others, their stock
 * included, are not touched, so a sale meanwhile is kept. A product's unpublished draft is kept,
 * as a site import keeps it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import type { CatalogueStore as Store } from '../../../../document/store';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { productCategories, products, productVariants } from '../schema';
import { exportStore, fillSkus, productColumns, variantColumns } from '../store-document';
import { storeSettingsOf } from '../store-settings';
import { readProductCsv } from './formats';
import { checkedStore, mergeProducts, rowsOfDocumentErrors, type Merged } from './merge';
import type { RowMessage } from './model';

export type ImportOptions = {
  shopId: string;
  shopPath: string;
  csv: string;
  accountId: string | null;
  /** The `/s/…` address of the site's own public file an image address names, if it names one. */
  ownFile(url: string): string | undefined;
  /** The document-wide rules' refusals (by JSON path) for the site with `store` as its store. */
  checkStore(store: Store): readonly { path: string; message: string }[];
  now?: Date;
  newId?: () => string;
};

export type ImportOutcome = { ok: true; imported: number; updated: number; warnings: RowMessage[] } | { ok: false; errors: RowMessage[] };

class Refused extends Error {
  constructor(readonly errors: RowMessage[]) {
    super('refused');
  }
}

const byRow = (a: RowMessage, b: RowMessage) => a.row - b.row;

export async function importProductCsv(db: Db, websiteId: string, opts: ImportOptions): Promise<ImportOutcome> {
  const settings = await storeSettingsOf(db, websiteId);
  const read = readProductCsv(opts.csv, { currency: settings.selectedCurrency, measurementStandard: settings.measurementStandard });
  if (read.errors.length > 0) return { ok: false, errors: read.errors.sort(byRow) };
  try {
    return await db.transaction(async (tx) => {
      await lockSite(tx, websiteId);
      const merged = mergeProducts(await exportStore(tx, websiteId), read.products, {
        shopId: opts.shopId,
        ownFile: opts.ownFile,
        newId: opts.newId ?? (() => randomBytes(12).toString('hex')),
        now: opts.now ?? new Date(),
      });
      // The products the product rules refused are not in the merged store; the rest still meet the document's rules.
      const errors = [...merged.errors, ...rowsOfDocumentErrors(merged, opts.checkStore(checkedStore(merged)))];
      if (errors.length > 0) throw new Refused(errors.sort(byRow));
      await writeImported(tx, websiteId, merged, opts.shopPath);
      await logActivity(tx, websiteId, opts.accountId, 'store.products_imported', { format: read.format, created: merged.created, updated: merged.updated });
      await markSiteChanged(tx, websiteId);
      return { ok: true as const, imported: merged.created, updated: merged.updated, warnings: merged.warnings.sort(byRow) };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, errors: err.errors };
    throw err;
  }
}

async function writeImported(tx: Executor, websiteId: string, merged: Merged, shopPath: string) {
  const known = new Set(
    (await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.websiteId, websiteId))).map((c) => c.id),
  );
  const added = merged.store.categories.flatMap((c, position) => (known.has(c.id) ? [] : [{ websiteId, id: c.id, name: c.name, slug: c.slug, position }]));
  if (added.length > 0) await tx.insert(productCategories).values(added);
  const ids = [...merged.fromFile.keys()];
  // The file's variants may take SKUs other variants of the same products hold now: those are freed first.
  await tx
    .update(productVariants)
    .set({ sku: sql`'#' || ${productVariants.id}` })
    .where(and(eq(productVariants.websiteId, websiteId), inArray(productVariants.productId, ids)));
  const [{ last } = { last: null }] = await tx
    .select({ last: max(products.position) })
    .from(products)
    .where(eq(products.websiteId, websiteId));
  let position = (last ?? -1) + 1;
  const taken = new Set(merged.store.products.flatMap((p) => p.variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku]))));
  for (const { id, variants, ...p } of merged.store.products.filter((q) => merged.fromFile.has(q.id))) {
    const columns = productColumns(p, shopPath);
    await tx
      .insert(products)
      .values({ websiteId, id, ...columns, position: position++ })
      .onConflictDoUpdate({ target: [products.websiteId, products.id], set: columns });
    await tx.delete(productVariants).where(
      and(
        eq(productVariants.websiteId, websiteId),
        eq(productVariants.productId, id),
        notInArray(
          productVariants.id,
          variants.map((v) => v.id),
        ),
      ),
    );
    const skus = fillSkus(variants, taken);
    for (const [vi, v] of variants.entries()) {
      const row = { productId: id, position: vi, sku: skus[vi]!, ...variantColumns(v) };
      await tx
        .insert(productVariants)
        .values({ websiteId, id: v.id, ...row })
        .onConflictDoUpdate({ target: [productVariants.websiteId, productVariants.id], set: row });
    }
  }
}
