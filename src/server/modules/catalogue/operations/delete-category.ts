/** The owner deletes a category: every product and every draft that named it loses it, in the same transaction. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { storeApi } from '../../../../messages/store-api';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { productCategories, productDrafts, products } from '../schema';
import { notFound } from './refusal';

export async function deleteCategory(db: Db, websiteId: string, accountId: string, categoryId: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const [gone] = await tx
      .delete(productCategories)
      .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.id, categoryId)))
      .returning({ name: productCategories.name });
    if (!gone) throw notFound(storeApi.noCategory);
    await tx
      .update(products)
      .set({ categories: sql`array_remove(${products.categories}, ${categoryId})` })
      .where(and(eq(products.websiteId, websiteId), sql`${categoryId} = ANY(${products.categories})`));
    await tx
      .update(productDrafts)
      .set({ content: sql`jsonb_set(${productDrafts.content}, '{categories}', (${productDrafts.content} -> 'categories') - ${categoryId}::text)` })
      .where(and(eq(productDrafts.websiteId, websiteId), sql`${productDrafts.content} -> 'categories' ? ${categoryId}::text`));
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, accountId, 'categories.deleted', { categoryId, name: gone.name });
    return { ok: true as const };
  });
}
