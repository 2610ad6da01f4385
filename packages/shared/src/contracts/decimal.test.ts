import { describe, expect, it } from 'vitest';
import { countryPricingInputSchema } from './catalogue-admin.js';
import { createTransactionSchema, quoteInputSchema, rateInputSchema } from './payments.js';

/** The field code and params a schema reports for one field, or null when it takes it. */
function problemOf(result: { success: boolean; error?: { issues: unknown[] } }, field: string) {
  if (result.success) return null;
  const issue = (result.error?.issues ?? []).find(
    (i) => (i as { path: PropertyKey[] }).path.join('.') === field,
  ) as { code: string; params?: { field?: { code: string; params: object } } } | undefined;
  return issue?.params?.field ?? issue?.code ?? null;
}

describe('money inputs are bounded by their columns', () => {
  it('a payment amount: numeric(20,2), a penny at least', () => {
    const quote = (amount: string) =>
      problemOf(quoteInputSchema.safeParse({ amount, currency: 'BTC' }), 'amount');
    expect(quote('99999999999999999999.99')).toEqual({
      code: 'TOO_BIG',
      params: { maximum: '999999999999999999.99' },
    });
    expect(quote('999999999999999999.99')).toBeNull();
    expect(quote('0')).toEqual({ code: 'TOO_SMALL', params: { minimum: '0.01' } });
    expect(quote('1.005')).toBe('invalid_format');
    expect(quote('1e3')).toBe('invalid_format');
  });

  it('a rate: between 10^-8 and 10^8', () => {
    const rate = (value: string) => problemOf(rateInputSchema.safeParse({ rate: value }), 'rate');
    expect(rate('0.000000000000000001')).toEqual({
      code: 'TOO_SMALL',
      params: { minimum: '0.00000001' },
    });
    expect(rate('100000000.5')).toEqual({ code: 'TOO_BIG', params: { maximum: '100000000' } });
    expect(rate('95000.123456789012345678')).toBeNull();
  });

  it('a claimed crypto amount: numeric(38,18)', () => {
    const claim = (cryptoAmount: string) =>
      problemOf(
        createTransactionSchema.safeParse({
          amount: '150',
          currency: 'BTC',
          walletAddress: 'x',
          serviceName: 'Add Funds',
          txHash: 'h',
          cryptoAmount,
        }),
        'cryptoAmount',
      );
    expect(claim('0.00157895')).toBeNull();
    expect(claim('123456789012345678901')).toMatchObject({ code: 'TOO_BIG' });
    expect(claim('0')).toMatchObject({ code: 'TOO_SMALL' });
  });

  it('a per-unit catalogue price: numeric(12,4), 8 integer digits', () => {
    const base = {
      countryName: 'Narnia',
      region: 'Europe',
      smsPrice: '0.01',
      voipPrice: '0.02',
      didPrice: '1',
      sipTrunkPrice: '2',
    };
    const sms = (smsPrice: string) =>
      problemOf(countryPricingInputSchema.safeParse({ ...base, smsPrice }), 'smsPrice');
    expect(sms('99999999.9999')).toBeNull();
    expect(sms('999999999')).toEqual({ code: 'TOO_BIG', params: { maximum: '99999999.9999' } });
    expect(sms('0')).toBeNull();
  });
});
