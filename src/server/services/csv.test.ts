/** CSV cells for spreadsheet apps: RFC 4180 quoting and formula neutralisation. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvRow, neutraliseFormula } from './csv';

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

  it('names files with ASCII letters, digits and hyphens only', () => {
    expect(csvFileName('Café "Menu"', 'submissions', '2025-01-02')).toBe('cafe-menu-submissions-2025-01-02.csv');
    expect(csvFileName('日本')).toBe('export.csv');
  });
});
