import { describe, expect, it } from 'vitest';
import { renewal, renewalChargeOf } from './orders.store.js';

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

describe('renewalChargeOf', () => {
  const item = {
    kind: 'number' as const,
    id: 'n1',
    name: '+442071230001',
    description: '',
    price: '5.50',
    recurringPrice: '3.50',
    setupPrice: '2.00',
    currency: 'USD',
    billingPeriod: 'monthly',
    available: true,
  };
  it('is the monthly share of what the purchase charged, in GBP, however it was paid', () => {
    // $5.50 charged £4.38: each renewal is £4.38 × 3.50 / 5.50 = £2.787… → £2.79.
    expect(renewalChargeOf(item, '4.38')).toBe('2.79');
    const plan = { ...item, kind: 'package' as const, price: '99.00', recurringPrice: '99.00' };
    expect(renewalChargeOf(plan, '99.00')).toBe('99.00');
    expect(renewalChargeOf(plan, '77.34')).toBe('77.34');
  });
  it('is zero for a free item and none for a one-off', () => {
    expect(renewalChargeOf({ ...item, price: '0.00', recurringPrice: '0.00' }, '0.00')).toBe(
      '0.00',
    );
    expect(
      renewalChargeOf({ ...item, billingPeriod: 'one-time', recurringPrice: null }, '9'),
    ).toBeNull();
  });
});
