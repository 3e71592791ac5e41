/**
 * What a product CSV says, whichever platform's columns it is in: products as rows read them,
 * before they meet the store (./merge.ts), and the small readers of cells both formats share.
 * Each product and variant keeps the row it came from, for the refusals that name it.
 */
import { slugify } from '../../../../domain/blog-url';
import { currency, type CurrencyCode, type ProductType } from '../../../../domain/commerce';
import { format } from '../../../../messages/format';
import { productCsv } from '../../../../messages/product-csv';
import type { Product } from '../../../../document/store';
import type { CsvRecord } from './csv-read';
import { unguarded } from './csv-read';
import { parseMeasure, parseMinorUnits } from './money-text';

export type CsvFormat = 'shopify' | 'squarespace';
export type RowMessage = { row: number; message: string };

export type CsvVariant = {
  row: number;
  sku?: string;
  /** One value for each of the product's options, in their order. */
  values: string[];
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  /** The variant's photo, as the file addresses it; undefined when the file's columns cannot say. */
  image?: string | null;
  weight?: number | null;
  dimensions?: { length: number; width: number; height: number } | null;
};

export type CsvProduct = {
  row: number;
  slug: string;
  name: string;
  productType: ProductType;
  visible: boolean;
  descriptionHtml: string;
  tags: string[];
  /** Category names. */
  categories: string[];
  /** Undefined when the file's columns have none (Squarespace's), so a product's own is kept. */
  seo?: { title?: string; description?: string };
  optionNames: string[];
  variants: CsvVariant[];
  images: { url: string; alt?: string; row: number }[];
};

export type ReadProducts = { products: CsvProduct[]; errors: RowMessage[] };

/** What a file's numbers are in: the store's currency and measurement standard. */
export type StoreUnits = { currency: CurrencyCode; measurementStandard: number };

/** What writing a product's rows needs besides the product. */
export type ExportContext = {
  units: StoreUnits;
  fractionDigits: number;
  /** Shopify's Vendor: the site's title. */
  vendor: string;
  now: Date;
  /** The shop's address without its slash, Squarespace's Product Page ("shop"). */
  shopPage: string;
  /** A site file's absolute address, so another platform can fetch it. */
  url(file: string): string;
  html(p: Product): string;
  categoryNames(p: Product): string[];
};

/** One record's cells by column name (case and spaces around it aside), unguarded; '' for a column the file lacks. */
export function cellReader(header: readonly string[]) {
  const index = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  return (record: CsvRecord) => (name: string) => {
    const i = index.get(name.toLowerCase());
    return i === undefined ? '' : unguarded(record.cells[i] ?? '').trim();
  };
}

export const hasColumn = (header: readonly string[], name: string) => header.some((h) => h.trim().toLowerCase() === name.toLowerCase());

/** A list cell ("stoneware, sale") as its items. */
export const listOf = (cell: string): string[] =>
  cell
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A row's problems collected while its cells are read, so one pass names every one. */
export function rowChecks(row: number, errors: RowMessage[], units: StoreUnits) {
  const fail = (message: string) => {
    errors.push({ row, message });
    return undefined;
  };
  return {
    fail,
    price(column: string, value: string): number | undefined {
      const cents = parseMinorUnits(value, currency(units.currency).fractionDigits);
      return cents === undefined ? fail(format(productCsv.notPrice, { column, value, currency: units.currency })) : cents;
    },
    measure(column: string, value: string, places?: number): number | null | undefined {
      if (value === '') return null;
      const n = parseMeasure(value, places);
      return n === undefined ? fail(format(productCsv.notMeasure, { column, value })) : n;
    },
    /** A yes-or-no cell: `empty` when blank. */
    flag(column: string, value: string, words: readonly [string, string], empty: boolean): boolean | undefined {
      if (value === '') return empty;
      const lower = value.toLowerCase();
      if (lower === words[0].toLowerCase()) return true;
      if (lower === words[1].toLowerCase()) return false;
      return fail(format(productCsv.notYesNo, { column, value, yes: words[0], no: words[1] }));
    },
    stock(column: string, value: string): { unlimited: boolean; qtyInStock: number } | undefined {
      if (value.toLowerCase() === 'unlimited') return { unlimited: true, qtyInStock: 0 };
      if (value === '') return { unlimited: false, qtyInStock: 0 };
      return /^\d{1,9}$/.test(value) ? { unlimited: false, qtyInStock: Number(value) } : fail(format(productCsv.notStock, { column, value }));
    },
  };
}

/** A slug from a title, for a row that names none ("Tall Mug!" → "tall-mug"): the blog's and the pages' rule. */
export const slugOf = (text: string): string => slugify(text).slice(0, 200).replace(/-+$/, '');

/** Option values in the order the variants first use them. */
export function optionValuesOf(product: CsvProduct): { name: string; values: string[] }[] {
  return product.optionNames.map((name, i) => ({
    name,
    values: [...new Set(product.variants.map((v) => v.values[i] ?? '').filter((v) => v !== ''))],
  }));
}
