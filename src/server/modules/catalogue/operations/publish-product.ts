/**
 * The owner publishes a product's draft: in one transaction the live product row and its variant
 * rows become the draft's (status and availability included) and the draft is kept as the next
 * revision. Variants that exist keep their live stock (sales may have moved it: stock is the
 * Inventory call's); new ones start with the draft's counts; variants the draft dropped go. A new
 * address leaves a 301 from the old one (`product_redirects`, read by the published catalogue). A
 * SCHEDULED product queues the job that shows it at its time (../jobs.ts). The site is marked
 * changed, so cached pages and catalogues are dropped on every app server.
 */
import { and, eq, max, notInArray, sql } from 'drizzle-orm';
import type { ProductAnswer } from '../../../../contracts/catalogue';
import type { Db, Executor } from '../../../../db/client';
import { CONTENT_STATUSES } from '../../../../domain/website';
import type { Variant } from '../../../../document/store';
import { storeApi } from '../../../../messages/store-api';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { scheduleProductAvailability } from '../jobs';
import { productDrafts, productRedirects, productRevisions, products, productVariants } from '../schema';
import { documentProduct, productColumns, variantColumns } from '../store-document';
import { checkProduct } from './product-checks';
import { liveProduct, liveVariants, productAnswerOf, productDraft, type LiveVariant } from './product-rows';
import { notFound, StoreRefusal, type ShopDirectory } from './refusal';
import { insertVariant, withSku, type SkuGenerator } from './skus';

type At = { websiteId: string; productId: string; accountId: string };

async function writeVariants(tx: Executor, at: At, variants: readonly Variant[], live: readonly LiveVariant[], generate?: SkuGenerator): Promise<void> {
  const { websiteId, productId } = at;
  const ofProduct = and(eq(productVariants.websiteId, websiteId), eq(productVariants.productId, productId));
  await tx.delete(productVariants).where(
    and(
      ofProduct,
      notInArray(
        productVariants.id,
        variants.map((v) => v.id),
      ),
    ),
  );
  // Out of each other's way: variants of the product may swap SKUs in one publish.
  await tx
    .update(productVariants)
    .set({ sku: sql`'#' || ${productVariants.id}` })
    .where(ofProduct);
  const kept = new Set(live.map((v) => v.id));
  for (const [position, v] of variants.entries()) {
    const { unlimited, qtyInStock, ...shown } = variantColumns(v);
    if (kept.has(v.id)) {
      await withSku(tx, { sku: v.sku!, index: position }, (t, sku) =>
        t
          .update(productVariants)
          .set({ ...shown, sku, position })
          .where(and(ofProduct, eq(productVariants.id, v.id))),
      );
    } else {
      await insertVariant(
        tx,
        { websiteId, id: v.id, productId, position, ...shown, unlimited, qtyInStock, ...(v.sku ? { sku: v.sku } : {}) },
        position,
        generate,
      );
    }
  }
}

/** The old address answers a 301 to the new one; the new one is no redirect any more. */
async function redirectMove(tx: Executor, at: At, from: string, to: string): Promise<void> {
  const { websiteId, productId } = at;
  await tx.delete(productRedirects).where(and(eq(productRedirects.websiteId, websiteId), eq(productRedirects.fromPath, to)));
  await tx
    .insert(productRedirects)
    .values({ websiteId, fromPath: from, productId })
    .onConflictDoUpdate({ target: [productRedirects.websiteId, productRedirects.fromPath], set: { productId } });
}

export async function publishProduct(db: Db, at: At, version: number, opts: { directory: ShopDirectory; generateSku?: SkuGenerator }): Promise<ProductAnswer> {
  const { websiteId, productId, accountId } = at;
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const live = await liveProduct(tx, websiteId, productId, true);
    if (!live) throw notFound(storeApi.noProduct);
    const draft = await productDraft(tx, websiteId, productId, true);
    if ((draft?.version ?? 0) !== version) {
      throw new StoreRefusal(409, storeApi.draftChangedElsewhere, undefined, await productAnswerOf(tx, websiteId, productId));
    }
    const [latest] = await tx
      .select({ revision: max(productRevisions.revision) })
      .from(productRevisions)
      .where(and(eq(productRevisions.websiteId, websiteId), eq(productRevisions.parentId, productId)));
    const published = latest?.revision ?? null;
    // Nothing unpublished: a retried publish makes no revision.
    if (published !== null && (!draft || draft.version === draft.publishedVersion)) return (await productAnswerOf(tx, websiteId, productId))!;
    const variants = await liveVariants(tx, websiteId, productId);
    const content = draft?.content ?? documentProduct(live, variants);
    const { product, path, shopPath } = await checkProduct(tx, { websiteId, productId, liveShopId: live.shopId }, content, opts.directory, opts.generateSku);
    await tx
      .update(products)
      .set({ ...productColumns(product, shopPath), path })
      .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)));
    await writeVariants(tx, at, product.variants, variants, opts.generateSku);
    if (published !== null && live.path !== path) await redirectMove(tx, at, live.path, path);
    const revision = (published ?? 0) + 1;
    await tx.insert(productRevisions).values({ websiteId, parentId: productId, revision, content: product, publishedAt: new Date(), publishedBy: accountId });
    if (draft) {
      await tx
        .update(productDrafts)
        .set({ content: product, publishedVersion: draft.version })
        .where(and(eq(productDrafts.websiteId, websiteId), eq(productDrafts.parentId, productId)));
    }
    const availableAt = product.availableAt ? new Date(product.availableAt) : undefined;
    if (product.status === CONTENT_STATUSES.SCHEDULED && availableAt && availableAt.getTime() > Date.now()) {
      await scheduleProductAvailability(tx, websiteId, productId, availableAt);
    }
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'products.published', { productId, revision });
    return (await productAnswerOf(tx, websiteId, productId))!;
  });
}
