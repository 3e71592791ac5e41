/**
 * Squarespace's product CSV, both ways. One row per variant; a product's own fields (type, page,
 * URL, title, description, option names, categories, tags, visibility, images) on its first row,
 * whose variant is the product's first. A row with a Title or a Product URL, or another Product ID,
 * starts a product; the rows after it without one are its further variants. Prices are the price
 * and the sale price with "On Sale" Yes or No; stock a count or "Unlimited"; weight and sizes in the
 * store's units; "Hosted Image URLs" separated by spaces or line breaks. The columns have no SEO
 * fields and no photo per variant: an imported product keeps its own.
 */
import { isProductVisible, PRODUCT_TYPES, type ProductType } from '../../../../domain/commerce';
import { MAX_PRODUCT_OPTIONS } from '../../../../domain/commerce';
import type { Product } from '../../../../document/store';
import { format } from '../../../../messages/format';
import { productCsv } from '../../../../messages/product-csv';
import type { CsvRecord } from './csv-read';
import { cellReader, listOf, rowChecks, slugOf, type CsvProduct, type ExportContext, type ReadProducts, type RowMessage, type StoreUnits } from './model';
import { minorUnitsText } from './money-text';

const OPTION_NUMBERS = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, i) => i + 1);

export const SQUARESPACE_COLUMNS = [
  'Product ID [Non Editable]',
  'Variant ID [Non Editable]',
  'Product Type [Non Editable]',
  'Product Page',
  'Product URL',
  'Title',
  'Description',
  'SKU',
  ...OPTION_NUMBERS.flatMap((n) => [`Option Name ${n}`, `Option Value ${n}`]),
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Categories',
  'Tags',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Visible',
  'Hosted Image URLs',
] as const;

const YES_NO = ['Yes', 'No'] as const;
const yesNo = (b: boolean) => (b ? YES_NO[0] : YES_NO[1]);
const measure = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The rows of one product, each cell under its column. */
export function squarespaceRows(p: Product, ctx: ExportContext): string[][] {
  const fd = ctx.fractionDigits;
  return p.variants.map((v, i) => {
    const cells: Record<string, string> = {
      'Product ID [Non Editable]': p.id,
      'Variant ID [Non Editable]': v.id,
      SKU: v.sku ?? '',
      Price: minorUnitsText(v.priceCents, fd),
      'Sale Price': minorUnitsText(v.salePriceCents, fd),
      'On Sale': yesNo(v.onSale),
      Stock: v.unlimited ? 'Unlimited' : String(v.qtyInStock),
      Weight: measure(v.weight),
      Length: measure(v.dimensions?.length),
      Width: measure(v.dimensions?.width),
      Height: measure(v.dimensions?.height),
    };
    v.optionValues.forEach((ov, n) => (cells[`Option Value ${n + 1}`] = ov.value));
    if (i === 0) {
      Object.assign(cells, {
        'Product Type [Non Editable]': p.productType,
        'Product Page': ctx.shopPage,
        'Product URL': p.slug,
        Title: p.name,
        Description: ctx.html(p),
        Categories: ctx.categoryNames(p).join(', '),
        Tags: p.tags.join(', '),
        Visible: yesNo(isProductVisible(p.status, p.availableAt, ctx.now)),
        'Hosted Image URLs': p.images.map((im) => ctx.url(im.file)).join('\n'),
      });
      p.options.forEach((o, n) => (cells[`Option Name ${n + 1}`] = o.name));
    }
    return SQUARESPACE_COLUMNS.map((c) => cells[c] ?? '');
  });
}

const isProductType = (t: string): t is ProductType => (PRODUCT_TYPES as readonly string[]).includes(t);

/** Products from a file in Squarespace's columns (`records` after the header). */
export function readSquarespace(header: readonly string[], records: readonly CsvRecord[], units: StoreUnits): ReadProducts {
  const reader = cellReader(header);
  const errors: RowMessage[] = [];
  const products: CsvProduct[] = [];
  let current: (CsvProduct & { productId: string }) | undefined;
  for (const record of records) {
    const cell = reader(record);
    const { row } = record;
    const check = rowChecks(row, errors, units);
    const productId = cell('Product ID [Non Editable]');
    const starts = cell('Title') !== '' || cell('Product URL') !== '' || (productId !== '' && productId !== current?.productId);
    if (starts) {
      const name = cell('Title');
      if (name === '') {
        check.fail(productCsv.noTitle);
        current = undefined;
        continue;
      }
      const type = cell('Product Type [Non Editable]').toUpperCase() || 'PHYSICAL';
      if (!isProductType(type)) check.fail(format(productCsv.notProductType, { column: 'Product Type [Non Editable]', value: type }));
      current = {
        productId,
        row,
        slug: slugOf(cell('Product URL') || name),
        name,
        productType: isProductType(type) ? type : 'PHYSICAL',
        visible: check.flag('Visible', cell('Visible'), YES_NO, true) ?? true,
        descriptionHtml: cell('Description'),
        tags: listOf(cell('Tags')),
        categories: listOf(cell('Categories')),
        optionNames: OPTION_NUMBERS.map((n) => cell(`Option Name ${n}`)).filter((n) => n !== ''),
        variants: [],
        images: cell('Hosted Image URLs')
          .split(/\s+/)
          .filter((url) => url !== '')
          .map((url) => ({ url, row })),
      };
      products.push(current);
    } else if (!current) {
      check.fail(productCsv.noProductAbove);
      continue;
    }
    const product = current;
    const values = product.optionNames.map((option, n) => {
      const value = cell(`Option Value ${n + 1}`);
      if (value === '') check.fail(format(productCsv.noValueFor, { option }));
      return value;
    });
    const price = cell('Price') === '' ? check.fail(format(productCsv.noPrice, { column: 'Price' })) : check.price('Price', cell('Price'));
    const sale = cell('Sale Price') === '' ? 0 : check.price('Sale Price', cell('Sale Price'));
    const stock = check.stock('Stock', cell('Stock'));
    const [weight, length, width, height] = (['Weight', 'Length', 'Width', 'Height'] as const).map((c) => check.measure(c, cell(c)));
    product.variants.push({
      row,
      ...(cell('SKU') ? { sku: cell('SKU') } : {}),
      values,
      priceCents: price ?? 0,
      salePriceCents: sale ?? 0,
      onSale: check.flag('On Sale', cell('On Sale'), YES_NO, false) ?? false,
      unlimited: stock?.unlimited ?? false,
      qtyInStock: stock?.qtyInStock ?? 0,
      weight: weight ?? null,
      dimensions: length || width || height ? { length: length ?? 0, width: width ?? 0, height: height ?? 0 } : null,
    });
  }
  return { products, errors };
}
