/**
 * The Products screen's list: every product of the store in the owner's order, as it is live, with
 * its workflow label (seed 000 §4), price range, stock and whether its draft holds unpublished
 * changes; searched by name, SKU or tag (`q`) and filtered by status, category, type and shop.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductListRow } from '../../../../contracts/catalogue';
import type { Executor } from '../../../../db/client';
import { PRODUCT_TYPES, type ProductType } from '../../../../domain/commerce';
import { productDrafts, products } from '../schema';
import { productTypeNumber, productTypeOf } from '../store-document';
import { storeSettingsOf } from '../store-settings';
import { statusLabel } from './product-rows';

export type ProductFilters = { q?: string; status?: number; category?: string; type?: ProductType; shop?: string };

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The variants' figures, one row a product (the outer columns written out: drizzle leaves them unqualified in a subquery). */
const figures = sql<{ min: number | null; max: number | null; onSale: boolean | null; n: number; stock: number | null }>`(
  SELECT json_build_object(
    'min', min(CASE WHEN v.on_sale THEN v.sale_price_cents ELSE v.price_cents END),
    'max', max(CASE WHEN v.on_sale THEN v.sale_price_cents ELSE v.price_cents END),
    'onSale', bool_or(v.on_sale),
    'n', count(*),
    'stock', sum(v.qty_in_stock) FILTER (WHERE NOT v.unlimited))
  FROM product_variants v WHERE v.website_id = products.website_id AND v.product_id = products.id)`;

function conditions(websiteId: string, f: ProductFilters): SQL[] {
  const where: SQL[] = [eq(products.websiteId, websiteId)];
  const q = f.q?.trim();
  if (q) {
    where.push(sql`(${products.name} ILIKE ${like(q)}
      OR EXISTS (SELECT 1 FROM unnest(${products.tags}) t WHERE t ILIKE ${like(q)})
      OR EXISTS (SELECT 1 FROM product_variants v WHERE v.website_id = products.website_id AND v.product_id = products.id AND v.sku ILIKE ${like(q)}))`);
  }
  if (f.status !== undefined) where.push(eq(products.status, f.status));
  if (f.category) where.push(sql`${f.category} = ANY(${products.categories})`);
  if (f.type && (PRODUCT_TYPES as readonly string[]).includes(f.type)) where.push(eq(products.productType, productTypeNumber(f.type)));
  if (f.shop) where.push(eq(products.shopId, f.shop));
  return where;
}

export async function listProducts(db: Executor, websiteId: string, filters: ProductFilters): Promise<{ currency: string; products: ProductListRow[] }> {
  const [settings, rows] = await Promise.all([
    storeSettingsOf(db, websiteId),
    db
      .select({
        p: products,
        figures,
        unpublished: sql<boolean>`coalesce(${productDrafts.version} > ${productDrafts.publishedVersion}, false)`,
      })
      .from(products)
      .leftJoin(productDrafts, and(eq(productDrafts.websiteId, products.websiteId), eq(productDrafts.parentId, products.id)))
      .where(and(...conditions(websiteId, filters)))
      .orderBy(asc(products.position)),
  ]);
  return {
    currency: settings.selectedCurrency,
    products: rows.map(({ p, figures: f, unpublished }) => ({
      id: p.id,
      shopId: p.shopId,
      name: p.name,
      path: p.path,
      productType: productTypeOf(p.productType),
      status: p.status,
      statusLabel: statusLabel(p.status),
      availableAt: p.availableAt ? new Date(p.availableAt).toISOString() : null,
      image: p.images[0]?.file ?? null,
      minPriceCents: f.min ?? 0,
      maxPriceCents: f.max ?? 0,
      onSale: f.onSale ?? false,
      variantCount: f.n,
      stock: f.stock === null ? null : Number(f.stock),
      categories: p.categories,
      unpublishedChanges: unpublished,
    })),
  };
}
