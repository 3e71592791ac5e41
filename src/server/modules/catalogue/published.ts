/**
 * What the store shows its visitors, read in one statement for rendering: the store's settings, its
 * categories and its visible products (PUBLISHED, or SCHEDULED and due by the database's clock) with
 * their variants' prices and options. Never stock: a cached page says nothing about it, and the
 * variant picker asks the availability call (./availability.ts). Old addresses of visible products
 * (`product_redirects`) come with it, for the 301s. The app holds it in memory
 * (./published-cache.ts), so a shop or product page renders with no query of its own.
 */
import type pg from 'pg';
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../../domain/commerce';
import { CONTENT_STATUSES } from '../../../domain/website';
import type { Category, Product, StoreSettings } from '../../../document/store';
import { storeSettingsFromRow } from './store-settings';
import { productTypeOf, shownVariant } from './store-document';

export type PublishedVariant = Pick<
  Product['variants'][number],
  'id' | 'sku' | 'optionValues' | 'priceCents' | 'salePriceCents' | 'onSale' | 'image' | 'weight' | 'dimensions'
>;

export type PublishedProduct = Omit<Product, 'variants' | 'status' | 'availableAt' | 'digitalFile'> & {
  /** `{shop path}/{slug}`. */
  path: string;
  variants: PublishedVariant[];
};

/** A site's store as one render needs it, looked up in memory. */
export type PublishedCatalogue = {
  websiteId: string;
  settings: StoreSettings;
  categories: readonly Category[];
  category(slug: string): Category | undefined;
  /** The product at a path, if visible. */
  product(path: string): PublishedProduct | undefined;
  productById(id: string): PublishedProduct | undefined;
  /** A shop's visible products in the owner's order. */
  shopProducts(shopId: string): readonly PublishedProduct[];
  /** Where a visible product that was at `path` before its address changed is now (a 301's target). */
  redirect(path: string): string | undefined;
  /** The shop of the first visible product; undefined when none is visible (the site then shows no cart). */
  shopPath: string | undefined;
};

const richTextLike = z.unknown();
const variantRow = z.object({
  id: z.string(),
  sku: z.string(),
  optionValues: z.array(z.object({ optionName: z.string(), value: z.string() })),
  priceCents: z.number().int(),
  salePriceCents: z.number().int(),
  onSale: z.boolean(),
  image: z.string().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
const productRow = z.object({
  id: z.string(),
  shopId: z.string(),
  slug: z.string(),
  path: z.string(),
  name: z.string(),
  productType: z.number(),
  createdAt: z.string(),
  description: richTextLike.nullable(),
  excerpt: z.string().nullable(),
  images: z.array(z.object({ file: z.string(), alt: z.string().optional() })),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  seo: z.record(z.string(), z.unknown()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variantRow),
});
const catalogueRow = z.object({
  store: z
    .object({
      currency: z.string(),
      measurementStandard: z.number(),
      expressCheckout: z.boolean(),
      minimumSubtotalCents: z.number(),
      lowStockThreshold: z.number(),
      businessName: z.string(),
      businessAddress: z.string(),
      vatNumber: z.string(),
    })
    .nullable(),
  categories: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  products: z.array(productRow),
  redirects: z.record(z.string(), z.string()),
});

const PUBLISHED = CONTENT_STATUSES.PUBLISHED;
const SCHEDULED = CONTENT_STATUSES.SCHEDULED;

const VISIBLE = `(p.status = ${PUBLISHED} OR (p.status = ${SCHEDULED} AND p.available_at <= now()))`;

/** Its text is the same for every site, so it is prepared once per connection. */
const CATALOGUE_SQL = `
SELECT
  (SELECT json_build_object('currency', currency, 'measurementStandard', measurement_standard, 'expressCheckout', express_checkout,
      'minimumSubtotalCents', minimum_subtotal_cents, 'lowStockThreshold', low_stock_threshold, 'businessName', business_name,
      'businessAddress', business_address, 'vatNumber', vat_number) FROM stores WHERE website_id = $1) AS store,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'slug', slug) ORDER BY position), '[]') FROM product_categories WHERE website_id = $1) AS categories,
  (SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'shopId', p.shop_id, 'slug', p.slug, 'path', p.path, 'name', p.name, 'productType', p.product_type, 'createdAt', p.created_at,
      'description', p.description, 'excerpt', p.excerpt, 'images', p.images, 'tags', p.tags, 'categories', p.categories, 'seo', p.seo, 'options', p.options,
      'variants', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'optionValues', v.option_values, 'priceCents', v.price_cents,
          'salePriceCents', v.sale_price_cents, 'onSale', v.on_sale, 'image', v.image, 'weight', v.weight, 'length', v.length, 'width', v.width, 'height', v.height)
          ORDER BY v.position), '[]') FROM product_variants v WHERE v.website_id = p.website_id AND v.product_id = p.id)
    ) ORDER BY p.position), '[]')
    FROM products p
    WHERE p.website_id = $1 AND ${VISIBLE}) AS products,
  (SELECT coalesce(json_object_agg(r.from_path, p.path), '{}') FROM product_redirects r
    JOIN products p ON p.website_id = r.website_id AND p.id = r.product_id
    WHERE r.website_id = $1 AND ${VISIBLE}) AS redirects`;

const isProductType = (t: string): t is Product['productType'] => (PRODUCT_TYPES as readonly string[]).includes(t);

function publishedProduct(row: z.infer<typeof productRow>): PublishedProduct {
  const type = productTypeOf(row.productType);
  return {
    id: row.id,
    shopId: row.shopId,
    slug: row.slug,
    path: row.path,
    name: row.name,
    productType: isProductType(type) ? type : 'PHYSICAL',
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.description !== null ? { description: row.description as Product['description'] } : {}),
    ...(row.excerpt !== null ? { excerpt: row.excerpt } : {}),
    images: row.images,
    tags: row.tags,
    categories: row.categories,
    seo: Object.fromEntries(Object.entries(row.seo).filter(([, v]) => v !== undefined)) as Product['seo'],
    options: row.options,
    variants: row.variants.map(shownVariant),
  };
}

export async function readPublishedCatalogue(pool: pg.Pool, websiteId: string): Promise<PublishedCatalogue> {
  const { rows } = await pool.query({ name: 'openpress_published_catalogue', text: CATALOGUE_SQL, values: [websiteId] });
  const row = catalogueRow.parse(rows[0]);
  const settings: StoreSettings = storeSettingsFromRow(row.store ? { websiteId, ...row.store } : undefined);
  const list = row.products.map(publishedProduct);
  const byPath = new Map(list.map((p) => [p.path, p]));
  const byId = new Map(list.map((p) => [p.id, p]));
  const byShop = new Map<string, PublishedProduct[]>();
  for (const p of list) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const categories = row.categories;
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  return {
    websiteId,
    settings,
    categories,
    category: (slug) => bySlug.get(slug),
    product: (path) => byPath.get(path),
    productById: (id) => byId.get(id),
    shopProducts: (shopId) => byShop.get(shopId) ?? [],
    redirect: (path) => (Object.hasOwn(row.redirects, path) ? row.redirects[path] : undefined),
    shopPath: list[0] && (list[0].path.slice(0, -(list[0].slug.length + 1)) || '/'),
  };
}
