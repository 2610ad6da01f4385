import { describe, expect, it } from 'vitest';
import { renewal } from './orders.js';

describe('renewal', () => {
  it.each([
    ['2026-01-15T10:00:00Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T00:00:00Z', '2026-04-30T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2027-01-31T23:59:59.000Z'],
  ])('a monthly item bought %s renews %s', (at, next) => {
    expect(renewal('monthly', new Date(at))?.toISOString()).toBe(next);
  });
  it('is none for one-off items', () => {
    expect(renewal('one-time', new Date())).toBeNull();
  });
});
