/**
 * The Store area's calls (the catalogue module's routes) and the visitor's availability call.
 * Config calls check the crumb on every write and the role's sub-area (src/domain/permissions.ts):
 * `commerce-inventory` for shops, products, categories, inventory and product CSV;
 * `commerce-payments` for the store settings. Refusals are `{ error, errors }` (./common.ts),
 * `errors` by field path (`name`, `variants.0.sku`, `variants.0.priceCents` …), 404 for what the
 * site does not have, 409 `{ error, current }` for a draft saved over a newer one.
 *
 * Store settings
 * - `GET /api/config/store/settings` (payments read): `storeSettingsAnswer`.
 * - `PUT /api/config/store/settings` (payments write): `storeSettingsBody`; answers `storeSettingsAnswer`.
 *   A new measurement standard converts every weight and size the store holds.
 *
 * Shops (collections of type PRODUCTS: pages listing products)
 * - `GET /api/config/store/shops`: `shopsAnswer`.
 * - `POST /api/config/store/shops` (write): `shopBody`; answers `{ shop }`; 400 `errors.path` for a taken or reserved path.
 * - `PUT /api/config/store/shops/:shopId` (write): `shopBody` plus `viewMode`; answers `{ shop }`.
 *
 * Categories
 * - `GET /api/config/store/categories`: `categoriesAnswer`.
 * - `POST /api/config/store/categories` (write): `categoryBody`; answers `{ category }`.
 * - `PUT /api/config/store/categories/:categoryId` (write): `categoryBody`; answers `{ category }`.
 * - `DELETE /api/config/store/categories/:categoryId` (write): `{ ok: true }`; its products lose it.
 *
 * Products
 * - `GET /api/config/store/products?q&status&category&type&shop`: `productsAnswer`; `q` matches
 *   the name, a SKU or a tag.
 * - `POST /api/config/store/products` (write): `newProductBody`; answers `productAnswer` (201). The
 *   product starts Hidden (DRAFT) with one variant: price 0, no stock, a generated SKU.
 * - `GET /api/config/store/products/:productId`: `productAnswer` (the draft; the live product at
 *   version 0 when none was saved).
 * - `PUT /api/config/store/products/:productId/draft` (write): `productDraftBody`; answers
 *   `productAnswer`. A variant without a SKU gets one ('SQ' and 7 digits). A retry of the same
 *   `changeId` answers the same again.
 * - `POST /api/config/store/products/:productId/publish` (write): `{ version }`; answers
 *   `productAnswer`. The draft becomes what visitors see (status and availability included) and
 *   the next revision; a new slug leaves a 301 from the old address. Stock of variants that exist
 *   is never changed by a publish (sales may have moved it): it is the Inventory call's.
 * - `DELETE /api/config/store/products/:productId` (write): `{ ok: true }`.
 * - `POST /api/config/store/products/:productId/download` (write; the bytes as the body, the name
 *   in `X-File-Name`, as the files library uploads): a digital product's download, stored
 *   privately; answers `{ digitalFile }` (its name), which the product's draft then names.
 * - `GET /api/config/store/products.csv?columns=shopify|squarespace&shop`: the products as CSV.
 * - `POST /api/config/store/products/import?shop` (write, text/csv body, Shopify's or
 *   Squarespace's columns): `productImportAnswer`; nothing is written when a row is refused.
 *
 * Inventory
 * - `GET /api/config/store/inventory?q&low`: `inventoryAnswer`; `low=1` lists only variants at or
 *   below the low-stock threshold (sold out included), fewest first.
 * - `PATCH /api/config/store/inventory/:variantId` (write): `stockBody`; answers `{ row }`. `adjust`
 *   adds to the count as it is now (a sale meanwhile is kept); a count below zero is refused.
 *
 * The visual editor
 * - `GET /api/config/editor/products` (pages read: whoever edits pages chooses a product block's
 *   product, with or without a commerce sub-area): `editorProductsAnswer`, every product of every
 *   shop, hidden ones too, each with its status label.
 *
 * Visitors
 * - `GET /api/commerce/product-availability/:productId`: `availabilityAnswer`, never cached, one
 *   SQL statement, no cookie set; 404 for a product visitors cannot see.
 */
import { z } from 'zod';
import { CONTENT_STATUSES } from '../domain/website';
import { COLLECTION_VIEW_MODES } from '../domain/collection-types';
import { productSchema, storeSettingsSchema } from '../document/store';
import { isoTime } from './common';

export const STORE_API = {
  SETTINGS: '/api/config/store/settings',
  SHOPS: '/api/config/store/shops',
  CATEGORIES: '/api/config/store/categories',
  PRODUCTS: '/api/config/store/products',
  PRODUCTS_CSV: '/api/config/store/products.csv',
  PRODUCTS_IMPORT: '/api/config/store/products/import',
  INVENTORY: '/api/config/store/inventory',
  EDITOR_PRODUCTS: '/api/config/editor/products',
  AVAILABILITY: '/api/commerce/product-availability',
} as const;

/** The statuses an owner gives a product: Available, Scheduled, Hidden (seed 000 §4). */
export const PRODUCT_STATUSES = [CONTENT_STATUSES.PUBLISHED, CONTENT_STATUSES.SCHEDULED, CONTENT_STATUSES.DRAFT] as const;

export const storeSettingsBody = storeSettingsSchema;
export const storeSettingsAnswer = z.object({
  settings: storeSettingsSchema,
  /** Seed 000 §3 and seed 001 §3: every currency a store may sell in, by code and name. */
  currencies: z.array(z.object({ code: z.string(), name: z.string(), fractionDigits: z.number().int() })),
});

export const shopRow = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  viewMode: z.enum(COLLECTION_VIEW_MODES),
  productCount: z.number().int(),
});
export type ShopRow = z.infer<typeof shopRow>;
export const shopsAnswer = z.object({ shops: z.array(shopRow) });
export const shopBody = z.object({
  title: z.string().max(300),
  path: z.string().max(300),
  viewMode: z.enum(COLLECTION_VIEW_MODES).optional(),
});

export const categoryRow = z.object({ id: z.string(), name: z.string(), slug: z.string(), productCount: z.number().int() });
export type CategoryRow = z.infer<typeof categoryRow>;
export const categoriesAnswer = z.object({ categories: z.array(categoryRow) });
/** The length the seed allows (25) is checked by the server, which answers its message. */
export const categoryBody = z.object({ name: z.string().max(300) });

export const productListRow = z.object({
  id: z.string(),
  shopId: z.string(),
  name: z.string(),
  path: z.string(),
  productType: z.string(),
  status: z.number().int(),
  /** Seed 000 §4: Available, Scheduled, Hidden or Unsupported. */
  statusLabel: z.string(),
  availableAt: isoTime.nullable(),
  /** The first image's address, for the list's thumbnail. */
  image: z.string().nullable(),
  /** Lowest and highest price a shopper pays now (sale prices counted), in minor units. */
  minPriceCents: z.number().int(),
  maxPriceCents: z.number().int(),
  onSale: z.boolean(),
  variantCount: z.number().int(),
  /** Units in stock over every counted variant; null when every variant is unlimited. */
  stock: z.number().int().nullable(),
  categories: z.array(z.string()),
  unpublishedChanges: z.boolean(),
});
export type ProductListRow = z.infer<typeof productListRow>;
export const productsAnswer = z.object({ currency: z.string(), products: z.array(productListRow) });

export const newProductBody = z.object({
  shopId: z.string(),
  name: z.string().max(300),
  productType: z.enum(['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD']).default('PHYSICAL'),
});

export const productAnswer = z.object({
  /** The draft as the editor shows it (the document's product shape; every variant has its SKU). */
  product: productSchema,
  version: z.number().int(),
  /** Where visitors find it (its shop's path and its published slug). */
  path: z.string(),
  unpublishedChanges: z.boolean(),
  savedAt: isoTime.nullable(),
  savedBy: z.string().nullable(),
  /** Live stock by variant id (the draft's counts are only the first counts of new variants). */
  stock: z.record(z.string(), z.object({ unlimited: z.boolean(), qtyInStock: z.number().int() })),
  currency: z.string(),
  measurementStandard: z.number().int(),
  /** Seed 000 §3 (000-3.03): a digital product carries its price, sale price and on-sale flag (its first variant's). */
  priceCents: z.number().int().optional(),
  salePriceCents: z.number().int().optional(),
  onSale: z.boolean().optional(),
});
export type ProductAnswer = z.infer<typeof productAnswer>;

/** `product` is checked by the document's product schema on the server (src/document/store.ts). */
export const productDraftBody = z.object({
  version: z.number().int().min(0),
  changeId: z.string().min(8).max(64),
  product: z.record(z.string(), z.unknown()),
});
export const publishBody = z.object({ version: z.number().int().min(0) });

export const productImportAnswer = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  /** Refused rows, numbered as a spreadsheet numbers them (the header is row 1). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

/** What a product block's chooser lists: enough to recognise a product, nothing of its prices or stock. */
export const editorProductsAnswer = z.object({
  products: z.array(productListRow.pick({ id: true, name: true, image: true, statusLabel: true })),
});
export type EditorProduct = z.infer<typeof editorProductsAnswer>['products'][number];

export const inventoryRow = z.object({
  productId: z.string(),
  productName: z.string(),
  variantId: z.string(),
  sku: z.string(),
  /** The variant's option values, as the shop shows them ("Celadon / Large"); empty for a product without options. */
  options: z.string(),
  unlimited: z.boolean(),
  qtyInStock: z.number().int(),
  state: z.enum(['available', 'low', 'soldOut']),
});
export type InventoryRow = z.infer<typeof inventoryRow>;
export const inventoryAnswer = z.object({ lowStockThreshold: z.number().int(), rows: z.array(inventoryRow) });
export const stockBody = z
  .object({
    set: z.number().int().min(0).optional(),
    adjust: z.number().int().optional(),
    unlimited: z.boolean().optional(),
  })
  .refine((b) => !(b.set !== undefined && b.adjust !== undefined), { message: 'set a count or adjust it, not both' });

export const availabilityAnswer = z.object({
  variants: z.array(
    z.discriminatedUnion('state', [
      z.object({ id: z.string(), state: z.literal('available') }),
      z.object({ id: z.string(), state: z.literal('low'), left: z.number().int() }),
      z.object({ id: z.string(), state: z.literal('soldOut') }),
    ]),
  ),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;
