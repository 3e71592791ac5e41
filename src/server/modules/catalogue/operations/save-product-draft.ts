/**
 * The product editor saves its draft (versioned content, as pages and posts are: a save names the
 * draft version it was based on and makes the next; a retry of the same change id is answered as
 * it was; a save over a newer draft is a conflict answered with the draft as it is now). The
 * draft is checked whole (./product-checks.ts) and kept with every variant's SKU; visitors see
 * nothing of it until it is published.
 */
import { and, eq } from 'drizzle-orm';
import type { ProductAnswer } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { storeApi } from '../../../../messages/store-api';
import { productDrafts } from '../schema';
import { checkProduct } from './product-checks';
import { liveProduct, productAnswerOf, productDraft } from './product-rows';
import { StoreRefusal, notFound, type ShopDirectory } from './refusal';
import type { SkuGenerator } from './skus';

/** Applied saves remembered per draft: more than a browser has in flight or retries after a reconnect. */
const KEPT_CHANGES = 50;

export type DraftSave = { version: number; changeId: string; product: unknown };

export async function saveProductDraft(
  db: Db,
  at: { websiteId: string; productId: string; accountId: string },
  save: DraftSave,
  opts: { directory: ShopDirectory; generateSku?: SkuGenerator },
): Promise<ProductAnswer> {
  const { websiteId, productId, accountId } = at;
  return db.transaction(async (tx) => {
    const live = await liveProduct(tx, websiteId, productId, true);
    if (!live) throw notFound(storeApi.noProduct);
    const draft = await productDraft(tx, websiteId, productId, true);
    if (draft?.recentChanges.some((c) => c.changeId === save.changeId)) return (await productAnswerOf(tx, websiteId, productId))!;
    if ((draft?.version ?? 0) !== save.version) {
      throw new StoreRefusal(409, storeApi.draftChangedElsewhere, undefined, await productAnswerOf(tx, websiteId, productId));
    }
    const { product } = await checkProduct(tx, { websiteId, productId, liveShopId: live.shopId }, save.product, opts.directory, opts.generateSku);
    const version = (draft?.version ?? 0) + 1;
    const savedAt = new Date();
    const recentChanges = [...(draft?.recentChanges ?? []), { changeId: save.changeId, version, savedAt: savedAt.toISOString() }].slice(-KEPT_CHANGES);
    const row = { content: product, version, savedAt, savedBy: accountId, recentChanges };
    if (draft) {
      await tx
        .update(productDrafts)
        .set(row)
        .where(and(eq(productDrafts.websiteId, websiteId), eq(productDrafts.parentId, productId)));
    } else {
      await tx.insert(productDrafts).values({ websiteId, parentId: productId, publishedVersion: 0, ...row });
    }
    return (await productAnswerOf(tx, websiteId, productId))!;
  });
}
