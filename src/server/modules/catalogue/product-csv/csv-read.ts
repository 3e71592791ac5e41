/**
 * Reading a CSV file as RFC 4180 writes it, and as spreadsheets save it: comma-separated cells,
 * quoted cells holding commas, doubled quotes and line breaks, CRLF, LF or CR line ends, a UTF-8
 * byte-order mark at the start. Records come back with the spreadsheet row each starts on
 * counted as records (the header is row 1), since that is the number an owner finds their row by.
 */

export type CsvRecord = { row: number; cells: string[] };
export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; row: number };

/** The records of `text`, or the row of a quote that never closes. Blank lines are left out, but counted. */
export function readCsv(text: string): CsvReadResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false;
  let row = 0;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    row += 1;
    if (cells.length > 1 || cells[0] !== '') records.push({ row, cells });
    cells = [];
    cell = '';
    started = false;
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && !started) {
      quoted = true;
      started = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      started = false;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
    } else {
      cell += ch;
      started = true;
    }
    i += 1;
  }
  if (quoted) return { ok: false, row: row + 1 };
  if (started || cells.length > 0) endRecord();
  return { ok: true, records };
}

/** Characters our own export guards with a leading quote (src/server/http/csv.ts). */
const GUARDED = new Set(['=', '+', '-', '@', '\t', '\r']);
const BREAKS = new Set([',', ';', '\t', '\r', '\n']);

/**
 * A cell as it was before our export guarded it against spreadsheet formulas: the single quote put
 * before a formula start, at the cell's start or after a separator or line break, comes off again,
 * so a file exported here imports as the same catalogue.
 */
export function unguarded(value: string): string {
  let out = '';
  let atBreak = true;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (atBreak && ch === "'" && GUARDED.has(value[i + 1] ?? '')) {
      atBreak = false;
      continue;
    }
    out += ch;
    atBreak = BREAKS.has(ch) || (atBreak && ch === ' ');
  }
  return out;
}
