import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, toCsv } from './csv.js';

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
});
