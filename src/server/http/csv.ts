/**
 * CSV for exports that people open in spreadsheet apps: RFC 4180 (comma separated, CRLF line
 * ends, quotes doubled), UTF-8 with a byte-order mark so Excel reads accents right. Visitors write
 * these values, so they are never trusted (OWASP "CSV injection"):
 *
 * - a cell is quoted whenever it holds a separator any spreadsheet may split on (comma, semicolon
 *   in locales that use it, tab), a quote, or a line break, so it stays one cell everywhere;
 * - a formula start (= + - @, a tab or a carriage return) is neutralised with a single quote, which
 *   spreadsheets show as text, at the start of the cell and after every separator or line break
 *   inside it (spaces between skipped), since a reader that splits the cell there would see a
 *   formula begin.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Written once at the start of the file. */
export const CSV_BOM = '\uFEFF';

/** Characters that make a spreadsheet read what follows as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
/** Where a spreadsheet that splits a cell may start reading a new one: after a separator or a line break. */
const BREAKS = new Set([',', ';', '\t', '\r', '\n']);

/** What makes a cell need quotes: a separator, a quote or a line break. */
const NEEDS_QUOTES = /[,;\t"\r\n]/;

/**
 * Every place in a cell where a formula could start (its start, or after a separator or line break,
 * spaces skipped) gets a single quote, which spreadsheets show as text.
 */
export function neutraliseFormula(value: string): string {
  let out = '';
  let atBreak = true;
  for (const ch of value) {
    if (atBreak && FORMULA_START.has(ch)) out += "'";
    out += ch;
    atBreak = BREAKS.has(ch) || (atBreak && ch === ' ');
  }
  return out;
}

/** One cell: neutralised, then quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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

/** A CSV answer streamed from `rows`, downloaded as `fileName`; never cached, since it holds personal data (the analytics report's files use it too). */
export function sendCsv(reply: FastifyReply, fileName: string, rows: AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(rows));
}
