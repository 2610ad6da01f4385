import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, neutraliseCell, parseCsv, toCsv } from './csv.js';

describe('CSV', () => {
  it('parses quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","x\ny"\r\n1,2,3,4\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'x\ny'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('ignores a byte-order mark and keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,,c')).toEqual([['a', '', 'c']]);
  });

  it('refuses a broken quote', () => {
    expect(() => parseCsv('a,"b')).toThrow(CsvError);
    expect(() => parseCsv('a,b"c"')).toThrow(CsvError);
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          // A single empty field on its own line is indistinguishable from a blank line.
          fc.pre(rows.every((r) => !(r.length === 1 && r[0] === '')));
          expect(parseCsv(toCsv(rows))).toEqual(rows);
        },
      ),
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(toCsv([['=HYPERLINK("http://x","y")', '+447400123456', '-1', '@SUM(A1)', 'ok']])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",'+447400123456,'-1,'@SUM(A1),ok\r\n`,
    );
    expect(neutraliseCell('\tx')).toBe("'\tx");
    expect(neutraliseCell('\rx')).toBe("'\rx");
    expect(neutraliseCell("'=x")).toBe("''=x");
    expect(neutraliseCell("it's = fine")).toBe("it's = fine");
    expect(neutraliseCell('12.50')).toBe('12.50');
  });

  it('reads back what it writes, formulas and quotes included', () => {
    const cell = fc
      .array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', '1', ',', '"', '\n'), {
        maxLength: 6,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1 }),
        (rows) => {
          expect(parseCsv(toCsv(rows))).toEqual(rows);
        },
      ),
    );
  });
});
