import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRow, CSV_BOM } from '../../../http/csv';
import { readCsv, unguarded } from './csv-read';
import { minorUnitsText, parseMeasure, parseMinorUnits } from './money-text';

const cellsOf = (text: string) => {
  const read = readCsv(text);
  if (!read.ok) throw new Error(`unclosed quote at row ${read.row}`);
  return read.records;
};

describe('reading a CSV file', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, after a byte-order mark', () => {
    const text = '\uFEFFHandle,Body (HTML)\r\nmug,"<p>Tall, thin</p>\n<p>a ""good"" mug</p>"\r\nbowl,plain\r\n';
    expect(cellsOf(text)).toEqual([
      { row: 1, cells: ['Handle', 'Body (HTML)'] },
      { row: 2, cells: ['mug', '<p>Tall, thin</p>\n<p>a "good" mug</p>'] },
      { row: 3, cells: ['bowl', 'plain'] },
    ]);
  });

  it('numbers rows as a spreadsheet does: blank lines counted, a cell with line breaks one row', () => {
    const text = 'a,b\n"one\ntwo",x\n\nlast,\rend';
    expect(cellsOf(text)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['one\ntwo', 'x'] },
      { row: 4, cells: ['last', ''] },
      { row: 5, cells: ['end'] },
    ]);
  });

  it('names the row of a quote that never closes', () => {
    expect(readCsv('a,b\nok,1\n"open,2\n')).toEqual({ ok: false, row: 3 });
  });

  // A cell that itself starts with an apostrophe before a formula start ("'=") reads back without it: the one loss.
  it('reads back whatever our export writes, its formula guards taken off', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ' ', ',', ';', '"', '\n', '\r\n', '=', '-', '+', '@', 'é') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        // A lone CR inside a cell is written as a line end by spreadsheets too; our cells never hold one.
        const clean = rows.map((r) => r.map((c) => c.replace(/\r(?!\n)/g, '')));
        const read = readCsv(CSV_BOM + clean.map(csvRow).join(''));
        if (!read.ok) return false;
        const nonBlank = clean.filter((r) => r.length > 1 || r[0] !== '');
        return JSON.stringify(read.records.map((r) => r.cells.map(unguarded))) === JSON.stringify(nonBlank);
      }),
    );
  });

  it("keeps a quote that guards nothing: an apostrophe is the owner's", () => {
    expect(unguarded("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguarded("tea, '-ish")).toBe('tea, -ish');
    expect(unguarded("rock 'n' roll")).toBe("rock 'n' roll");
  });
});

describe('prices as text', () => {
  it('reads decimal text into whole minor units exactly', () => {
    expect(parseMinorUnits('38.00', 2)).toBe(3800);
    expect(parseMinorUnits('0.29', 2)).toBe(29);
    expect(parseMinorUnits('19.9', 2)).toBe(1990);
    expect(parseMinorUnits('1,200.50', 2)).toBe(120050);
    expect(parseMinorUnits('$44', 2)).toBe(4400);
    expect(parseMinorUnits('12.5 EUR', 2)).toBe(1250);
    expect(parseMinorUnits('1500', 0)).toBe(1500);
    expect(parseMinorUnits('1500.00', 0)).toBe(1500);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const text of ['', 'abc', '-3.00', '3.005', '1,20.00', '1.2.3', '12,5']) expect(parseMinorUnits(text, 2), text).toBeUndefined();
    // Yen have no decimals.
    expect(parseMinorUnits('1500.5', 0)).toBeUndefined();
  });

  it('writes and reads back every price, in every currency’s decimals, never through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0, 2, 3), (minor, digits) => {
        const text = minorUnitsText(minor, digits);
        return parseMinorUnits(text, digits) === minor && (digits === 0 ? !text.includes('.') : text.split('.')[1]!.length === digits);
      }),
    );
  });

  it('reads measures as plain decimals, rounded', () => {
    expect(parseMeasure('0.9')).toBe(0.9);
    expect(parseMeasure('10.5')).toBe(10.5);
    expect(parseMeasure('0.89949', 2)).toBe(0.9);
    expect(parseMeasure('heavy')).toBeUndefined();
  });
});
