import { describe, expect, it } from 'vitest';
import { withPlus } from './e164.js';

describe('withPlus', () => {
  it('adds the + a number lacks, once', () => {
    expect(withPlus('447400123456')).toBe('+447400123456');
    expect(withPlus('+447400123456')).toBe('+447400123456');
  });
  it('changes nothing else', () => {
    expect(withPlus('')).toBe('+');
    expect(withPlus('++1')).toBe('++1');
    expect(withPlus(' 44')).toBe('+ 44');
  });
});
