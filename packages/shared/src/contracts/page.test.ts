import { describe, expect, it } from 'vitest';
import { COUNT_CAP, pagesOf } from './page.js';

describe('pagesOf', () => {
  it('counts the pages of an exact total, one at least', () => {
    expect(pagesOf(0, 20)).toEqual({ pages: 1, more: false });
    expect(pagesOf(45, 20)).toEqual({ pages: 3, more: false });
    expect(pagesOf(COUNT_CAP, 20)).toEqual({ pages: 50, more: false });
  });

  it('says "more" past the cap, with the pages the cap fills', () => {
    expect(pagesOf(COUNT_CAP + 1, 20)).toEqual({ pages: 50, more: true });
    expect(pagesOf(COUNT_CAP + 1, 100)).toEqual({ pages: 10, more: true });
  });
});
