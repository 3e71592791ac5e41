/** The Products screen's CSV export and import, as the owner reads them. */
export const storeCsv = {
  exportTitle: 'Export CSV',
  exportHint: 'Every product of the shop, in the columns of the platform you choose.',
  columns: 'Columns',
  columnsShopify: 'Shopify',
  columnsSquarespace: 'Squarespace',
  download: 'Download CSV',
  importTitle: 'Import CSV',
  importHint:
    "A CSV file in Shopify's or Squarespace's product columns. A product whose handle or URL is already in the shop is updated; if any row is refused, nothing is imported.",
  file: 'CSV file',
  importing: 'Importing {name}…',
  imported:
    '{imported, plural, =0 {No products added} one {# product added} other {# products added}}, {updated, plural, =0 {none updated} one {# updated} other {# updated}}.',
  refusedRows: 'Refused rows',
  warnings: 'Imported with warnings',
  row: 'Row {row}',
  readFailed: 'The file could not be read. Choose it again.',
} as const;
