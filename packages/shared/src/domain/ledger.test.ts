import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { adjustmentAmountProblem, closingBalance, signedAmount, statementCsv } from './ledger.js';

describe('adjustment amounts', () => {
  it('takes positive pounds no finer than a penny, up to the cap', () => {
    for (const ok of ['0.01', '1', '12.3', '12.34', '12.340', '100000', '100000.00'])
      expect(adjustmentAmountProblem(ok), ok).toBeNull();
  });

  it('names what is wrong', () => {
    expect(adjustmentAmountProblem('  ')).toEqual({ code: 'REQUIRED' });
    for (const bad of ['0', '0.00', '-1', '1.234', '1,5', '1e3', '.5', 'abc', '1.'])
      expect(adjustmentAmountProblem(bad), bad).toEqual({ code: 'AMOUNT_INVALID' });
    expect(adjustmentAmountProblem('100000.01')).toEqual({
      code: 'AMOUNT_TOO_LARGE',
      params: { max: '100000.00' },
    });
  });

  it('signs a debit', () => {
    expect(signedAmount('credit', '5.00')).toBe('5.00');
    expect(signedAmount('debit', '5.00')).toBe('-5.00');
  });
});

describe('statements', () => {
  const entry = (amount: string, balanceAfter: string, note = '') => ({
    createdAt: '2026-01-02T00:00:00.000Z',
    kind: 'adjustment',
    reference: 'adjustment:1',
    note,
    amount,
    balanceAfter,
  });

  it('writes opening, entries with credit and debit apart, and closing', () => {
    const csv = statementCsv({
      from: '2026-01-01',
      to: '2026-01-31',
      currency: 'GBP',
      opening: '10.0000',
      entries: [entry('2.5000', '12.5000', '@SUM(A1)'), entry('-0.0050', '12.4950')],
    });
    expect(parseCsv(csv)).toEqual([
      ['Date', 'Kind', 'Reference', 'Note', 'Credit', 'Debit', 'Balance', 'Currency'],
      ['2026-01-01', 'Opening balance', '', '', '', '', '10.00', 'GBP'],
      [...Object.values(entry('', '')).slice(0, 3), '@SUM(A1)', '2.50', '', '12.50', 'GBP'],
      [...Object.values(entry('', '')).slice(0, 4), '', '0.005', '12.495', 'GBP'],
      ['2026-01-31', 'Closing balance', '', '', '', '', '12.495', 'GBP'],
    ]);
    expect(csv).toContain("'@SUM(A1)");
  });

  it('closes at the opening plus every entry, exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 })), (pence) => {
        const entries = pence.map((p) => entry((p / 10_000).toFixed(4), '0'));
        const total = pence.reduce((a, b) => a + b, 0);
        expect(closingBalance({ opening: '0', entries })).toBe((total / 10_000).toFixed(4));
      }),
    );
  });
});
