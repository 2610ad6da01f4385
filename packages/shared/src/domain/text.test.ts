import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { singleLine } from '../contracts/text.js';
import { isSingleLine, textProblem } from './text.js';

const code = (n: number) => String.fromCharCode(n);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('text rules', () => {
  it('refuse every C0 control but TAB, LF and CR, DEL and every C1 control', () => {
    const refused = [...range(0x00, 0x08), 0x0b, 0x0c, ...range(0x0e, 0x1f), ...range(0x7f, 0x9f)];
    for (const n of refused)
      expect([n, textProblem(`a${code(n)}b`)]).toEqual([n, 'Control characters are not allowed']);
    for (const n of [0x09, 0x0a, 0x0d]) expect(textProblem(`a${code(n)}b`)).toBeNull();
  });

  it('refuse a lone surrogate but not a pair', () => {
    expect(textProblem('a\ud800b')).toBe('Text is not valid Unicode');
    expect(textProblem('a\udc00')).toBe('Text is not valid Unicode');
    expect(textProblem('emoji 😀, Ünïcödé, العربية')).toBeNull();
  });

  it('a single line refuses TAB, LF and CR as well', () => {
    for (const c of ['\t', '\n', '\r', '\u0000', '\u0085'])
      expect(isSingleLine(`a${c}b`)).toBe(false);
    expect(isSingleLine('Ada Lovelace')).toBe(true);
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSingleLine(s)) expect(textProblem(s)).toBeNull();
      }),
    );
  });

  it('singleLine() names the field in its message and keeps the schema chainable', () => {
    const name = singleLine(z.string().trim().min(1), 'Name').max(5);
    expect(name.safeParse(' Ada ').data).toBe('Ada');
    expect(name.safeParse('A\nda').error?.issues[0]?.message).toBe(
      'Name must be one line without control characters',
    );
    expect(name.safeParse('Adalovelace').success).toBe(false);
  });
});
