/**
 * The store as the site document holds it (src/document/store.ts), written and read whole: an
 * import writes it in the import's own transaction (the content module calls `writeStore`, so a
 * site is replaced whole or left as it was), and an export reads it back the same. Products the
 * document still holds are rewritten in place, so their drafts and revisions stay theirs; the
 * others go, with theirs. A variant without a SKU gets one ('SQ' and 7 digits) unlike any other.
 */
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { generateSku, PRODUCT_TYPE_NUMBERS, PRODUCT_TYPES, type ProductType } from '../../../domain/commerce';
import type { CatalogueStore, Product, StoreSettings, Variant } from '../../../document/store';
import { productPath } from '../../../document/store';
import { productCategories, products, productVariants, stores } from './schema';
import { storeSettingsOf } from './store-settings';

/** Product type numbers, both ways (seed 000 §3). */
export const productTypeNumber = (type: ProductType): number => PRODUCT_TYPE_NUMBERS[type];
export const productTypeOf = (n: number): ProductType => PRODUCT_TYPES.find((t) => PRODUCT_TYPE_NUMBERS[t] === n) ?? 'PHYSICAL';

/** SKUs for the variants that have none, unlike every other of the store (`taken`). */
export function fillSkus(variants: readonly Variant[], taken: Set<string>, generate: () => string = generateSku): string[] {
  return variants.map((v) => {
    if (v.sku !== undefined) return v.sku;
    let sku = generate();
    while (taken.has(sku)) sku = generate();
    taken.add(sku);
    return sku;
  });
}

export const variantColumns = (v: Variant) => ({
  optionValues: v.optionValues,
  priceCents: v.priceCents,
  salePriceCents: v.salePriceCents,
  onSale: v.onSale,
  unlimited: v.unlimited,
  qtyInStock: v.qtyInStock,
  image: v.image ?? null,
  weight: v.weight ?? null,
  length: v.dimensions?.length ?? null,
  width: v.dimensions?.width ?? null,
  height: v.dimensions?.height ?? null,
});

export const productColumns = (p: Omit<Product, 'id' | 'variants'>, shopPath: string) => ({
  shopId: p.shopId,
  slug: p.slug,
  path: productPath(shopPath, p.slug),
  name: p.name,
  productType: productTypeNumber(p.productType),
  status: p.status,
  availableAt: p.availableAt ?? null,
  createdAt: p.createdAt,
  description: p.description ?? null,
  excerpt: p.excerpt ?? null,
  images: p.images,
  tags: p.tags,
  categories: p.categories,
  seo: p.seo,
  options: p.options,
  digitalFile: p.digitalFile ?? null,
});

export async function writeStoreSettings(tx: Executor, websiteId: string, settings: StoreSettings): Promise<void> {
  const values = {
    currency: settings.selectedCurrency,
    measurementStandard: settings.measurementStandard,
    expressCheckout: settings.expressCheckout,
    minimumSubtotalCents: settings.minimumSubtotalCents,
    lowStockThreshold: settings.lowStockThreshold,
    businessName: settings.businessName,
    businessAddress: settings.businessAddress,
    vatNumber: settings.vatNumber,
  };
  await tx
    .insert(stores)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: stores.websiteId, set: values });
}

/**
 * Replaces the site's store with the document's. `shopPaths` are the paths of the document's shops
 * by id (the document's rules have checked that every product names one).
 */
export async function writeStore(tx: Executor, websiteId: string, store: CatalogueStore, shopPaths: ReadonlyMap<string, string>): Promise<void> {
  await writeStoreSettings(tx, websiteId, store.settings);
  await tx.delete(productCategories).where(eq(productCategories.websiteId, websiteId));
  if (store.categories.length > 0) {
    await tx.insert(productCategories).values(store.categories.map((c, position) => ({ websiteId, id: c.id, name: c.name, slug: c.slug, position })));
  }
  const ids = store.products.map((p) => p.id);
  await tx.delete(products).where(and(eq(products.websiteId, websiteId), ids.length > 0 ? notInArray(products.id, ids) : undefined));
  // Every variant is written again below; paths and SKUs may move from row to row in one import.
  await tx.delete(productVariants).where(eq(productVariants.websiteId, websiteId));
  await tx
    .update(products)
    // Out of every real path's and slug's way (those start with '/' and a letter or digit).
    .set({ path: sql`'#' || ${products.id}`, slug: sql`'#' || ${products.id}` })
    .where(eq(products.websiteId, websiteId));
  const taken = new Set(store.products.flatMap((p) => p.variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku]))));
  for (const [position, { id, variants, ...p }] of store.products.entries()) {
    const columns = { ...productColumns(p, shopPaths.get(p.shopId) ?? '/'), position };
    await tx
      .insert(products)
      .values({ websiteId, id, ...columns })
      .onConflictDoUpdate({ target: [products.websiteId, products.id], set: columns });
    const skus = fillSkus(variants, taken);
    await tx
      .insert(productVariants)
      .values(variants.map((v, vi) => ({ websiteId, id: v.id, productId: id, position: vi, sku: skus[vi]!, ...variantColumns(v) })));
  }
}

/** A variant's columns that say what it is and costs (not its stock), as the document names them. */
type ShownColumns = Pick<
  typeof productVariants.$inferSelect,
  'id' | 'sku' | 'optionValues' | 'priceCents' | 'salePriceCents' | 'onSale' | 'image' | 'weight' | 'length' | 'width' | 'height'
>;

export function shownVariant(v: ShownColumns): Omit<Variant, 'unlimited' | 'qtyInStock'> {
  return {
    id: v.id,
    sku: v.sku,
    optionValues: v.optionValues,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    ...(v.image !== null ? { image: v.image } : {}),
    ...(v.weight !== null ? { weight: v.weight } : {}),
    ...(v.length !== null && v.width !== null && v.height !== null ? { dimensions: { length: v.length, width: v.width, height: v.height } } : {}),
  };
}

/** The variant as the document holds it. */
export function documentVariant(v: typeof productVariants.$inferSelect): Variant {
  return { ...shownVariant(v), unlimited: v.unlimited, qtyInStock: v.qtyInStock };
}

/** The product as the document holds it. */
export function documentProduct(p: typeof products.$inferSelect, variants: readonly (typeof productVariants.$inferSelect)[]): Product {
  return {
    id: p.id,
    shopId: p.shopId,
    slug: p.slug,
    name: p.name,
    productType: productTypeOf(p.productType),
    status: p.status as Product['status'],
    ...(p.availableAt !== null ? { availableAt: new Date(p.availableAt).toISOString() } : {}),
    createdAt: new Date(p.createdAt).toISOString(),
    ...(p.description !== null ? { description: p.description } : {}),
    ...(p.excerpt !== null ? { excerpt: p.excerpt } : {}),
    images: p.images,
    tags: p.tags,
    categories: p.categories,
    seo: p.seo,
    options: p.options,
    variants: variants.map(documentVariant),
    ...(p.digitalFile !== null ? { digitalFile: p.digitalFile } : {}),
  };
}

/** The site's store as the document holds it. */
export async function exportStore(tx: Executor, websiteId: string): Promise<CatalogueStore> {
  const [settings, categoryRows, productRows, variantRows] = await Promise.all([
    storeSettingsOf(tx, websiteId),
    tx.select().from(productCategories).where(eq(productCategories.websiteId, websiteId)).orderBy(asc(productCategories.position)),
    tx.select().from(products).where(eq(products.websiteId, websiteId)).orderBy(asc(products.position)),
    tx.select().from(productVariants).where(eq(productVariants.websiteId, websiteId)).orderBy(asc(productVariants.position)),
  ]);
  const byProduct = new Map<string, (typeof productVariants.$inferSelect)[]>();
  for (const v of variantRows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return {
    settings,
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
    products: productRows.map((p) => documentProduct(p, byProduct.get(p.id) ?? [])),
  };
}
