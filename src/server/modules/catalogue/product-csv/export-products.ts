/**
 * A shop's products as a CSV file in Shopify's or Squarespace's columns: the header, then each
 * product's rows in the shop's order, as src/server/http/csv.ts writes CSV (RFC 4180, a byte-order
 * mark, formula starts guarded). Images are written as absolute addresses on the site, so the
 * other platform can fetch them.
 */
import { currency } from '../../../../domain/commerce';
import type { Store } from '../../../../document/store';
import { csvRow, CSV_BOM } from '../../../http/csv';
import { FORMATS } from './formats';
import type { CsvFormat, ExportContext } from './model';
import { richTextToHtml } from './rich-text-out';

export type ExportOptions = {
  shopId?: string;
  /** The shop's path, for Squarespace's Product Page. */
  shopPath: string;
  vendor: string;
  /** The site's origin ("https://juniper.example"), before a file's `/s/…`. */
  origin: string;
  now?: Date;
};

export function* productCsvLines(format: CsvFormat, store: Store, opts: ExportOptions): Generator<string> {
  const names = new Map(store.categories.map((c) => [c.id, c.name]));
  const units = { currency: store.settings.selectedCurrency, measurementStandard: store.settings.measurementStandard };
  const ctx: ExportContext = {
    units,
    fractionDigits: currency(units.currency).fractionDigits,
    vendor: opts.vendor,
    now: opts.now ?? new Date(),
    shopPage: opts.shopPath.replace(/^\//, ''),
    url: (file) => `${opts.origin}${file}`,
    html: (p) => (p.description ? richTextToHtml(p.description) : ''),
    categoryNames: (p) => p.categories.flatMap((id) => names.get(id) ?? []),
  };
  const { columns, rows } = FORMATS[format];
  yield CSV_BOM + csvRow(columns);
  for (const p of store.products) {
    if (opts.shopId !== undefined && p.shopId !== opts.shopId) continue;
    for (const row of rows(p, ctx)) yield csvRow(row);
  }
}
