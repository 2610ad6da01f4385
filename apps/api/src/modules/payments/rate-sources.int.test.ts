import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';
import { median } from './rates-feed.js';

/**
 * Answers in the shapes the vendors document (CoinGecko's `/simple/price`, Coinbase's
 * `/v2/exchange-rates`, Kraken's `/0/public/Ticker`), recorded from their documentation
 * and given prices the tests can work out by hand. No test reaches the internet: a
 * server on 127.0.0.1 plays the three sources.
 */
const COINGECKO = {
  bitcoin: { usd: 67187.33 },
  ethereum: { usd: 3500.12 },
  tether: { usd: 1.0 },
};
const COINBASE = {
  data: {
    currency: 'USD',
    rates: { AED: '3.6725', BTC: '0.0000148', ETH: '0.000285', GBP: '0.79', USDT: '1.0' },
  },
};
const tick = (last: string) => ({
  a: [last, '1', '1.000'],
  b: [last, '1', '1.000'],
  c: [last, '0.00067643'],
  v: ['4083.67001100', '4412.73601799'],
  p: [last, last],
  t: [34619, 38907],
  l: [last, last],
  h: [last, last],
  o: last,
});
const KRAKEN = {
  error: [],
  result: {
    XXBTZUSD: tick('67250.10000'),
    XETHZUSD: tick('3499.50000'),
    USDTZUSD: tick('1.00010000'),
    ZGBPZUSD: tick('1.2700'),
  },
};

type Answer = { status: number; body: unknown; delayMs?: number };
const answers: Record<string, Answer> = {};
const asked: string[] = [];
const serveAll = () => {
  answers.cg = { status: 200, body: COINGECKO };
  answers.cb = { status: 200, body: COINBASE };
  answers.kr = { status: 200, body: KRAKEN };
};
const server = http.createServer((req, res) => {
  const [, source = ''] = /^\/(\w+)\//.exec(req.url ?? '') ?? [];
  asked.push(req.url ?? '');
  const answer = answers[source] ?? { status: 404, body: {} };
  setTimeout(() => {
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }, answer.delayMs ?? 0);
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;
let base = '';

const rateOf = async (b: string, q: string) =>
  (
    await queryRows<{ rate: string; source: string }>(
      ctx.database,
      sql`select rate::text as rate, source from exchange_rates where base = ${b} and quote = ${q}`,
    )
  )[0];
const age = (minutes: number) =>
  ctx.database.db.execute(
    sql`update exchange_rates set updated_at = now() - make_interval(mins => ${minutes})`,
  );
const checklist = async () => (await send(ctx.app, 'GET', '/api/admin/setup', admin)).json();

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  serveAll();
  ctx = await createTestApp({
    RATES_FEED_SOURCES: `coingecko=${base}/cg,coinbase=${base}/cb/,kraken=${base}/kr`,
    RATES_FEED_INTERVAL_SECONDS: '86400',
    RATES_FEED_TIMEOUT_SECONDS: '0.5',
  });
  admin = await adminSession(ctx, 'sources-admin@example.com');
  customer = sessionCookieOf((await signUp(ctx.app)).res);
  await send(ctx.app, 'POST', '/api/admin/crypto-wallets', admin, {
    currency: 'BTC',
    network: 'bitcoin',
    address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the default rate feed, read from several public sources', () => {
  it('asks each vendor at its documented path and writes the median, less the spread', async () => {
    const btc = await until(
      () => rateOf('BTC', 'USD'),
      (r) => r?.source === 'feed',
      20_000,
    );
    // BTC: 67187.33 (CoinGecko), 1 / 0.0000148 = 67567.57… (Coinbase), 67250.1 (Kraken):
    // the median is Kraken's, less 0.5 %.
    expect(btc?.rate).toBe('66913.849500000000000000');
    // ETH: 3500.12, 3508.77…, 3499.5: CoinGecko's is the median.
    expect((await rateOf('ETH', 'USD'))?.rate).toBe('3482.619400000000000000');
    // USD/GBP from Coinbase (0.79) and Kraken (1 / 1.27): the mean of the two, no spread.
    expect(await rateOf('USD', 'GBP')).toEqual({
      rate: '0.788700787401574803',
      source: 'feed',
    });
    expect(asked.some((u) => u.startsWith('/cg/api/v3/simple/price?ids=bitcoin,'))).toBe(true);
    expect(asked).toContain('/cb/v2/exchange-rates?currency=USD');
    expect(asked.some((u) => u.startsWith('/kr/0/public/Ticker?pair=XBTUSD,'))).toBe(true);
    const feed = (await checklist()).rates.feed;
    expect(feed).toMatchObject({
      enabled: true,
      sources: ['coingecko', 'coinbase', 'kraken'],
      answered: ['coingecko', 'coinbase', 'kraken'],
      failed: [],
    });
  });

  it('falls back to the sources that answer; a slow one is cut at its deadline', async () => {
    answers.cb = { status: 200, body: COINBASE, delayMs: 5_000 };
    answers.kr = { status: 500, body: { error: ['EService:Unavailable'] } };
    const started = Date.now();
    const result = await ctx.app.ratesFeed?.runOnce();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result?.written).toContain('BTC/USD');
    expect((await rateOf('BTC', 'USD'))?.rate).toBe('66851.393350000000000000');
    const feed = (await checklist()).rates.feed;
    expect(feed.answered).toEqual(['coingecko']);
    expect(feed.failed).toEqual([
      { source: 'coinbase', reason: 'timed out' },
      { source: 'kraken', reason: 'HTTP 500' },
    ]);
    serveAll();
  });

  it('keeps top-ups working an hour later, each read renewing the rates', async () => {
    // An hour on: every rate has expired; the next read renews them.
    await age(60);
    const stale = await send(ctx.app, 'POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'BTC',
    });
    expect(stale.json().error.code).toBe('RATE_UNAVAILABLE');
    await ctx.app.ratesFeed?.runOnce();
    const quote = await send(ctx.app, 'POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'BTC',
    });
    expect(quote.statusCode).toBe(201);
    expect(quote.json().rate).toBe('66913.8495');
    expect((await send(ctx.app, 'GET', '/api/payments/coins', null)).json()).toEqual([
      { currency: 'BTC', network: 'bitcoin' },
    ]);
  });

  it('when no source answers, changes nothing and tells the admin at once', async () => {
    answers.cg = { status: 429, body: { status: { error_code: 429 } } };
    answers.cb = { status: 200, body: '<html>' };
    answers.kr = { status: 200, body: { error: ['EGeneral:Too many requests'] } };
    const before = await rateOf('BTC', 'USD');
    expect(await ctx.app.ratesFeed?.runOnce()).toEqual({ written: [], skipped: [] });
    expect(await rateOf('BTC', 'USD')).toEqual(before);
    const { rates } = await checklist();
    expect(rates.feed.answered).toEqual([]);
    expect(rates.feed.failed).toEqual([
      { source: 'coingecko', reason: 'HTTP 429' },
      { source: 'coinbase', reason: 'no usable price' },
      { source: 'kraken', reason: 'no usable price' },
    ]);
    expect(Date.parse(rates.feed.lastRunAt)).toBeGreaterThan(Date.parse(rates.feed.lastAnsweredAt));
    serveAll();
  });
});

describe('an offline machine', () => {
  it('fails fast at start, and the checklist shows the feed answered nothing', async () => {
    // A port nobody listens on: every source is refused, as on a machine without internet.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({
      RATES_FEED_SOURCES: `coingecko=http://127.0.0.1:${port},coinbase=http://127.0.0.1:${port},kraken=http://127.0.0.1:${port}`,
    });
    try {
      await offline.app.ready();
      const offlineAdmin = await adminSession(offline, 'offline-admin@example.com');
      const read = async () =>
        (await send(offline.app, 'GET', '/api/admin/setup', offlineAdmin)).json();
      const shown = await until(read, (c) => c.rates.feed.lastRunAt !== null, 3_000);
      expect(shown.rates.feed).toMatchObject({ enabled: true, answered: [], lastAnsweredAt: null });
      expect(shown.rates.feed.failed.map((f: { reason: string }) => f.reason)).toEqual([
        'unreachable',
        'unreachable',
        'unreachable',
      ]);
    } finally {
      await offline.close();
    }
  }, 60_000);
});

describe('median', () => {
  it('is exact: the middle value, or the mean of the two middle ones', () => {
    expect(median(['3', '1', '2'])).toBe('2');
    expect(median(['0.1', '0.2'])).toBe('0.150000000000000000');
    expect(median(['5'])).toBe('5');
    expect(median(['10', '1', '2', '3'])).toBe('2.500000000000000000');
  });
});
