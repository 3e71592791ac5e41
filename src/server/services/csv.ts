/**
 * CSV for exports that people open in spreadsheet apps: RFC 4180 (comma separated, CRLF line
 * ends, a field quoted when it holds a comma, a quote or a line break, quotes doubled), UTF-8 with
 * a byte-order mark so Excel reads accents right, and every cell that a spreadsheet would run as a
 * formula (it begins with = + - @, a tab or a carriage return) neutralised with a leading single
 * quote (OWASP "CSV injection"). Visitors write these values, so they are never trusted.
 */

/** Written once at the start of the file. */
export const CSV_BOM = '\uFEFF';

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell that would start a formula gets a leading single quote, which spreadsheets show as text. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One cell: neutralised, then quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, with its CRLF line end. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A file name for Content-Disposition: ASCII letters, digits and hyphens only, so no header needs encoding. */
export function csvFileName(...parts: string[]): string {
  const slug = parts
    .join('-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'export'}.csv`;
}
