/**
 * Which platform's columns a file is in, read from its header, and the two formats side by side:
 * their columns, how a product is written, how a file is read.
 */
import type { Product } from '../../../../document/store';
import { productCsv } from '../../../../messages/product-csv';
import { readCsv } from './csv-read';
import { hasColumn, type CsvFormat, type ExportContext, type ReadProducts, type StoreUnits } from './model';
import { readShopify, SHOPIFY_COLUMNS, shopifyRows } from './shopify';
import { readSquarespace, SQUARESPACE_COLUMNS, squarespaceRows } from './squarespace';

export const CSV_FORMATS = ['shopify', 'squarespace'] as const satisfies readonly CsvFormat[];

export const FORMATS = {
  shopify: { columns: SHOPIFY_COLUMNS as readonly string[], rows: shopifyRows, read: readShopify },
  squarespace: { columns: SQUARESPACE_COLUMNS as readonly string[], rows: squarespaceRows, read: readSquarespace },
} as const satisfies Record<CsvFormat, { columns: readonly string[]; rows: (p: Product, ctx: ExportContext) => string[][]; read: unknown }>;

/** Shopify's when the header has a Handle, Squarespace's when it has a Product URL or Product ID. */
export function formatOf(header: readonly string[]): CsvFormat | undefined {
  if (hasColumn(header, 'Handle')) return 'shopify';
  if (hasColumn(header, 'Product URL') || hasColumn(header, 'Product ID [Non Editable]')) return 'squarespace';
  return undefined;
}

/** The products a file holds, in whichever of the two formats it is, with every row's problems. */
export function readProductCsv(text: string, units: StoreUnits): ReadProducts & { format?: CsvFormat } {
  const read = readCsv(text);
  if (!read.ok) return { products: [], errors: [{ row: read.row, message: productCsv.unclosedQuote }] };
  const [header, ...records] = read.records;
  const format = header ? formatOf(header.cells) : undefined;
  if (!header || !format) return { products: [], errors: [{ row: 1, message: productCsv.unknownColumns }] };
  const result = FORMATS[format].read(header.cells, records, units);
  if (result.products.length === 0 && result.errors.length === 0) return { ...result, format, errors: [{ row: 1, message: productCsv.noProducts }] };
  return { ...result, format };
}
