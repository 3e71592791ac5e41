/**
 * The owner adds a product to a shop: it starts Hidden (DRAFT) with one variant (price 0, no stock,
 * a generated SKU), at an address made from its name under the shop's. A shop lists at most 200
 * products (seed 000 §9): products added to one shop at once are taken in turn (./product-checks.ts
 * checkShopRoom), so the 201st is refused whatever the timing. Creations in other shops run side by
 * side, their SKUs kept apart by the unique index (./skus.ts).
 */
import { and, eq, like, max } from 'drizzle-orm';
import type { ProductAnswer } from '../../../../contracts/catalogue';
import type { Db, Executor } from '../../../../db/client';
import { PRODUCT_TYPES, type ProductType } from '../../../../domain/commerce';
import { slugify } from '../../../../domain/blog-url';
import { CONTENT_STATUSES } from '../../../../domain/website';
import { CATEGORY_SEGMENT, productPath } from '../../../../document/store';
import { storeApi } from '../../../../messages/store-api';
import { logActivity } from '../../sites';
import { products } from '../schema';
import { productTypeNumber } from '../store-document';
import { checkShopRoom, productPathTaken } from './product-checks';
import { productAnswerOf } from './product-rows';
import { invalid, newId, type ShopDirectory } from './refusal';
import { insertVariant, type SkuGenerator } from './skus';

export type NewProduct = { shopId: string; name: string; productType: ProductType };

/** The name's slug, or the first of slug-2, slug-3 … free in the shop and on the site. */
async function freeSlug(tx: Executor, websiteId: string, productId: string, shopPath: string, name: string, directory: ShopDirectory): Promise<string> {
  let base = slugify(name).slice(0, 180) || 'product';
  if (base === CATEGORY_SEGMENT) base = `${base}-product`;
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), like(products.slug, `${base}%`)));
  const taken = new Set(rows.map((r) => r.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug) && !(await productPathTaken(tx, websiteId, productId, productPath(shopPath, slug), directory))) return slug;
  }
}

export async function createProduct(
  db: Db,
  at: { websiteId: string; accountId: string },
  body: NewProduct,
  opts: { directory: ShopDirectory; generateSku?: SkuGenerator },
): Promise<ProductAnswer> {
  const { websiteId, accountId } = at;
  return db.transaction(async (tx) => {
    const name = body.name.trim();
    if (!name) throw invalid(storeApi.invalidProduct, { name: storeApi.productNameRequired });
    if (!(PRODUCT_TYPES as readonly string[]).includes(body.productType)) throw invalid(storeApi.invalidProduct, { productType: storeApi.productTypeNotSold });
    const shop = await opts.directory.shop(tx, websiteId, body.shopId);
    if (!shop) throw invalid(storeApi.invalidProduct, { shopId: storeApi.noShop });
    await checkShopRoom(tx, websiteId, { id: body.shopId, title: shop.title }, 'shopId');
    const id = newId();
    const slug = await freeSlug(tx, websiteId, id, shop.path, name, opts.directory);
    const [last] = await tx
      .select({ position: max(products.position) })
      .from(products)
      .where(eq(products.websiteId, websiteId));
    await tx.insert(products).values({
      websiteId,
      id,
      shopId: body.shopId,
      slug,
      path: productPath(shop.path, slug),
      name,
      productType: productTypeNumber(body.productType),
      status: CONTENT_STATUSES.DRAFT,
      createdAt: new Date().toISOString(),
      images: [],
      tags: [],
      categories: [],
      seo: {},
      options: [],
      position: (last?.position ?? -1) + 1,
    });
    await insertVariant(tx, { websiteId, id: newId(), productId: id, position: 0, optionValues: [], priceCents: 0 }, 0, opts.generateSku);
    await logActivity(tx, websiteId, accountId, 'products.created', { productId: id, name });
    return (await productAnswerOf(tx, websiteId, id))!;
  });
}
