import { describe, expect, it } from 'vitest';
import { copyWithFields, withFields } from './with-fields.js';

describe('withFields', () => {
  it('gives what a spread and the fields would, in the same key order', () => {
    const make = () => ({ id: '1', status: 'pending', note: null as string | null });
    const extra = { user: { id: 'u' }, status: 'approved', explorerUrl: null };
    const spread = { ...make(), ...extra };
    const added = withFields(make(), extra);
    expect(added).toEqual(spread);
    expect(Object.keys(added)).toEqual(Object.keys(spread));
    expect(JSON.stringify(added)).toBe(JSON.stringify(spread));
  });

  it('copies without changing the row it is given', () => {
    const row = { id: '1', status: 'pending' };
    const copy = copyWithFields(row, { userId: 'u', status: 'sent' });
    expect(copy).toEqual({ ...row, userId: 'u', status: 'sent' });
    expect(Object.keys(copy)).toEqual(['id', 'status', 'userId']);
    expect(row).toEqual({ id: '1', status: 'pending' });
  });
});
