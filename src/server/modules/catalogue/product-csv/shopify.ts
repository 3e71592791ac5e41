/**
 * Shopify's product CSV, both ways. One row per variant, the product's own fields on its first row,
 * and the images beyond the rows' count on rows of their own (Handle and image columns only); rows
 * belong together by Handle. What does not map one to one, decided here:
 *
 * - price: Shopify's "Variant Price" is what a shopper pays and "Compare At Price" the price before
 *   a sale, so a compare-at price above the price reads as our price with a sale price, on sale;
 * - stock: an untracked variant ("Variant Inventory Tracker" blank) or one sold when out of stock
 *   (policy "continue") is unlimited, a tracked one counts "Variant Inventory Qty";
 * - type: "Gift Card" TRUE is a gift card; a variant that needs no shipping a digital product (a
 *   service is written so too: Shopify's columns have no services); anything else physical;
 * - categories travel in "Type" (Shopify's own free-text product type), comma-separated;
 * - weight is "Variant Grams", shown in the store's unit ("Variant Weight Unit" lb or kg); sizes
 *   have no column and are kept as they are;
 * - a product without options is Shopify's "Title" option of one value, "Default Title".
 */
import { isProductVisible, MEASUREMENT_STANDARDS, type ProductType } from '../../../../domain/commerce';
import type { Product } from '../../../../document/store';
import { format } from '../../../../messages/format';
import { productCsv } from '../../../../messages/product-csv';
import type { CsvRecord } from './csv-read';
import { cellReader, listOf, rowChecks, type CsvProduct, type ExportContext, type ReadProducts, type RowMessage, type StoreUnits } from './model';
import { minorUnitsText } from './money-text';

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Status',
] as const;

/** Shopify's options a product has at most. */
const OPTIONS = 3;
const GRAMS_PER_POUND = 453.59237;
const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' };
const bool = (b: boolean) => (b ? 'TRUE' : 'FALSE');

type Column = (typeof SHOPIFY_COLUMNS)[number];

/** The rows of one product, each cell under its column. */
export function shopifyRows(p: Product, ctx: ExportContext): string[][] {
  const fd = ctx.fractionDigits;
  const imperial = ctx.units.measurementStandard === MEASUREMENT_STANDARDS.IMPERIAL;
  const options = p.options.length > 0 ? p.options.slice(0, OPTIONS) : [{ name: DEFAULT_OPTION.name, values: [DEFAULT_OPTION.value] }];
  const rows: string[][] = [];
  for (let i = 0; i < Math.max(p.variants.length, p.images.length); i++) {
    const cells: Partial<Record<Column, string>> = { Handle: p.slug };
    if (i === 0) {
      const visible = isProductVisible(p.status, p.availableAt, ctx.now);
      Object.assign(cells, {
        Title: p.name,
        'Body (HTML)': ctx.html(p),
        Vendor: ctx.vendor,
        Type: ctx.categoryNames(p).join(', '),
        Tags: p.tags.join(', '),
        Published: bool(visible),
        'Gift Card': bool(p.productType === 'GIFT_CARD'),
        'SEO Title': p.seo.title ?? '',
        'SEO Description': p.seo.description ?? '',
        Status: visible ? 'active' : 'draft',
      });
      options.forEach((o, n) => (cells[`Option${n + 1} Name` as Column] = o.name));
    }
    const v = p.variants[i];
    if (v) {
      options.forEach((o, n) => (cells[`Option${n + 1} Value` as Column] = v.optionValues[n]?.value ?? DEFAULT_OPTION.value));
      Object.assign(cells, {
        'Variant SKU': v.sku ?? '',
        'Variant Grams': v.weight ? String(Math.round(v.weight * (imperial ? GRAMS_PER_POUND : 1000))) : '',
        'Variant Inventory Tracker': v.unlimited ? '' : 'shopify',
        'Variant Inventory Qty': v.unlimited ? '' : String(v.qtyInStock),
        'Variant Inventory Policy': v.unlimited ? 'continue' : 'deny',
        'Variant Fulfillment Service': 'manual',
        'Variant Price': minorUnitsText(v.onSale ? v.salePriceCents : v.priceCents, fd),
        'Variant Compare At Price': v.onSale ? minorUnitsText(v.priceCents, fd) : '',
        'Variant Requires Shipping': bool(p.productType === 'PHYSICAL'),
        'Variant Taxable': 'TRUE',
        'Variant Image': v.image ? ctx.url(v.image) : '',
        'Variant Weight Unit': imperial ? 'lb' : 'kg',
      });
    }
    const image = p.images[i];
    if (image) Object.assign(cells, { 'Image Src': ctx.url(image.file), 'Image Position': String(i + 1), 'Image Alt Text': image.alt ?? '' });
    rows.push(SHOPIFY_COLUMNS.map((c) => cells[c] ?? ''));
  }
  return rows;
}

function productType(gift: boolean | undefined, shipping: boolean | undefined): ProductType {
  if (gift) return 'GIFT_CARD';
  return shipping === false ? 'DIGITAL' : 'PHYSICAL';
}

/** Products from a file in Shopify's columns (`records` after the header). */
export function readShopify(header: readonly string[], records: readonly CsvRecord[], units: StoreUnits): ReadProducts {
  const reader = cellReader(header);
  const errors: RowMessage[] = [];
  const products: CsvProduct[] = [];
  const byHandle = new Map<string, CsvProduct>();
  const imperial = units.measurementStandard === MEASUREMENT_STANDARDS.IMPERIAL;
  for (const record of records) {
    const cell = reader(record);
    const { row } = record;
    const check = rowChecks(row, errors, units);
    const handle = cell('Handle');
    if (handle === '') {
      check.fail(productCsv.noHandle);
      continue;
    }
    let product = byHandle.get(handle);
    if (!product) {
      const name = cell('Title');
      if (name === '') {
        check.fail(productCsv.noTitle);
        continue;
      }
      const status = cell('Status').toLowerCase();
      let visible: boolean | undefined;
      if (status === 'active') visible = true;
      else if (status === 'draft' || status === 'archived') visible = false;
      else if (status !== '') check.fail(format(productCsv.notStatus, { column: 'Status', value: cell('Status') }));
      else visible = check.flag('Published', cell('Published'), ['TRUE', 'FALSE'], true);
      const names = [1, 2, 3].map((n) => cell(`Option${n} Name`)).filter((n) => n !== '');
      const plain = names.length === 1 && names[0] === DEFAULT_OPTION.name && cell('Option1 Value') === DEFAULT_OPTION.value;
      product = {
        row,
        slug: handle,
        name,
        productType: productType(
          check.flag('Gift Card', cell('Gift Card'), ['TRUE', 'FALSE'], false),
          check.flag('Variant Requires Shipping', cell('Variant Requires Shipping'), ['TRUE', 'FALSE'], true),
        ),
        visible: visible ?? true,
        descriptionHtml: cell('Body (HTML)'),
        tags: listOf(cell('Tags')),
        categories: listOf(cell('Type')),
        seo: { ...(cell('SEO Title') ? { title: cell('SEO Title') } : {}), ...(cell('SEO Description') ? { description: cell('SEO Description') } : {}) },
        optionNames: plain ? [] : names,
        variants: [],
        images: [],
      };
      byHandle.set(handle, product);
      products.push(product);
    }
    const values = product.optionNames.map((option, n) => {
      const value = cell(`Option${n + 1} Value`);
      if (value === '' && cell('Variant Price') !== '') check.fail(format(productCsv.noValueFor, { option }));
      return value;
    });
    if (cell('Variant Price') !== '' || cell('Variant SKU') !== '' || values.some((v) => v !== '')) {
      const price =
        cell('Variant Price') === ''
          ? check.fail(format(productCsv.noPrice, { column: 'Variant Price' }))
          : check.price('Variant Price', cell('Variant Price'));
      const compareAt = cell('Variant Compare At Price') === '' ? undefined : check.price('Variant Compare At Price', cell('Variant Compare At Price'));
      const onSale = price !== undefined && compareAt !== undefined && compareAt > price;
      const unlimited = cell('Variant Inventory Tracker') === '' || cell('Variant Inventory Policy').toLowerCase() === 'continue';
      const stock = unlimited ? { unlimited, qtyInStock: 0 } : check.stock('Variant Inventory Qty', cell('Variant Inventory Qty'));
      const grams = check.measure('Variant Grams', cell('Variant Grams'));
      product.variants.push({
        row,
        ...(cell('Variant SKU') ? { sku: cell('Variant SKU') } : {}),
        values,
        priceCents: onSale ? compareAt! : (price ?? 0),
        salePriceCents: onSale ? price! : 0,
        onSale,
        unlimited: stock?.unlimited ?? false,
        qtyInStock: stock?.qtyInStock ?? 0,
        image: cell('Variant Image') || null,
        // To a hundredth of a pound (4.5 g) or a gram: what the grams can tell.
        weight: grams ? (imperial ? Math.round((grams / GRAMS_PER_POUND) * 100) / 100 : grams / 1000) : null,
      });
    }
    const src = cell('Image Src');
    if (src !== '') product.images.push({ url: src, row, ...(cell('Image Alt Text') ? { alt: cell('Image Alt Text') } : {}) });
  }
  return { products, errors };
}
