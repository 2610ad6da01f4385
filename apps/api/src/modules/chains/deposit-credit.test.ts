import { describe, expect, it } from 'vitest';
import {
  arrivedAt,
  confirmationsOf,
  creditPlan,
  dayRateCredit,
  firstCursor,
  isDust,
  keptBlocks,
} from './deposit-credit.js';

const expiresAt = new Date('2026-01-01T12:00:00Z');
const quote = {
  currency: 'BTC',
  cryptoAmount: '0.00150000',
  creditAmount: '100.00',
  creditRate: '66666.666666666666666667',
  expiresAt,
};
const before = new Date('2026-01-01T11:59:59Z');
const after = new Date('2026-01-01T12:00:01Z');
const paid = (amount: string, over: Partial<Parameters<typeof creditPlan>[1]> = {}) =>
  creditPlan(quote, { currency: 'BTC', amount, seenAt: before, blockTime: null, ...over });

describe('creditPlan', () => {
  it('credits an exact payment on time exactly the quote, at its locked rate', () => {
    expect(paid('0.0015')).toEqual({
      kind: 'locked',
      amount: '100.00',
      rate: quote.creditRate,
      late: false,
    });
  });

  it('credits less for an underpayment and the excess too for an overpayment, floored to the penny', () => {
    expect(paid('0.00075')).toMatchObject({ amount: '50.00' });
    expect(paid('0.00300001')).toMatchObject({ amount: '200.00' }); // 200.0006… floors
    expect(paid('0.00000001')).toMatchObject({ amount: '0.00' }); // 0.0066… floors to dust
    expect(paid('0.001499999999999999')).toMatchObject({ amount: '99.99' });
  });

  it('uses the day rate once the quote has expired, or for another coin paid to the address', () => {
    expect(paid('0.0015', { seenAt: after })).toEqual({ kind: 'day-rate', late: true });
    expect(paid('0.0015', { seenAt: expiresAt })).toEqual({ kind: 'day-rate', late: true });
    expect(paid('100', { currency: 'USDT' })).toEqual({ kind: 'day-rate', late: true });
  });

  it('counts a block mined before expiry as on time even when it was seen later', () => {
    expect(paid('0.0015', { seenAt: after, blockTime: before })).toMatchObject({ kind: 'locked' });
    expect(arrivedAt({ currency: 'BTC', amount: '1', seenAt: before, blockTime: after })).toBe(
      before,
    );
  });
});

describe('the other rules', () => {
  it('counts the block itself as the first confirmation', () => {
    expect(confirmationsOf(100, 100)).toBe(1);
    expect(confirmationsOf(105, 100)).toBe(6);
    expect(confirmationsOf(100, null)).toBe(0);
    expect(confirmationsOf(99, 100)).toBe(0);
  });

  it('floors a day-rate credit to the penny and calls nothing dust but zero', () => {
    expect(dayRateCredit('0.0015', '70000.129')).toBe('105.00');
    expect(dayRateCredit('0.00000001', '70000')).toBe('0.00');
    expect(isDust('0.00')).toBe(true);
    expect(isDust('0.01')).toBe(false);
  });

  it('keeps at least 100 blocks and starts a first scan `confirmations` below the tip', () => {
    expect(keptBlocks(2)).toBe(100);
    expect(keptBlocks(64)).toBe(128);
    expect(firstCursor(1000, 6)).toBe(994);
    expect(firstCursor(3, 6)).toBe(0);
  });
});
