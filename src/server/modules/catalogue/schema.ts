/**
 * A site's store (the site document's `store`, src/document/store.ts): its settings, categories,
 * products and their variants. Money is integer minor units of the store's currency (`integer`
 * columns; sums are `bigint` where they are made). A product's published fields are what
 * visitors see; the config area edits its draft (`product_drafts`) and each publish keeps a
 * revision (`product_revisions`), through the versioned-content capability (src/server/versions/).
 * Stock is counted on the variant row, so the conditional update that sells it (checkout) and the
 * availability call read one row per variant.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_CURRENCY, DEFAULT_LOW_STOCK_THRESHOLD } from '../../../domain/commerce';
import type { Product } from '../../../document/store';
import type { Seo } from '../../../document/primitives';
import type { RichText } from '../../../document/rich-text';
import { versionTables } from '../../versions/tables';
import { accounts } from '../accounts/schema/team';
import { websites } from '../sites/schema/sites';

/** One row a site: the store's settings (src/document/store.ts storeSettingsSchema); a site without one has the defaults. */
export const stores = pgTable('stores', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default(DEFAULT_CURRENCY),
  /** Seed 000 §3: imperial 1, metric 2. */
  measurementStandard: smallint('measurement_standard').notNull().default(1),
  expressCheckout: boolean('express_checkout').notNull().default(false),
  minimumSubtotalCents: integer('minimum_subtotal_cents').notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
  /** The seller as receipts name it. */
  businessName: text('business_name').notNull().default(''),
  businessAddress: text('business_address').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
});

export const productCategories = pgTable(
  'product_categories',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('product_categories_slug').on(t.websiteId, t.slug),
    uniqueIndex('product_categories_name').on(t.websiteId, sql`lower(${t.name})`),
  ],
);

export const products = pgTable(
  'products',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** The shop it is listed in: a collection of type PRODUCTS (the content module's), by id. */
    shopId: text('shop_id').notNull(),
    slug: text('slug').notNull(),
    /** `{shop path}/{slug}`, kept when the shop moves (src/document/store.ts productPath). */
    path: text('path').notNull(),
    name: text('name').notNull(),
    /** Seed 000 §3 product type numbers: physical 1, digital 2, service 3, gift card 4. */
    productType: smallint('product_type').notNull(),
    /** A content item status: PUBLISHED 1, SCHEDULED 2, DRAFT 4 … */
    status: smallint('status').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
    description: jsonb('description').$type<RichText>(),
    excerpt: text('excerpt'),
    images: jsonb('images').$type<Product['images']>().notNull(),
    tags: text('tags').array().notNull(),
    /** Ids of product_categories. */
    categories: text('categories').array().notNull(),
    seo: jsonb('seo').$type<Seo>().notNull(),
    options: jsonb('options').$type<Product['options']>().notNull(),
    /** A digital product's download: a private file's name. */
    digitalFile: text('digital_file'),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('products_path').on(t.websiteId, t.path),
    uniqueIndex('products_shop_slug').on(t.websiteId, t.shopId, t.slug),
    index('products_shop').on(t.websiteId, t.shopId, t.position),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    websiteId: text('website_id').notNull(),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    position: integer('position').notNull(),
    /** Seed 000 §9: at most 60 characters, unique in the store. */
    sku: text('sku').notNull(),
    optionValues: jsonb('option_values').$type<{ optionName: string; value: string }[]>().notNull(),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    unlimited: boolean('unlimited').notNull().default(false),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    image: text('image'),
    weight: real('weight'),
    length: real('length'),
    width: real('width'),
    height: real('height'),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('product_variants_sku').on(t.websiteId, t.sku),
    index('product_variants_product').on(t.websiteId, t.productId, t.position),
    foreignKey({ columns: [t.websiteId, t.productId], foreignColumns: [products.websiteId, products.id] }).onDelete('cascade'),
    // Seed 000 §9: prices from 0 to 100000000 minor units; stock never below zero, whatever sells it.
    check('product_variants_prices', sql`${t.priceCents} BETWEEN 0 AND 100000000 AND ${t.salePriceCents} BETWEEN 0 AND 100000000`),
    check('product_variants_stock', sql`${t.qtyInStock} >= 0`),
  ],
);

/** A product as its editor saves it: the document's product. */
export type ProductContent = Product;

export const { drafts: productDrafts, revisions: productRevisions } = versionTables<ProductContent>({
  name: 'product',
  parent: products,
  parentColumn: 'product_id',
  content: 'product',
  account: () => accounts.id,
});

/**
 * The addresses a product had before its slug changed: each answers a 301 to where the product is
 * now, while visitors may see it. A path goes from here when a product takes it again.
 */
export const productRedirects = pgTable(
  'product_redirects',
  {
    websiteId: text('website_id').notNull(),
    fromPath: text('from_path').notNull(),
    productId: text('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.fromPath] }),
    foreignKey({ columns: [t.websiteId, t.productId], foreignColumns: [products.websiteId, products.id] }).onDelete('cascade'),
  ],
);
