/**
 * A product as the Store area reads it: its live row and variants, its draft, and the answer the
 * editor gets (the draft, or the live product at version 0; live stock beside it). Also the seed's
 * workflow labels (000 §4), which the product list answers.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ProductAnswer } from '../../../../contracts/catalogue';
import type { Executor } from '../../../../db/client';
import { CONTENT_STATUSES } from '../../../../domain/website';
import type { Product } from '../../../../document/store';
import { storeApi } from '../../../../messages/store-api';
import { nameOf } from '../../accounts';
import { productDrafts, products, productVariants } from '../schema';
import { documentProduct } from '../store-document';
import { storeSettingsOf } from '../store-settings';

export type LiveProduct = typeof products.$inferSelect;
export type LiveVariant = typeof productVariants.$inferSelect;
export type DraftRow = typeof productDrafts.$inferSelect;

/** Seed 000 §4: PUBLISHED Available, SCHEDULED Scheduled, DRAFT Hidden, anything else Unsupported. */
export function statusLabel(status: number): string {
  if (status === CONTENT_STATUSES.PUBLISHED) return storeApi.statusAvailable;
  if (status === CONTENT_STATUSES.SCHEDULED) return storeApi.statusScheduled;
  if (status === CONTENT_STATUSES.DRAFT) return storeApi.statusHidden;
  return storeApi.statusUnsupported;
}

/** The live product row, locked for the transaction when `lock`. */
export async function liveProduct(tx: Executor, websiteId: string, productId: string, lock = false): Promise<LiveProduct | undefined> {
  const query = tx
    .select()
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function liveVariants(tx: Executor, websiteId: string, productId: string): Promise<LiveVariant[]> {
  return tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.websiteId, websiteId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position));
}

export async function productDraft(tx: Executor, websiteId: string, productId: string, lock = false): Promise<DraftRow | undefined> {
  const query = tx
    .select()
    .from(productDrafts)
    .where(and(eq(productDrafts.websiteId, websiteId), eq(productDrafts.parentId, productId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** What the editor is answered: the draft (or the live product at version 0), with live stock and the store's units. */
export async function productAnswerOf(tx: Executor, websiteId: string, productId: string): Promise<ProductAnswer | undefined> {
  const live = await liveProduct(tx, websiteId, productId);
  if (!live) return undefined;
  // One after another: inside a transaction the statements share one connection.
  const variants = await liveVariants(tx, websiteId, productId);
  const draft = await productDraft(tx, websiteId, productId);
  const settings = await storeSettingsOf(tx, websiteId);
  const product: Product = draft?.content ?? documentProduct(live, variants);
  const first = product.variants[0];
  return {
    product,
    version: draft?.version ?? 0,
    path: live.path,
    unpublishedChanges: draft ? draft.version > draft.publishedVersion : false,
    savedAt: draft ? draft.savedAt.toISOString() : null,
    savedBy: draft ? await nameOf(tx, draft.savedBy) : null,
    stock: Object.fromEntries(variants.map((v) => [v.id, { unlimited: v.unlimited, qtyInStock: v.qtyInStock }])),
    currency: settings.selectedCurrency,
    measurementStandard: settings.measurementStandard,
    ...(product.productType === 'DIGITAL' && first ? { priceCents: first.priceCents, salePriceCents: first.salePriceCents, onSale: first.onSale } : {}),
  };
}
