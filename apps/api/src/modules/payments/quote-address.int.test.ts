import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  generousLimits,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  TEST_SESSION_SECRET,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { createQuotesRepo } from './quotes.repo.js';

// BIP84 test vector: account 0 and its first two receive addresses.
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SECOND = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const LTC_WALLET = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
const HASH = 'c'.repeat(64);
// Bitcoin is watched (any URL: nothing here talks to the node); Litecoin is not.
const ENV = {
  CHAIN_BITCOIN_RPC_URL: 'http://127.0.0.1:9/',
  CHAIN_BITCOIN_CONFIRMATIONS: '3',
  MAX_OPEN_QUOTES: '50',
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;
let customerId: string;
let keyId: string;

beforeAll(async () => {
  ctx = await createTestApp(ENV);
  admin = await adminSession(ctx, 'watch-admin@example.com');
  const signed = await signUp(ctx.app);
  customer = sessionCookieOf(signed.res);
  customerId = signed.res.json().id;
});
afterAll(() => ctx.close());

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const quoteBtc = (amount = '150.00', cookie = customer) =>
  call('POST', '/api/payments/quote', cookie, { amount, currency: 'BTC' });
const nextIndex = async () =>
  (
    await rows<{ n: number }>(sql`select next_index as n from chain_watch_keys where id = ${keyId}`)
  )[0]?.n;

describe('a watched network without a key', () => {
  it('has no address to give: no wallet, no key, no quote', async () => {
    expect((await quoteBtc()).json().error.code).toBe('PAYMENT_UNAVAILABLE');
    const coins = (await call('GET', '/api/payments/coins', null)).json();
    expect(coins).not.toContainEqual({ currency: 'BTC', network: 'bitcoin' });
  });
});

describe('an address per quote', () => {
  beforeAll(async () => {
    const [row] = await rows<{ id: string }>(
      sql`insert into chain_watch_keys (family, extended_key, chain) values ('bitcoin', ${ZPUB}, 'mainnet') returning id`,
    );
    keyId = row?.id as string;
  });

  it('is offered without a fixed wallet, and two quotes get indexes 0 and 1', async () => {
    const coins = (await call('GET', '/api/payments/coins', null)).json();
    expect(coins).toContainEqual({ currency: 'BTC', network: 'bitcoin' });
    const a = await quoteBtc('150.00');
    const b = await quoteBtc('200.00');
    expect(a.statusCode).toBe(201);
    // 150 / 95000 rounded up: no unique digits, the address is the quote's own.
    expect(a.json()).toMatchObject({
      address: FIRST,
      cryptoAmount: '0.00157895',
      watched: true,
      confirmationsRequired: 3,
      uri: `bitcoin:${FIRST}?amount=0.00157895`,
    });
    expect(a.json()).not.toHaveProperty('derivationIndex');
    expect(b.json()).toMatchObject({ address: SECOND, watched: true });
    const stored = await rows<{ index: number; wallet: string | null; key: string }>(
      sql`select derivation_index as index, wallet_id as wallet, watch_key_id as key
          from payment_quotes where id in (${a.json().id}, ${b.json().id}) order by derivation_index`,
    );
    expect(stored).toEqual([
      { index: 0, wallet: null, key: keyId },
      { index: 1, wallet: null, key: keyId },
    ]);
    // Asked again (a reload), the open quote answers: no index is spent on it.
    expect((await quoteBtc('150.00')).json().id).toBe(a.json().id);
    expect(await nextIndex()).toBe(2);
  });

  it('gives 20 concurrent quotes 20 distinct indexes', async () => {
    const from = (await nextIndex()) as number;
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => quoteBtc(`${300 + i}.00`)));
    expect(many.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const indexes = await rows<{ index: number }>(
      sql`select derivation_index as index from payment_quotes
          where id in ${sql.raw(`(${many.map((r) => `'${r.json().id}'`).join(',')})`)}`,
    );
    expect(indexes.map((r) => r.index).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => from + i),
    );
    expect(new Set(many.map((r) => r.json().address)).size).toBe(20);
    expect(await nextIndex()).toBe(from + 20);
  });

  it('continues from the counter after a restart', async () => {
    const before = (await nextIndex()) as number;
    const again = await buildApp({
      config: ctx.config,
      database: ctx.database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
    });
    try {
      const res = await send(again, 'POST', '/api/payments/quote', customer, {
        amount: '999.00',
        currency: 'BTC',
      });
      expect(res.statusCode).toBe(201);
      const [row] = await rows<{ index: number }>(
        sql`select derivation_index as index from payment_quotes where id = ${res.json().id}`,
      );
      expect(row?.index).toBe(before);
    } finally {
      await again.close();
    }
  });

  it('never prunes a watched quote (a late payment to its address is still credited)', async () => {
    const quotes = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_quotes where watch_key_id is not null`,
    );
    const future = new Date(Date.now() + 365 * 86_400_000);
    await createQuotesRepo(ctx.database.db).pruneQuotes(future, 1000);
    const after = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_quotes where watch_key_id is not null`,
    );
    expect(after[0]?.n).toBe(quotes[0]?.n);
    expect(after[0]?.n).toBeGreaterThan(20);
  });

  it('leaves an unwatched network on its fixed wallet', async () => {
    const wallet = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'LTC',
      network: 'litecoin',
      address: LTC_WALLET,
    });
    expect(wallet.statusCode).toBe(201);
    const res = await call('POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'LTC',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      address: LTC_WALLET,
      watched: false,
      confirmationsRequired: null,
    });
    const [row] = await rows<{ key: string | null; wallet: string | null }>(
      sql`select watch_key_id as key, wallet_id as wallet from payment_quotes where id = ${res.json().id}`,
    );
    expect(row?.key).toBeNull();
    expect(row?.wallet).not.toBeNull();
  });
});

describe('a watched quote', () => {
  it('shows its deposits to its customer only', async () => {
    const q = (await quoteBtc('120.00')).json();
    await rows(
      sql`insert into chain_deposits (reference, network, txid, output, address, currency, amount, quote_id, user_id, confirmations)
          values (${`bitcoin:${HASH}:0`}, 'bitcoin', ${HASH}, '0', ${q.address}, 'BTC', '0.00126316', ${q.id}, ${customerId}, 1)`,
    );
    const res = await call('GET', `/api/payments/quotes/${q.id}`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      quote: { id: q.id, address: q.address, watched: true, confirmationsRequired: 3 },
      expired: false,
    });
    expect(res.json().deposits).toEqual([
      {
        id: expect.any(String),
        amount: '0.00126316',
        currency: 'BTC',
        status: 'seen',
        confirmations: 1,
        required: 3,
        late: false,
        creditAmount: null,
        seenAt: expect.any(String),
        creditedAt: null,
        flagged: false,
      },
    ]);
    const other = sessionCookieOf((await signUp(ctx.app)).res);
    const theirs = await call('GET', `/api/payments/quotes/${q.id}`, other);
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', '/api/payments/quotes/nope', customer)).statusCode).toBe(400);
  });

  it('is submitted without a hash, and never approved by hand while watched', async () => {
    const q = (await quoteBtc('130.00')).json();
    const body = {
      amount: '130.00',
      currency: 'BTC',
      walletAddress: q.address,
      serviceName: 'Add Funds',
      quoteId: q.id,
    };
    const created = await call('POST', '/api/transactions/create', customer, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'pending',
      txHash: null,
      walletAddress: q.address,
    });
    const approve = await call(
      'POST',
      `/api/admin/payments/${created.json().id}/approve`,
      admin,
      {},
    );
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('PAYMENT_AUTOMATIC');
    const reject = await call('POST', `/api/admin/payments/${created.json().id}/reject`, admin, {});
    expect(reject.statusCode).toBe(200);
    // A bad hash is still refused; a good one is kept canonical.
    const q2 = (await quoteBtc('140.00')).json();
    const bad = await call('POST', '/api/transactions/create', customer, {
      ...body,
      amount: '140.00',
      walletAddress: q2.address,
      quoteId: q2.id,
      txHash: 'nothex',
    });
    expect(bad.json().error.code).toBe('INVALID_TX_HASH');
    const good = await call('POST', '/api/transactions/create', customer, {
      ...body,
      amount: '140.00',
      walletAddress: q2.address,
      quoteId: q2.id,
      txHash: 'D'.repeat(64),
    });
    expect(good.json()).toMatchObject({ txHash: 'd'.repeat(64) });
  });

  it('needs a hash when the quote pays a fixed wallet', async () => {
    const q = (
      await call('POST', '/api/payments/quote', customer, { amount: '150.00', currency: 'LTC' })
    ).json();
    const res = await call('POST', '/api/transactions/create', customer, {
      amount: '150.00',
      currency: 'LTC',
      walletAddress: q.address,
      serviceName: 'Add Funds',
      quoteId: q.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      expect.objectContaining({ path: 'body.txHash', code: 'INVALID_TYPE' }),
    ]);
    const noQuote = await call('POST', '/api/transactions/create', customer, {
      amount: '150.00',
      currency: 'LTC',
      walletAddress: LTC_WALLET,
      serviceName: 'Add Funds',
    });
    expect(noQuote.json().error.fields?.[0]).toMatchObject({
      path: 'body.txHash',
      code: 'INVALID_TYPE',
    });
  });

  it('is approved by hand once its network is no longer watched', async () => {
    const q = (await quoteBtc('160.00')).json();
    const created = await call('POST', '/api/transactions/create', customer, {
      amount: '160.00',
      currency: 'BTC',
      walletAddress: q.address,
      serviceName: 'Add Funds',
      quoteId: q.id,
      txHash: 'e'.repeat(64),
    });
    const unwatched = await buildApp({
      config: { ...ctx.config, chains: { ...ctx.config.chains, networks: {} } },
      database: ctx.database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
    });
    try {
      const res = await send(
        unwatched,
        'POST',
        `/api/admin/payments/${created.json().id}/approve`,
        admin,
        {},
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('approved');
    } finally {
      await unwatched.close();
    }
  });
});
