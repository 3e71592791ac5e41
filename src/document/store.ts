/**
 * The store in the site document: its settings (seed 000 §3 storeSettings), its categories and its
 * products with their variants (seed 000 §3 Product, Variant). A product is listed in one shop: a
 * collection of type PRODUCTS, whose address it lives under (`{shop path}/{slug}`); a category has
 * an address of its own under each shop (`{shop path}/category/{slug}`). Money is a whole number of
 * minor units of the store's one currency (`…Cents`, as the seed names them; a yen price has no
 * cents and is counted in yen). The rules that span products (unique SKUs, ids, slugs and paths, at
 * most 200 products a shop) are in ./content.ts beside the document's other such rules.
 */
import { z } from 'zod';
import {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_PRICE_CENTS,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  MAX_SKU_LENGTH,
  MEASUREMENT_STANDARDS,
  PRODUCT_TYPES,
  type CurrencyCode,
} from '../domain/commerce';
import { EDITOR_LIMITS } from '../domain/editor-limits';
import { pricingSchemaShape } from './pricing';
import { contentStatus, hexId, numberEnum, seo } from './primitives';
import { richText } from './rich-text';

/** How the JSON Schema describes a file address: narrower than a link, it names one of the site's own files. */
export const SITE_FILE_DESCRIPTION = 'A file of this site by its address';

/** A file of the site by its address, as the asset library hands it back (`/s/{name}`). */
const siteFile = () =>
  z
    .string()
    .max(203)
    .regex(/^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file of this site, such as /s/mug.jpg')
    .meta({ description: `${SITE_FILE_DESCRIPTION}: /s/{name}` });

/** A slug: lowercase letters, digits and hyphens. */
export const storeSlug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and hyphens');

/** The segment under a shop's address where its categories live: no product may take it as a slug. */
export const CATEGORY_SEGMENT = 'category';

const cents = z.number().int().min(0).max(MAX_PRICE_CENTS);

export const storeSettingsSchema = z
  .object({
    /** Seed 000 §3: one currency per store, USD unless chosen. */
    selectedCurrency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]).default(DEFAULT_CURRENCY),
    /** Seed 000 §3: imperial 1 (lbs, inches), metric 2 (kg, cm). Weights and sizes are written in its units. */
    measurementStandard: numberEnum(MEASUREMENT_STANDARDS).default(MEASUREMENT_STANDARDS.IMPERIAL),
    /** Seed 000 §3 storeSettings.expressCheckout: checkout skips the cart page. */
    expressCheckout: z.boolean().default(false),
    /** The least subtotal a shopper may check out with; 0: any. */
    minimumSubtotalCents: cents.default(0),
    /** "Only N left" is shown at or below this many in stock. */
    lowStockThreshold: z.number().int().min(0).max(100000).default(DEFAULT_LOW_STOCK_THRESHOLD),
    /** The seller as receipts name it: the business's name, its postal address (lines), its VAT or tax number. */
    businessName: z.string().trim().max(200).default(''),
    businessAddress: z.string().trim().max(1000).default(''),
    vatNumber: z.string().trim().max(50).default(''),
  })
  .strict();
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const categorySchema = z
  .object({
    id: hexId,
    /** Seed 000 §9 MAX_CATEGORY_LENGTH. */
    name: z.string().trim().min(1).max(EDITOR_LIMITS.MAX_CATEGORY_LENGTH),
    slug: storeSlug,
  })
  .strict();
export type Category = z.infer<typeof categorySchema>;

const measure = z.number().min(0).max(1_000_000);

export const variantSchema = z
  .object({
    id: hexId,
    /** Seed 000 §9: at most 60 characters; left out, one is made ('SQ' and 7 digits) when the store is written. */
    sku: z.string().trim().min(1).max(MAX_SKU_LENGTH).optional(),
    /** One value for each of the product's options, in their order. */
    optionValues: z
      .array(z.object({ optionName: z.string().min(1).max(60), value: z.string().min(1).max(60) }).strict())
      .max(MAX_PRODUCT_OPTIONS)
      .default([]),
    priceCents: cents,
    salePriceCents: cents.default(0),
    onSale: z.boolean().default(false),
    /** Stock not counted: never sold out. */
    unlimited: z.boolean().default(false),
    qtyInStock: z.number().int().min(0).max(1_000_000_000).default(0),
    /** The photo shown when this variant is chosen: one of the product's images. */
    image: siteFile().optional(),
    /** In the store's measurement standard: pounds or kilograms. */
    weight: measure.optional(),
    /** In the store's measurement standard: inches or centimetres. */
    dimensions: z.object({ length: measure, width: measure, height: measure }).strict().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.salePriceCents > v.priceCents) ctx.addIssue({ code: 'custom', path: ['salePriceCents'], message: 'a sale price is less than the price' });
  });
export type Variant = z.infer<typeof variantSchema>;

export const productImageSchema = z
  .object({
    file: siteFile(),
    /** The image's words for those who cannot see it; the file's own alt text when left out. */
    alt: z.string().max(1000).optional(),
  })
  .strict();

export const productSchema = z
  .object({
    id: hexId,
    /** The shop (a collection of type PRODUCTS) the product is listed in and lives under. */
    shopId: hexId,
    slug: storeSlug.refine((s) => s !== CATEGORY_SEGMENT, `"${CATEGORY_SEGMENT}" is where a shop's categories are`),
    name: z.string().trim().min(1).max(300),
    /** Seed 000 §3 productType. */
    productType: z.enum(PRODUCT_TYPES),
    /** A content item status (seed 000 §3); PUBLISHED shows as Available, SCHEDULED as Scheduled, DRAFT as Hidden (§4). */
    status: contentStatus,
    /** When a SCHEDULED product becomes available. */
    availableAt: z.iso.datetime({ offset: true }).optional(),
    /** When it was added: the shop's "newest" order. */
    createdAt: z.iso.datetime({ offset: true }),
    description: richText.optional(),
    /** A line for lists, search engines and quick view. */
    excerpt: z.string().max(2000).optional(),
    images: z.array(productImageSchema).max(50).default([]),
    /** Seed 000 §9 MAX_TAG_LENGTH. */
    tags: z.array(z.string().trim().min(1).max(EDITOR_LIMITS.MAX_TAG_LENGTH)).max(100).default([]),
    /** Ids of the store's categories. */
    categories: z.array(hexId).max(100).default([]),
    seo: seo.default({}),
    /** What the variants differ by (Glaze, Size), each with its values in the order shown. */
    options: z
      .array(
        z
          .object({
            name: z.string().trim().min(1).max(60),
            values: z.array(z.string().trim().min(1).max(60)).min(1).max(100),
          })
          .strict(),
      )
      .max(MAX_PRODUCT_OPTIONS)
      .default([]),
    variants: z.array(variantSchema).min(1).max(MAX_PRODUCT_VARIANTS),
    /** A digital product's download: a private file of the site (never served at /s/), by name. */
    digitalFile: z.string().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (p.status === 2 && p.availableAt === undefined) issue(['availableAt'], 'a scheduled product needs the time it becomes available');
    const names = p.options.map((o) => o.name.toLowerCase());
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) issue(['options', i, 'name'], `the option ${p.options[i]!.name} is named twice`);
    });
    p.options.forEach((o, i) => {
      const values = o.values.map((v) => v.toLowerCase());
      values.forEach((v, j) => {
        if (values.indexOf(v) !== j) issue(['options', i, 'values', j], `the value ${o.values[j]} is listed twice`);
      });
    });
    const combinations = new Map<string, number>();
    p.variants.forEach((v, vi) => {
      const given = v.optionValues.map((ov) => ov.optionName);
      if (given.length !== p.options.length || p.options.some((o, oi) => o.name !== given[oi])) {
        issue(['variants', vi, 'optionValues'], `a variant has one value for each option, in order: ${p.options.map((o) => o.name).join(', ') || 'none'}`);
        return;
      }
      v.optionValues.forEach((ov, oi) => {
        if (!p.options[oi]!.values.includes(ov.value)) issue(['variants', vi, 'optionValues', oi, 'value'], `${ov.value} is not a value of ${ov.optionName}`);
      });
      const key = v.optionValues.map((ov) => ov.value).join('\u0000');
      const prior = combinations.get(key);
      if (prior !== undefined) issue(['variants', vi, 'optionValues'], `variants ${prior + 1} and ${vi + 1} have the same options`);
      else combinations.set(key, vi);
      if (v.image !== undefined && !p.images.some((im) => im.file === v.image))
        issue(['variants', vi, 'image'], "a variant's photo is one of the product's images");
    });
    if (p.digitalFile !== undefined && p.productType !== 'DIGITAL') issue(['digitalFile'], 'only a digital product has a file to download');
  });
export type Product = z.infer<typeof productSchema>;

export const storeSchema = z
  .object({
    settings: storeSettingsSchema.prefault({}),
    categories: z.array(categorySchema).max(EDITOR_LIMITS.NESTED_CATEGORIES_LIMIT).default([]),
    products: z.array(productSchema).max(10000).default([]),
    ...pricingSchemaShape,
  })
  .strict();
export type Store = z.infer<typeof storeSchema>;
/** The store without its pricing rules: what the catalogue module writes and reads. */
export type CatalogueStore = Omit<Store, keyof typeof pricingSchemaShape>;

/** Where a product lives: under its shop. */
export function productPath(shopPath: string, slug: string): string {
  return `${shopPath === '/' ? '' : shopPath}/${slug}`;
}

/** Where a shop lists one category's products. */
export function categoryPath(shopPath: string, slug: string): string {
  return `${shopPath === '/' ? '' : shopPath}/${CATEGORY_SEGMENT}/${slug}`;
}
