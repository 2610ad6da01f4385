import { describe, expect, it } from 'vitest';
import {
  arrivedAt,
  confirmationsOf,
  creditPlan,
  dayRateCredit,
  firstCursor,
  isDust,
  keptBlocks,
  lastBlockBefore,
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

  it('starts a first scan before the oldest open quote, never later than the tip rule', () => {
    expect(firstCursor(1000, 6, 940)).toBe(940);
    expect(firstCursor(1000, 6, 999)).toBe(994);
    expect(firstCursor(1000, 6, -1)).toBe(0);
    expect(firstCursor(1000, 6, null)).toBe(994);
  });

  it('finds the last block claiming a time two hours before a moment, reading few blocks', async () => {
    // A block every ten minutes from t0; block h claims t0 + 10h minutes.
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const read: number[] = [];
    const timeAt = async (h: number) => {
      read.push(h);
      return new Date(t0 + h * 600_000);
    };
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    // 5 h after t0, less the two hours' margin: 3 h, block 18 claims exactly that.
    expect(await lastBlockBefore(at(300), 1000, timeAt)).toBe(17);
    expect(read.length).toBeLessThanOrEqual(11);
    expect(await lastBlockBefore(at(301), 1000, timeAt)).toBe(18);
    expect(await lastBlockBefore(at(60), 1000, timeAt)).toBe(-1);
    expect(await lastBlockBefore(at(100_000), 1000, timeAt)).toBe(1000);
  });
});
