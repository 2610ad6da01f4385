import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  balanceOf,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HASH = 'a'.repeat(64);
/** A fresh bitcoin-shaped transaction hash. */
const newHash = () => randomBytes(32).toString('hex');

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;
let customerId: string;
const events: DomainEvent[] = [];

beforeAll(async () => {
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  ctx = await createTestApp({}, { events: bus });
  admin = await adminSession(ctx, 'pay-admin@example.com');
  const signed = await signUp(ctx.app);
  customer = sessionCookieOf(signed.res);
  customerId = signed.res.json().id;
});
afterAll(() => ctx.close());

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const one = async <T>(query: ReturnType<typeof sql>) =>
  (await queryRows<T>(ctx.database, query))[0];
const balance = async (id = customerId) => balanceOf(ctx.database, id);
const count = async (table: string) =>
  (await one<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))?.n;

/** The ledger agrees with every cached balance. */
afterEach(async () => {
  const check = await call('GET', '/api/admin/ledger/check', admin);
  expect(check.json().mismatches).toEqual([]);
});

describe('crypto wallets', () => {
  it('have no seed: until an admin adds one, payments in that currency are unavailable', async () => {
    expect((await call('GET', '/api/payments/wallets', customer)).json()).toEqual([]);
    const res = await call('POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'BTC',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'PAYMENT_UNAVAILABLE',
      message: 'Payments in BTC are unavailable right now.',
    });
  });

  it('are checked against their chain, and TRC20 means tron', async () => {
    const bad = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: `${BTC.slice(0, -1)}b`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([
      {
        path: 'body.address',
        code: 'ADDRESS_INVALID',
        params: { network: 'bitcoin' },
        message: 'Not a valid bitcoin address',
      },
    ]);
    const wrongChain = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'USDT',
      network: 'bitcoin',
      address: BTC,
    });
    expect(wrongChain.json().error.fields[0].path).toBe('body.network');
    expect(await count('crypto_wallets')).toBe(0);

    const btc = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: BTC,
      walletType: 'cold_storage',
    });
    expect(btc.statusCode).toBe(201);
    expect(btc.json()).toMatchObject({ currency: 'BTC', address: BTC, isActive: true });
    const usdt = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'USDT',
      network: 'TRC20',
      address: TRON,
    });
    expect(usdt.json()).toMatchObject({ network: 'tron' });
    const again = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: BTC,
    });
    expect(again.statusCode).toBe(409);
    const listed = (await call('GET', '/api/payments/wallets', customer)).json();
    expect(listed.map((w: { currency: string }) => w.currency).sort()).toEqual(['BTC', 'USDT']);
  });
});

describe('a top-up', () => {
  it('is quoted in crypto from the rate, rounded up, and locked for 15 minutes', async () => {
    const before = Date.now();
    const res = await call('POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'BTC',
    });
    expect(res.statusCode).toBe(201);
    // 150 / 95000 = 0.001578947…, rounded up to 8 places.
    expect(res.json()).toMatchObject({
      fiatAmount: '150.00',
      fiatCurrency: 'USD',
      network: 'bitcoin',
      address: BTC,
      cryptoAmount: '0.00157895',
      creditAmount: '118.50',
      uri: `bitcoin:${BTC}?amount=0.00157895`,
    });
    const expires = new Date(res.json().expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 5000);
  });

  it('is refused below $100, to a wrong address, with a bad hash, and when signed out', async () => {
    const base = {
      amount: '150.00',
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      txHash: newHash(),
    };
    const cases: [unknown, string | null, number, string][] = [
      [{ ...base, amount: '99.99' }, customer, 422, 'BELOW_MINIMUM'],
      [
        { ...base, walletAddress: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
        customer,
        400,
        'WALLET_MISMATCH',
      ],
      [{ ...base, txHash: '0x1234' }, customer, 400, 'INVALID_TX_HASH'],
      [{ ...base, currency: 'DOGE' }, customer, 400, 'VALIDATION_FAILED'],
      [{ ...base, amount: '-5' }, customer, 400, 'VALIDATION_FAILED'],
      [{ ...base, amount: '1e3' }, customer, 400, 'VALIDATION_FAILED'],
      [
        { ...base, currency: 'ETH', txHash: `0x${newHash()}` },
        customer,
        422,
        'PAYMENT_UNAVAILABLE',
      ],
      [{ ...base, txHash: undefined }, customer, 400, 'VALIDATION_FAILED'],
      [{ ...base, txHash: '  ' }, customer, 400, 'VALIDATION_FAILED'],
      [base, null, 401, 'UNAUTHORIZED'],
    ];
    for (const [payload, cookie, status, code] of cases) {
      const res = await call('POST', '/api/transactions/create', cookie, payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([
        status,
        code,
      ]);
    }
    expect(await count('transactions')).toBe(0);
    // Refused submissions write no quote either.
    expect(await count('payment_quotes')).toBe(1);
    const below = await call('POST', '/api/transactions/create', customer, {
      ...base,
      amount: '50',
    });
    expect(below.json().error.message).toBe('Minimum deposit is $100 USD');
  });

  it('is pending until approved, then credits the locked amount exactly once', async () => {
    const quote = (
      await call('POST', '/api/payments/quote', customer, { amount: '250.00', currency: 'BTC' })
    ).json();
    const created = await call('POST', '/api/transactions/create', customer, {
      amount: '250.00',
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      servicePrice: '250.00',
      txHash: HASH,
      quoteId: quote.id,
    });
    expect(created.statusCode).toBe(201);
    const tx = created.json();
    expect(tx).toMatchObject({
      status: 'pending',
      cryptoAmount: quote.cryptoAmount,
      creditAmount: '197.50',
      currency: 'BTC',
      txHash: HASH,
    });
    // The customer's list reads payments its own way (decision 0033): the same answer.
    expect((await call('GET', '/api/transactions', customer)).json()).toContainEqual(tx);
    expect(events).toContainEqual({
      type: 'transaction.created',
      data: expect.objectContaining({
        id: tx.id,
        kind: 'topup',
        serviceName: 'Add Funds',
        amount: '250.00',
        amountCurrency: 'USD',
      }),
    });
    // The rate moving after the quote does not change what is credited.
    await call('PUT', '/api/admin/rates/USD/GBP', admin, { rate: '0.5' });
    expect(await balance()).toBe('0.00');

    const approved = await call('POST', `/api/admin/payments/${tx.id}/approve`, admin, {});
    expect(approved.statusCode).toBe(200);
    // No note typed: the default note is a code the reader's page words in its language.
    expect(approved.json()).toMatchObject({
      status: 'approved',
      kind: 'topup',
      adminNotes: null,
      noteCodes: ['APPROVED_BY_ADMIN'],
    });
    expect(await balance()).toBe('197.50');
    const listed = (await call('GET', '/api/transactions', customer)).json();
    expect(listed.find((t: { id: string }) => t.id === tx.id)).toEqual(approved.json());
    const again = await call('POST', `/api/admin/payments/${tx.id}/approve`, admin, {});
    expect(again.statusCode).toBe(409);
    const reject = await call('POST', `/api/admin/payments/${tx.id}/reject`, admin, {});
    expect(reject.json().error.code).toBe('ALREADY_DECIDED');
    expect(await balance()).toBe('197.50');
    const ledger = await queryRows<{ amount: string; kind: string; balance_after: string }>(
      ctx.database,
      sql`select amount::numeric(20,2)::text as amount, kind, balance_after::numeric(20,2)::text as balance_after from ledger_entries where user_id = ${customerId}`,
    );
    expect(ledger).toEqual([{ amount: '197.50', kind: 'deposit', balance_after: '197.50' }]);
    const payments = (await call('GET', '/api/admin/payments', admin)).json();
    expect(payments[0]).toMatchObject({
      id: tx.id,
      approvedBy: expect.any(String),
      approverEmail: 'pay-admin@example.com',
    });
    await call('PUT', '/api/admin/rates/USD/GBP', admin, { rate: '0.79' });
  });

  it('uses a transaction hash and a quote only once', async () => {
    const body = { amount: '100', currency: 'BTC', walletAddress: BTC, serviceName: 'Add Funds' };
    const reused = await call('POST', '/api/transactions/create', customer, {
      ...body,
      txHash: HASH,
    });
    // Refused before anything is written, not even a quote.
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('TX_HASH_USED');
    const quote = (
      await call('POST', '/api/payments/quote', customer, { amount: '100', currency: 'BTC' })
    ).json();
    const first = await call('POST', '/api/transactions/create', customer, {
      ...body,
      quoteId: quote.id,
      txHash: newHash(),
    });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/api/transactions/create', customer, {
      ...body,
      quoteId: quote.id,
      txHash: newHash(),
    });
    expect(second.statusCode).toBe(409);
  });

  it('refuses an expired quote', async () => {
    const quote = (
      await call('POST', '/api/payments/quote', customer, { amount: '120', currency: 'BTC' })
    ).json();
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '1 second' where id = ${quote.id}`,
    );
    const res = await call('POST', '/api/transactions/create', customer, {
      amount: '120',
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      quoteId: quote.id,
      txHash: newHash(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('QUOTE_EXPIRED');
  });

  it('pays USDT on TRC20 to the tron wallet', async () => {
    const res = await call('POST', '/api/transactions/create', customer, {
      amount: '300',
      currency: 'USDT-TRC20',
      walletAddress: TRON,
      serviceName: 'Add Funds',
      txHash: newHash(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      currency: 'USDT-TRC20',
      network: 'tron',
      cryptoAmount: '300',
    });
  });

  it('rejected, records the default note and credits nothing', async () => {
    const before = await balance();
    const tx = (
      await call('POST', '/api/transactions/create', customer, {
        amount: '100',
        currency: 'BTC',
        walletAddress: BTC,
        serviceName: 'Add Funds',
        txHash: newHash(),
      })
    ).json();
    // A bare POST, no body at all, takes the default notes.
    const res = await call('POST', `/api/admin/payments/${tx.id}/reject`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      adminNotes: null,
      noteCodes: ['REJECTED_BY_ADMIN'],
    });
    expect(await balance()).toBe(before);
    const approve = await call('POST', `/api/admin/payments/${tx.id}/approve`, admin, {});
    expect(approve.statusCode).toBe(409);
  });

  it('approved ten times at once credits once', async () => {
    const before = await balance();
    const tx = (
      await call('POST', '/api/transactions/create', customer, {
        amount: '100',
        currency: 'BTC',
        walletAddress: BTC,
        serviceName: 'Add Funds',
        txHash: newHash(),
      })
    ).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/admin/payments/${tx.id}/approve`, admin, {
          adminNotes: 'seen on chain',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const credited = await one<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where reference = ${`transaction:${tx.id}`}`,
    );
    expect(credited?.n).toBe(1);
    expect(Number(await balance()) - Number(before)).toBeCloseTo(79, 2);
  });

  it('lists only the customer’s own payments, newest first', async () => {
    const other = sessionCookieOf((await signUp(ctx.app)).res);
    expect((await call('GET', '/api/transactions', other)).json()).toEqual([]);
    const mine = (await call('GET', '/api/transactions', customer)).json();
    expect(mine.length).toBeGreaterThan(3);
    const times = mine.map((t: { createdAt: string }) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('GET', '/api/transactions', null)).statusCode).toBe(401);
  });
});

describe('notes written in English before migration 0029', () => {
  it('read as codes after it, whatever the admin typed staying as typed', async () => {
    const tx = (
      await call('POST', '/api/transactions/create', customer, {
        amount: '100',
        currency: 'BTC',
        walletAddress: BTC,
        serviceName: 'Add Funds',
        txHash: newHash(),
      })
    ).json();
    await call('POST', `/api/admin/payments/${tx.id}/reject`, admin, { adminNotes: 'Duplicate' });
    const file = path.join(import.meta.dirname, '../../../drizzle/0029_translations.sql');
    const updates = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "transactions"'));
    expect(updates).toHaveLength(3);
    const gone =
      '(The item was no longer available: the payment was credited to the balance instead.)';
    const cases: [string, string | null, string[]][] = [
      ['Payment approved by admin', null, ['APPROVED_BY_ADMIN']],
      ['Payment rejected by admin', null, ['REJECTED_BY_ADMIN']],
      [
        `Payment approved by admin ${gone}`,
        null,
        ['APPROVED_BY_ADMIN', 'ITEM_UNAVAILABLE_CREDITED'],
      ],
      [`Seen on chain ${gone}`, 'Seen on chain', ['ITEM_UNAVAILABLE_CREDITED']],
      ['Payment approved by admin, thanks', 'Payment approved by admin, thanks', []],
    ];
    for (const [old, notes, codes] of cases) {
      await ctx.database.db.execute(
        sql`update transactions set admin_notes = ${old}, note_codes = '[]'::jsonb where id = ${tx.id}`,
      );
      for (const statement of updates) await ctx.database.db.execute(sql.raw(statement));
      const mine = (await call('GET', '/api/transactions', customer)).json();
      expect(mine.find((t: { id: string }) => t.id === tx.id)).toMatchObject({
        adminNotes: notes,
        noteCodes: codes,
      });
    }
  });
});

describe('exchange rates', () => {
  it('out of date are refused, not guessed, until an admin sets them', async () => {
    await ctx.database.db.execute(
      sql`update exchange_rates set updated_at = now() - interval '25 hours' where base = 'BTC'`,
    );
    const rates = (await call('GET', '/api/admin/rates', admin)).json();
    expect(rates.find((r: { base: string }) => r.base === 'BTC')).toMatchObject({ stale: true });
    const refused = await call('POST', '/api/payments/quote', customer, {
      amount: '150',
      currency: 'BTC',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('RATE_UNAVAILABLE');
    // Nor is the coin offered meanwhile: where to pay lists only what can be quoted.
    const offered = async () =>
      (await call('GET', '/api/payments/wallets', customer))
        .json()
        .map((w: { currency: string }) => w.currency);
    expect(await offered()).not.toContain('BTC');
    expect(await offered()).toContain('USDT');
    const set = await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '100000' });
    expect(set.json()).toMatchObject({
      rate: '100000',
      stale: false,
      source: 'admin:pay-admin@example.com',
    });
    // An amount no open quote of this customer holds (one that does is answered as locked).
    const quote = await call('POST', '/api/payments/quote', customer, {
      amount: '151',
      currency: 'BTC',
    });
    expect(quote.json().cryptoAmount).toBe('0.00151');
    expect(await offered()).toContain('BTC');
  });

  it('convert through USD when there is no direct pair, and refuse nonsense', async () => {
    // BTC → GBP: 1 BTC = 100000 USD = 79000 GBP, so £79 is 0.001 BTC.
    const quote = await call('POST', '/api/payments/quote', customer, {
      amount: '79.00',
      fiatCurrency: 'GBP',
      currency: 'BTC',
    });
    expect(quote.json()).toMatchObject({ cryptoAmount: '0.001', creditAmount: '79.00' });
    for (const rate of ['0', '-1', 'abc', ''])
      expect((await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate })).statusCode).toBe(400);
  });
});

describe('the balance', () => {
  it('can never go below zero, whatever writes it', async () => {
    const attempt = ctx.database.db.execute(
      sql`update users set crypto_balance = -0.01 where id = ${customerId}`,
    );
    await expect(attempt).rejects.toThrow();
  });
});
