import type { SpendingLimits } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { chargeRefusal, judgementHolds, type SpendingFacts } from './sms-limits.js';

const NONE: SpendingLimits = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
};
const state = (over: Partial<SpendingFacts> = {}): SpendingFacts => ({
  limits: null,
  netDebits: '0',
  held: '0',
  balance: '1.0000',
  ...over,
});
const UK = { recipient: '+447400123456', country: 'GB', unitGbp: '0.0400' };

describe('the SMS spending rule', () => {
  it('lets a charge through with no limits and enough balance', () => {
    expect(chargeRefusal(state(), [UK], '0.04')).toBeNull();
  });

  it('names the refused recipient for a country the limits leave out', () => {
    const s = state({ limits: { ...NONE, smsCountries: ['US'] } });
    expect(chargeRefusal(s, [UK], '0.04')).toMatchObject({
      refusal: { code: 'GUARDRAIL_COUNTRY' },
      recipient: UK.recipient,
    });
  });

  it('refuses a price over the limit and a total over the daily cap', () => {
    const price = state({ limits: { ...NONE, maxSmsPrice: '0.03' } });
    expect(chargeRefusal(price, [UK], '0.04')).toMatchObject({
      refusal: { code: 'GUARDRAIL_PRICE' },
    });
    const cap = state({
      limits: { ...NONE, dailySpendCap: '1.00' },
      netDebits: '0.90',
      held: '0.07',
    });
    expect(chargeRefusal(cap, [UK], '0.04')).toMatchObject({
      refusal: { code: 'GUARDRAIL_DAILY_CAP' },
      recipient: null,
    });
  });

  it('judges the limits before the balance', () => {
    const s = state({ limits: { ...NONE, smsCountries: ['US'] }, balance: '0' });
    expect(chargeRefusal(s, [UK], '0.04')).toMatchObject({
      refusal: { code: 'GUARDRAIL_COUNTRY' },
    });
  });

  it('refuses under the minimum balance or when holds leave too little', () => {
    expect(chargeRefusal(state({ balance: '0.0400' }), [UK], '0.04')).toBe('balance-too-low');
    expect(chargeRefusal(state({ balance: '1', held: '0.97' }), [UK], '0.04')).toBe(
      'balance-too-low',
    );
  });
});

describe('a judgement holding under the lock', () => {
  const cap = { ...NONE, dailySpendCap: '1.00' };
  it('holds without a cap whatever the balance, as the ledger judges it again', () => {
    const holds = judgementHolds(
      state({ limits: NONE }),
      state({ limits: NONE, balance: '0.5' }),
      '0.04',
    );
    expect(holds).toBe(true);
  });
  it('fails when the limits changed', () => {
    expect(judgementHolds(state({ limits: NONE }), state({ limits: cap }), '0.04')).toBe(false);
  });
  it("with a cap, holds while the day's spending still leaves room, and fails once it does not", () => {
    const judged = state({ limits: cap });
    expect(judgementHolds(judged, state({ limits: cap }), '0.04')).toBe(true);
    // Another send spent in between: this one still fits under the cap.
    expect(judgementHolds(judged, state({ limits: cap, netDebits: '0.5' }), '0.04')).toBe(true);
    expect(judgementHolds(judged, state({ limits: cap, balance: '0.9' }), '0.04')).toBe(true);
    // Debits or holds moved so far that the cap no longer covers it.
    expect(judgementHolds(judged, state({ limits: cap, netDebits: '0.98' }), '0.04')).toBe(false);
    expect(judgementHolds(judged, state({ limits: cap, held: '0.97' }), '0.04')).toBe(false);
  });
});
