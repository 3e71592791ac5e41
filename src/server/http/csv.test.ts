/** CSV cells for spreadsheet apps: quoting whatever a spreadsheet may split on, and formula neutralisation wherever a cell could start. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvRow, neutraliseFormula } from './csv';

const FORMULA_START = /^[=+\-@\t\r]/;
const BREAKS = /[,;\t\r\n]/;

/** Cells made of the characters that matter here, and a little plain text. */
const cells = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', ';', '\t', '\r', '\n', '"', '=', '+', '-', '@', "'"), maxLength: 30 });

/** Reads one RFC 4180 field back: a quoted one loses its quotes and has its doubled quotes undone. */
function readField(field: string): string {
  return field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
}

describe('CSV cells', () => {
  it('quotes by RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvRow(['x', 'y,z'])).toBe('x,"y,z"\r\n');
  });

  it('quotes a cell holding a semicolon or a tab, which spreadsheets in some locales split on', () => {
    expect(csvCell('x;y')).toBe('"x;y"');
    expect(csvCell('x\ty')).toBe('"x\ty"');
    expect(csvCell('x\ry')).toBe('"x\ry"');
  });

  it('neutralises a formula after every separator or line break inside a cell, spaces skipped', () => {
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('x, =cmd|"/c calc"!A1')).toBe(`"x, '=cmd|""/c calc""!A1"`);
    expect(csvCell('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(csvCell('line\r\n-2+3')).toBe(`"line\r\n'-2+3"`);
    expect(neutraliseFormula('\t=1')).toBe(`'\t'=1`);
    expect(neutraliseFormula(' =1')).toBe(` '=1`);
    expect(csvCell('2025-01-02; 10:00')).toBe('"2025-01-02; 10:00"');
    // Text with no separator, line break or formula start at its beginning is left as it is.
    const plain = fc.string({ unit: fc.constantFrom('a', 'é', '1', ' ', '.', '/', "'", '(', '=', '-') }).filter((s) => !/^ *[=-]/.test(s));
    fc.assert(
      fc.property(plain, (value) => {
        expect(csvCell(value)).toBe(value);
      }),
    );
  });

  it('leaves no piece of a cell that starts a formula, however a spreadsheet splits it', () => {
    fc.assert(
      fc.property(cells, (value) => {
        for (const piece of neutraliseFormula(value).split(BREAKS)) expect(piece.replace(/^ +/, '')).not.toMatch(FORMULA_START);
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes exactly the cells holding a separator, a quote or a line break, and reads back as the neutralised text', () => {
    fc.assert(
      fc.property(cells, (value) => {
        const cell = csvCell(value);
        const safe = neutraliseFormula(value);
        expect(cell.startsWith('"')).toBe(/[,;\t"\r\n]/.test(value));
        expect(readField(cell)).toBe(safe);
        // Inside quotes every quote is doubled, so the field cannot end early.
        if (cell.startsWith('"')) expect(cell.slice(1, -1).replace(/""/g, '')).not.toContain('"');
      }),
      { numRuns: 2000 },
    );
  });

  it('names files with ASCII letters, digits and hyphens only', () => {
    expect(csvFileName('Café "Menu"', 'submissions', '2025-01-02')).toBe('cafe-menu-submissions-2025-01-02.csv');
    expect(csvFileName('日本')).toBe('export.csv');
  });
});
