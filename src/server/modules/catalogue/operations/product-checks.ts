/**
 * What a product's draft must satisfy beyond the document's product schema (src/document/store.ts),
 * checked when it is saved and again when it is published (the site may have changed between):
 * one of the statuses an owner gives; its shop exists and, if the product moves there, has room;
 * every image and variant image is an image of the site's library (not a private file); its
 * download is a private file of the site; its categories exist; its address is free among the
 * site's; its SKUs are its own. A variant without a SKU gets one. Every error by its field path.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { PRODUCT_STATUSES } from '../../../../contracts/catalogue';
import type { Executor } from '../../../../db/client';
import { EDITOR_LIMITS } from '../../../../domain/editor-limits';
import { productPath, productSchema, type Product } from '../../../../document/store';
import { format } from '../../../../messages/format';
import { storeApi } from '../../../../messages/store-api';
import { zodMessage } from '../../accounts';
import { libraryImageNames, privateFileExists } from '../../files';
import { productCategories, products } from '../schema';
import { invalid, type ShopDirectory } from './refusal';
import { draftSkus, otherProductsSkus, type SkuGenerator } from './skus';

export type CheckedProduct = { product: Product; path: string; shopPath: string };

const fileName = (address: string) => address.slice('/s/'.length);

/**
 * Refuses a shop that lists as many products as a shop may (000-9.44), naming it. Products coming
 * into one shop at once are taken in turn (a lock on the shop until the transaction ends), so the
 * count holds whatever the timing.
 */
export async function checkShopRoom(tx: Executor, websiteId: string, shop: { id: string; title: string }, field: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`shop:${websiteId}:${shop.id}`}, 0))`);
  const [row] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.shopId, shop.id)));
  const max = EDITOR_LIMITS.MAX_PRODUCTS_IN_COLLECTION;
  if ((row?.n ?? 0) >= max) {
    const error = format(storeApi.shopFull, { max, shop: shop.title });
    throw invalid(error, { [field]: error });
  }
}

/** Whether another product or other content of the site is at `path`. */
export async function productPathTaken(tx: Executor, websiteId: string, productId: string, path: string, directory: ShopDirectory): Promise<boolean> {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.path, path), ne(products.id, productId)));
  return other !== undefined || (await directory.pathTaken(tx, websiteId, path));
}

async function fileErrors(tx: Executor, websiteId: string, p: Product): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const named = [...p.images.map((im) => im.file), ...p.variants.flatMap((v) => (v.image ? [v.image] : []))];
  const found = await libraryImageNames(tx, websiteId, [...new Set(named.map(fileName))]);
  const missing = (address: string) => !found.has(fileName(address));
  p.images.forEach((im, i) => {
    if (missing(im.file)) errors[`images.${i}.file`] = format(storeApi.imageNotInLibrary, { file: im.file });
  });
  p.variants.forEach((v, i) => {
    if (v.image && missing(v.image)) errors[`variants.${i}.image`] = format(storeApi.imageNotInLibrary, { file: v.image });
  });
  if (p.digitalFile !== undefined && !(await privateFileExists(tx, websiteId, p.digitalFile))) errors.digitalFile = storeApi.downloadNotUploaded;
  return errors;
}

async function categoryErrors(tx: Executor, websiteId: string, p: Product): Promise<Record<string, string>> {
  if (p.categories.length === 0) return {};
  const rows = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.websiteId, websiteId), inArray(productCategories.id, p.categories)));
  const found = new Set(rows.map((r) => r.id));
  return Object.fromEntries(p.categories.flatMap((id, i) => (found.has(id) ? [] : [[`categories.${i}`, storeApi.categoryGone]])));
}

/** The draft as it will be kept (every variant with its SKU), or every error at once. `liveShopId`: the shop it is in now. */
export async function checkProduct(
  tx: Executor,
  at: { websiteId: string; productId: string; liveShopId: string },
  raw: unknown,
  directory: ShopDirectory,
  generate?: SkuGenerator,
): Promise<CheckedProduct> {
  const { websiteId, productId } = at;
  const parsed = productSchema.safeParse(raw);
  if (!parsed.success) throw invalid(storeApi.invalidProduct, zodMessage(parsed.error).errors);
  const p = parsed.data;
  const errors: Record<string, string> = {};
  if (p.id !== productId) errors.id = storeApi.productMovedId;
  if (!(PRODUCT_STATUSES as readonly number[]).includes(p.status)) errors.status = storeApi.productStatusNotOffered;
  const shop = await directory.shop(tx, websiteId, p.shopId);
  if (!shop) errors.shopId = storeApi.noShop;
  else if (p.shopId !== at.liveShopId) await checkShopRoom(tx, websiteId, { id: p.shopId, title: shop.title }, 'shopId');
  Object.assign(errors, await fileErrors(tx, websiteId, p), await categoryErrors(tx, websiteId, p));
  const path = shop ? productPath(shop.path, p.slug) : '';
  if (shop && (await productPathTaken(tx, websiteId, productId, path, directory))) errors.slug = format(storeApi.productPathTaken, { path });
  const skus = draftSkus(p.variants, await otherProductsSkus(tx, websiteId, productId), generate);
  Object.assign(errors, skus.errors);
  if (Object.keys(errors).length > 0) throw invalid(storeApi.invalidProduct, errors);
  return { product: { ...p, variants: p.variants.map((v, i) => ({ ...v, sku: skus.skus[i]! })) }, path, shopPath: shop!.path };
}
