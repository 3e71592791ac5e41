/** The store's categories in their order, each with how many products name it. */
import { asc, eq, sql } from 'drizzle-orm';
import type { CategoryRow } from '../../../../contracts/catalogue';
import type { Executor } from '../../../../db/client';
import { productCategories } from '../schema';

/** Written out whole: inside a subquery drizzle would leave the outer table's columns unqualified. */
export const categoryProductCount = sql<number>`(SELECT count(*)::int FROM products p WHERE p.website_id = product_categories.website_id AND product_categories.id = ANY(p.categories))`;

export async function listCategories(db: Executor, websiteId: string): Promise<{ categories: CategoryRow[] }> {
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name, slug: productCategories.slug, productCount: categoryProductCount })
    .from(productCategories)
    .where(eq(productCategories.websiteId, websiteId))
    .orderBy(asc(productCategories.position));
  return { categories };
}
