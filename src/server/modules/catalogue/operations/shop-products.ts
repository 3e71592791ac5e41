/**
 * What a shop (a collection of the content module) holds of the catalogue: how many products each
 * lists, and its products following it to a new address (each leaves a 301 from where it was).
 * The content module calls these when it lists, creates or moves a shop.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { productPath } from '../../../../document/store';
import { productRedirects, products } from '../schema';

export async function productCountsByShop(db: Executor, websiteId: string): Promise<Map<string, number>> {
  const rows = await db.select({ shopId: products.shopId, n: count() }).from(products).where(eq(products.websiteId, websiteId)).groupBy(products.shopId);
  return new Map(rows.map((r) => [r.shopId, r.n]));
}

/** The shop's products move under `shopPath`; every old address answers a 301 to the new one. */
export async function moveShopProducts(tx: Executor, websiteId: string, shopId: string, shopPath: string): Promise<void> {
  const rows = await tx
    .select({ id: products.id, slug: products.slug, path: products.path })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.shopId, shopId)))
    .for('update');
  const moved = rows.map((r) => ({ ...r, to: productPath(shopPath, r.slug) })).filter((r) => r.to !== r.path);
  if (moved.length === 0) return;
  // Out of each other's way first (a shop moved onto a path one of its products had).
  await tx
    .update(products)
    .set({ path: sql`'#' || ${products.id}` })
    .where(
      and(
        eq(products.websiteId, websiteId),
        inArray(
          products.id,
          moved.map((r) => r.id),
        ),
      ),
    );
  for (const r of moved) {
    await tx
      .update(products)
      .set({ path: r.to })
      .where(and(eq(products.websiteId, websiteId), eq(products.id, r.id)));
    await tx.delete(productRedirects).where(and(eq(productRedirects.websiteId, websiteId), eq(productRedirects.fromPath, r.to)));
    await tx
      .insert(productRedirects)
      .values({ websiteId, fromPath: r.path, productId: r.id })
      .onConflictDoUpdate({ target: [productRedirects.websiteId, productRedirects.fromPath], set: { productId: r.id } });
  }
}
