import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';
import { numberToDecimal, withSpread } from './rates-feed.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

/** A CoinGecko-shaped price server on 127.0.0.1 whose next answer the test sets. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let hits = 0;
let lastUrl = '';
const server = http.createServer((req, res) => {
  hits += 1;
  lastUrl = req.url ?? '';
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(answer.body);
});
const serve = (body: unknown, status = 200) => {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;
const logLines: string[] = [];

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rateRow = async (base: string) =>
  (
    await queryRows<{ rate: string; source: string }>(
      ctx.database,
      sql`select rate::text as rate, source from exchange_rates where base = ${base} and quote = 'USD'`,
    )
  )[0];
const feedAudits = async () =>
  queryRows<{ target_id: string; before: { rate: string }; after: { rate: string } }>(
    ctx.database,
    sql`select target_id, before, after from audit_log
        where action = 'rate.update' and actor_id is null order by created_at`,
  );
/** Rates older than `minutes`, as if the clock had moved on. */
const age = (base: string, minutes: number) =>
  ctx.database.db.execute(
    sql`update exchange_rates set updated_at = now() - make_interval(mins => ${minutes})
        where base = ${base}`,
  );
const quoteBtc = () =>
  call('POST', '/api/payments/quote', customer, { amount: '150.00', currency: 'BTC' });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  serve({ bitcoin: { usd: 100000, gbp: 79000 } });
  const log = new (await import('node:stream')).Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp(
    {
      LOG_LEVEL: 'warn',
      RATES_FEED_URL: `http://127.0.0.1:${port}/api/v3/simple/price?ids=bitcoin&x_cg_demo_api_key=SECRET-KEY`,
      // The timer's first run happens at start; later runs are triggered by the tests.
      RATES_FEED_INTERVAL_SECONDS: '86400',
      RATES_FEED_SPREAD_PERCENT: '1.5',
      RATES_FEED_IDS: 'MATIC=polygon-ecosystem-token',
    },
    { logStream: log },
  );
  admin = await adminSession(ctx, 'rates-admin@example.com');
  customer = sessionCookieOf((await signUp(ctx.app)).res);
  await call('POST', '/api/admin/crypto-wallets', admin, {
    currency: 'BTC',
    network: 'bitcoin',
    address: BTC,
  });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the rate feed', () => {
  it('refreshes at start, less the spread, through the audited path with no actor', async () => {
    const row = await until(
      () => rateRow('BTC'),
      (r) => r?.source === 'feed',
    );
    // 100000 less 1.5 % = 98500, exactly.
    expect(row).toEqual({ rate: '98500.000000000000000000', source: 'feed' });
    expect(lastUrl).toContain('ids=bitcoin');
    expect(await feedAudits()).toEqual([
      {
        target_id: 'BTC/USD',
        before: expect.objectContaining({ rate: '95000.000000000000000000', source: 'seed' }),
        after: expect.objectContaining({ rate: '98500.000000000000000000', source: 'feed' }),
      },
    ]);
    const shown = (await call('GET', '/api/admin/audit?actor=automatic', admin)).json();
    expect(shown.items[0]).toMatchObject({ action: 'rate.update', actor: null, ip: null });
    // Every other currency was missing from that answer: skipped and logged, unchanged.
    expect((await rateRow('ETH'))?.source).toBe('seed');
    expect(logLines.join('')).toMatch(/"currency":"ETH","reason":"missing"/);
  });

  it('writes only valid values; bad, missing, negative, zero and absurd ones change nothing', async () => {
    // The guard against jumps applies only to a fresh rate; these are an hour old.
    await age('BTC', 60);
    await age('MATIC', 60);
    serve({
      bitcoin: { usd: 51234.5 },
      ethereum: { usd: -3200 },
      tether: { usd: 0 },
      'usd-coin': { usd: '1.00' },
      litecoin: { usd: 1e12 },
      solana: { eur: 150 },
      binancecoin: [600],
      tron: { usd: null },
      'polygon-ecosystem-token': { usd: 2.5e-7 },
    });
    const audits = (await feedAudits()).length;
    const result = await ctx.app.ratesFeed?.runOnce();
    expect(result?.written.sort()).toEqual(['BTC/USD', 'MATIC/USD']);
    expect(Object.fromEntries((result?.skipped ?? []).map((s) => [s.currency, s.reason]))).toEqual({
      ETH: 'not positive',
      USDT: 'not positive',
      USDC: 'not a number',
      LTC: 'out of range',
      SOL: 'missing',
      BNB: 'missing',
      TRX: 'not a number',
    });
    expect((await rateRow('BTC'))?.rate).toBe('50465.982500000000000000');
    expect((await rateRow('MATIC'))?.rate).toBe('0.000000246250000000');
    for (const base of ['ETH', 'USDT', 'USDC', 'LTC', 'SOL', 'BNB', 'TRX'])
      expect((await rateRow(base))?.source, base).toBe('seed');
    expect((await feedAudits()).length).toBe(audits + 2);
    // The log names what was skipped, never the feed's address or its key.
    expect(logLines.join('')).not.toContain('SECRET-KEY');
    expect(logLines.join('')).not.toContain('simple/price');
  });

  it('skips a price that jumps too far from a fresh rate', async () => {
    await ctx.database.db.execute(
      sql`update exchange_rates set updated_at = now() - interval '1 hour' where base = 'BTC'`,
    );
    serve({ bitcoin: { usd: 60000 } });
    await ctx.app.ratesFeed?.runOnce(); // stale: accepted, whatever the jump
    expect((await rateRow('BTC'))?.rate).toBe('59100.000000000000000000');
    // The same value again within half an interval (another instance's run): not rewritten.
    const audits = (await feedAudits()).length;
    expect((await ctx.app.ratesFeed?.runOnce())?.written).toEqual([]);
    expect((await feedAudits()).length).toBe(audits);
    // An admin's fresh rate: the feed's jump of more than 25 % from it is refused.
    await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '60000' });
    serve({ bitcoin: { usd: 90000 } });
    const jumped = await ctx.app.ratesFeed?.runOnce();
    expect(jumped?.skipped).toContainEqual({
      currency: 'BTC',
      reason: 'moved too far from the current rate',
    });
    expect((await rateRow('BTC'))?.rate).toBe('60000.000000000000000000');
    serve({ bitcoin: { usd: 61000 } });
    expect((await ctx.app.ratesFeed?.runOnce())?.written).toEqual(['BTC/USD']);
  });

  it('answers that are not JSON, not an object, or an error change nothing', async () => {
    await age('BTC', 60);
    const before = await rateRow('BTC');
    const audits = (await feedAudits()).length;
    for (const [body, status] of [
      ['<html>rate limited</html>', 200],
      ['{"bitcoin":{"usd":1', 200],
      ['[1,2,3]', 200],
      ['null', 200],
      ['{"bitcoin":{"usd":50000}}', 500],
      ['{"bitcoin":{"usd":50000}}', 429],
    ] as const) {
      serve(body, status);
      const result = await ctx.app.ratesFeed?.runOnce();
      expect(result?.written, body).toEqual([]);
    }
    expect(await rateRow('BTC')).toEqual(before);
    expect((await feedAudits()).length).toBe(audits);
    expect(logLines.join('')).toMatch(/"reason":"not JSON"/);
    // An outage is logged once, at its start; the admin's checklist shows the latest reason.
    expect(ctx.app.ratesFeed?.status().failed).toEqual([
      { source: 'coingecko', reason: 'HTTP 429' },
    ]);
    expect(hits).toBeGreaterThan(6);
  });
});

describe('rate expiry', () => {
  it('is 15 minutes for crypto and 24 hours for fiat, and a stale rate stops quotes with 503', async () => {
    await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '95000' });
    await call('PUT', '/api/admin/rates/USD/GBP', admin, { rate: '0.79' });
    expect((await quoteBtc()).statusCode).toBe(201);

    await age('BTC', 14);
    expect((await quoteBtc()).statusCode).toBe(201);
    await age('BTC', 16);
    const refused = await quoteBtc();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_UNAVAILABLE',
      message: 'The BTC/USD exchange rate is out of date; an admin needs to update it.',
    });

    // A fiat rate 16 minutes (or 23 hours) old is still good; at 25 hours it is not.
    await call('PUT', '/api/admin/rates/BTC/USD', admin, { rate: '95000' });
    await ctx.database.db.execute(
      sql`update exchange_rates set updated_at = now() - interval '23 hours' where base = 'USD'`,
    );
    expect((await quoteBtc()).statusCode).toBe(201);
    await ctx.database.db.execute(
      sql`update exchange_rates set updated_at = now() - interval '25 hours' where base = 'USD'`,
    );
    expect((await quoteBtc()).json().error.code).toBe('RATE_UNAVAILABLE');

    const listed = (await call('GET', '/api/admin/rates', admin)).json() as {
      base: string;
      quote: string;
      stale: boolean;
      ageSeconds: number;
      maxAgeSeconds: number;
    }[];
    const usd = listed.find((r) => r.base === 'USD');
    expect(usd).toMatchObject({ stale: true, maxAgeSeconds: 86_400 });
    expect(usd?.ageSeconds).toBeGreaterThanOrEqual(25 * 3600);
    expect(listed.find((r) => r.base === 'BTC')).toMatchObject({
      stale: false,
      maxAgeSeconds: 900,
    });
  });

  it('follows per-currency overrides: the stricter of a pair’s two currencies', async () => {
    const other = await createTestApp({ RATE_MAX_AGE_OVERRIDES: 'USDT=120,BTC=5' });
    try {
      const otherAdmin = await adminSession(other, 'override-admin@example.com');
      await other.database.db.execute(
        sql`update exchange_rates set updated_at = now() - interval '60 minutes' where base = 'USDT'`,
      );
      await other.database.db.execute(
        sql`update exchange_rates set updated_at = now() - interval '6 minutes' where base = 'BTC'`,
      );
      const listed = (await send(other.app, 'GET', '/api/admin/rates', otherAdmin)).json() as {
        base: string;
        stale: boolean;
        maxAgeSeconds: number;
      }[];
      const of = (base: string) => listed.find((r) => r.base === base);
      expect(of('USDT')).toMatchObject({ stale: false, maxAgeSeconds: 7200 });
      expect(of('BTC')).toMatchObject({ stale: true, maxAgeSeconds: 300 });
      expect(of('ETH')).toMatchObject({ stale: false, maxAgeSeconds: 900 });
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('the feed’s arithmetic', () => {
  it('is exact: JSON numbers as written, the spread taken in the customer’s disfavour', () => {
    expect(numberToDecimal(51234.5)).toBe('51234.5');
    expect(numberToDecimal(2.5e-7)).toBe('0.00000025');
    expect(numberToDecimal(1e-8)).toBe('0.00000001');
    expect(numberToDecimal(0.1)).toBe('0.1');
    expect(withSpread('0.1', '0')).toBe('0.100000000000000000');
    expect(withSpread('3', '33.3333')).toBe('2.000001000000000000');
    expect(withSpread('1', '0.5')).toBe('0.995000000000000000');
  });
});
