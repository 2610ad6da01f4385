import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGsm7, smsParts, smsShape } from './sms.js';

describe('smsShape', () => {
  it.each([
    ['', 'GSM-7', 0, 0],
    ['Hello', 'GSM-7', 5, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    // € and [ are extension characters: two septets each.
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['€'.repeat(81), 'GSM-7', 162, 2],
    ['[Café] £5 @ 10:00', 'GSM-7', 19, 1],
    ['ç', 'UCS-2', 1, 1],
    ['Привет', 'UCS-2', 6, 1],
    ['م'.repeat(70), 'UCS-2', 70, 1],
    ['م'.repeat(71), 'UCS-2', 71, 2],
    // The example: a 160-character Arabic message is 3 UCS-2 segments.
    ['م'.repeat(160), 'UCS-2', 160, 3],
    ['😀'.repeat(35), 'UCS-2', 70, 1],
  ])('%j is %s, %i units, %i segments', (text, encoding, units, segments) => {
    expect(smsShape(text)).toMatchObject({ encoding, units, segments });
  });

  it('knows the GSM alphabet', () => {
    expect(isGsm7('Ünïcode')).toBe(false); // ï is not in it
    expect(isGsm7('ÄÖÑÜäöñüà§¿¡')).toBe(true);
  });
});

describe('smsParts', () => {
  it('never splits an emoji or an extension character across parts', () => {
    const { parts } = smsParts(`${'a'.repeat(66)}😀${'b'.repeat(10)}`);
    expect(parts).toEqual([`${'a'.repeat(66)}`, `😀${'b'.repeat(10)}`]);
    const gsm = smsParts(`${'a'.repeat(152)}€${'x'.repeat(10)}`);
    expect(gsm.parts).toEqual(['a'.repeat(152), `€${'x'.repeat(10)}`]);
  });

  it('joins back to the message, each part within its limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const { encoding, parts } = smsParts(text);
        expect(parts.join('')).toBe(text);
        const shape = smsShape(text);
        expect(shape.segments).toBe(parts.length);
        if (parts.length > 1)
          for (const p of parts)
            expect(smsShape(p).units).toBeLessThanOrEqual(encoding === 'GSM-7' ? 153 : 67);
      }),
    );
  });
});
