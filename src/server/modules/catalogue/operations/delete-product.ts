/** The owner deletes a product: its variants, draft, revisions and old addresses go with it (cascading keys). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { storeApi } from '../../../../messages/store-api';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { products } from '../schema';
import { notFound } from './refusal';

export async function deleteProduct(db: Db, websiteId: string, accountId: string, productId: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const [gone] = await tx
      .delete(products)
      .where(and(eq(products.websiteId, websiteId), eq(products.id, productId)))
      .returning({ name: products.name });
    if (!gone) throw notFound(storeApi.noProduct);
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'products.deleted', { productId, name: gone.name });
    return { ok: true as const };
  });
}
