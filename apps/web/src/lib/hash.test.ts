import { describe, expect, it } from 'vitest';
import { shortHash } from './hash';

describe('shortHash', () => {
  it('keeps the first 8 and the last 8 of a long hash', () => {
    expect(shortHash(`0x${'a'.repeat(6)}${'b'.repeat(50)}${'c'.repeat(8)}`)).toBe(
      '0xaaaaaa…cccccccc',
    );
    expect(shortHash('0123456789abcdefg')).toBe('01234567…9abcdefg');
  });

  it('leaves 16 characters or fewer as they are', () => {
    expect(shortHash('0123456789abcdef')).toBe('0123456789abcdef');
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash('')).toBe('');
  });
});
