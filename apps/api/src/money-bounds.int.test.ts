import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app-fixture.js';
import { addCryptoWallets } from '../test/crypto-wallets.js';
import {
  adminSession,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../test/helpers.js';

// Every money, amount, rate and price a request carries is bounded by the column it
// lands in (and by a positive minimum where 0 means nothing): past it, the answer is
// 400 VALIDATION_FAILED naming the field, never the database's overflow as a 500.

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** 20 integer digits: one column of numeric(20,2) holds 18. */
const HUGE = '99999999999999999999.99';

let admin: string;
let customer: string;
let customerId: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await adminSession(ctx, 'bounds-admin@example.com');
  const signed = await signUp(ctx.app);
  customer = sessionCookieOf(signed.res);
  customerId = signed.res.json().id;
  await addCryptoWallets(ctx, admin, [['BTC', 'bitcoin', BTC]]);
});

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return send(ctx.app, method, url, cookie, payload);
}

const countryPrice = (over: Record<string, string>) => ({
  countryName: `Bounds ${randomUUID().slice(0, 8)}`,
  region: 'Europe',
  smsPrice: '0.0100',
  voipPrice: '0.0200',
  didPrice: '1.00',
  sipTrunkPrice: '2.00',
  ...over,
});
const payment = (over: Record<string, string>) => ({
  amount: '150.00',
  currency: 'BTC',
  walletAddress: BTC,
  serviceName: 'Add Funds',
  txHash: randomBytes(32).toString('hex'),
  ...over,
});
const guardrails = (over: Record<string, string>) => ({
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
  lowBalanceAlert: null,
  ...over,
});

type Row = [
  what: string,
  method: Method,
  url: () => string,
  who: () => string,
  body: unknown,
  field: string,
];

const rows: Row[] = [
  // Payments (numeric(20,2) fiat, numeric(38,18) crypto amounts and rates).
  [
    'quote amount',
    'POST',
    () => '/api/payments/quote',
    () => customer,
    { amount: HUGE, currency: 'BTC' },
    'amount',
  ],
  [
    'quote amount 0',
    'POST',
    () => '/api/payments/quote',
    () => customer,
    { amount: '0.00', currency: 'BTC' },
    'amount',
  ],
  [
    'payment amount',
    'POST',
    () => '/api/transactions/create',
    () => customer,
    payment({ amount: HUGE }),
    'amount',
  ],
  [
    'claimed crypto amount',
    'POST',
    () => '/api/transactions/create',
    () => customer,
    payment({ cryptoAmount: '123456789012345678901.5' }),
    'cryptoAmount',
  ],
  [
    'rate 1e-18',
    'PUT',
    () => '/api/admin/rates/BTC/USD',
    () => admin,
    { rate: '0.000000000000000001' },
    'rate',
  ],
  ['rate 0', 'PUT', () => '/api/admin/rates/BTC/USD', () => admin, { rate: '0' }, 'rate'],
  [
    'rate 1e19',
    'PUT',
    () => '/api/admin/rates/BTC/USD',
    () => admin,
    { rate: '10000000000000000000' },
    'rate',
  ],
  // Catalogue: numeric(12,4) per-unit prices hold 8 integer digits, numeric(12,2) 10.
  [
    'SMS price',
    'POST',
    () => '/api/admin/country-pricing',
    () => admin,
    countryPrice({ smsPrice: '999999999.0000' }),
    'smsPrice',
  ],
  [
    'VoIP price',
    'POST',
    () => '/api/admin/country-pricing',
    () => admin,
    countryPrice({ voipPrice: '9999999999' }),
    'voipPrice',
  ],
  [
    'DID price',
    'POST',
    () => '/api/admin/country-pricing',
    () => admin,
    countryPrice({ didPrice: '99999999999.00' }),
    'didPrice',
  ],
  [
    'SIP domain price',
    'POST',
    () => '/api/admin/sip-domains',
    () => admin,
    { domain: 'bounds.example.com', price: '99999999999.00' },
    'price',
  ],
  [
    'number monthly price',
    'POST',
    () => '/api/admin/numbers',
    () => admin,
    { number: '+442079460999', countryCode: 'GB', type: 'local', monthlyPrice: HUGE },
    'monthlyPrice',
  ],
  // The balance's own columns (numeric(20,4)), bounded lower by their rules.
  [
    'ledger adjustment',
    'POST',
    () => `/api/admin/users/${customerId}/adjustments`,
    () => admin,
    { requestId: randomUUID(), direction: 'credit', amount: HUGE, note: 'Bounds' },
    'amount',
  ],
  [
    'guardrail cap',
    'PUT',
    () => '/api/account/guardrails',
    () => customer,
    guardrails({ dailySpendCap: HUGE }),
    'dailySpendCap',
  ],
  [
    'low-balance alert',
    'PUT',
    () => '/api/sip/monitoring/alerts/settings',
    () => customer,
    {
      minBalance: HUGE,
      runwayHours: 24,
      failurePercent: 50,
      failureWindow: 20,
      notifyCutoffs: true,
      notifyConcurrency: true,
    },
    'minBalance',
  ],
];

describe('money inputs past what their column holds', () => {
  it.each(rows)('%s: 400 naming the field', async (_what, method, url, who, body, field) => {
    const res = await call(method, url(), who(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(`body.${field}`);
  });

  it('says how far a value may go: the largest the column holds, the smallest that means something', async () => {
    const quote = await call('POST', '/api/payments/quote', customer, {
      amount: HUGE,
      currency: 'BTC',
    });
    expect(quote.json().error.fields).toEqual([
      expect.objectContaining({
        path: 'body.amount',
        code: 'TOO_BIG',
        params: { maximum: '999999999999999999.99' },
      }),
    ]);
    const rate = await call('PUT', '/api/admin/rates/BTC/USD', admin, {
      rate: '0.000000000000000001',
    });
    expect(rate.json().error.fields).toEqual([
      expect.objectContaining({
        path: 'body.rate',
        code: 'TOO_SMALL',
        params: { minimum: '0.00000001' },
      }),
    ]);
  });

  it('accepts the largest value each column holds', async () => {
    const sms = await call(
      'POST',
      '/api/admin/country-pricing',
      admin,
      countryPrice({ smsPrice: '99999999.9999' }),
    );
    expect(sms.statusCode).toBe(201);
    const quote = await call('POST', '/api/payments/quote', customer, {
      amount: '999999999999999999.99',
      currency: 'BTC',
    });
    expect(quote.statusCode).toBe(201);
  });

  it('refuses an amount whose crypto or credited value would not fit, before writing anything', async () => {
    const [before] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from payment_quotes`,
    );
    expect(
      (await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '0.00000001' })).statusCode,
    ).toBe(200);
    try {
      // 10^17 USD at 10^-8 USD per coin is 10^25 coins: past numeric(38,18).
      const res = await call('POST', '/api/payments/quote', customer, {
        amount: '100000000000000000',
        currency: 'BTC',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        expect.objectContaining({ path: 'body.amount', code: 'TOO_BIG' }),
      ]);
      const [after] = await queryRows<{ n: number }>(
        ctx.database,
        sql`select count(*)::int as n from payment_quotes`,
      );
      expect(after?.n).toBe(before?.n);
    } finally {
      await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '95000' });
    }
  });
});
