/** Whether a site's store has a product, whatever its status: what a product block placed on a page may name. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from './schema';

export async function storeHasProduct(db: Db, websiteId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, id)))
    .limit(1);
  return rows.length > 0;
}
