import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import {
  adminSession,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';
import { ConfigError, loadConfig } from '../../config/env.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ETH = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const hex = () => randomBytes(32).toString('hex');
/** A hex hash with letters in it, so its case can change. */
const lettered = () => `${hex().slice(0, 60)}abcd`;

let admin: string;

const ctx = useTestApp({ env: { MAX_OPEN_QUOTES: '3', MAX_PENDING_PAYMENTS: '3' } });
beforeAll(async () => {
  admin = await adminSession(ctx, 'hardening-admin@example.com');
  await addCryptoWallets(ctx, admin, [
    ['BTC', 'bitcoin', BTC],
    ['ETH', 'ethereum', ETH],
  ]);
});

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return send(ctx.app, method, url, cookie, payload);
}
const count = async (table: string) =>
  (
    await queryRows<{ n: number }>(ctx.database, sql.raw(`select count(*)::int as n from ${table}`))
  )[0]?.n;
const customer = async () => sessionCookieOf((await signUp(ctx.app)).res);
const quote = (cookie: string, amount = '150.00', currency = 'BTC') =>
  call('POST', '/api/payments/quote', cookie, { amount, currency });
const submit = (
  cookie: string,
  q: { id: string; fiatAmount: string },
  txHash: string,
  currency = 'BTC',
) =>
  call('POST', '/api/transactions/create', cookie, {
    amount: q.fiatAmount,
    currency,
    walletAddress: currency === 'BTC' ? BTC : ETH,
    serviceName: 'Add Funds',
    quoteId: q.id,
    txHash,
  });

afterEach(async () => {
  const check = (await call('GET', '/api/admin/ledger/check', admin)).json();
  expect(check.mismatches).toEqual([]);
});

describe('one on-chain payment credits once', () => {
  it('stores hashes in lower case, and refuses the same hash in another letter case', async () => {
    const ada = await customer();
    const bob = await customer();
    const btcHash = lettered();
    const first = await submit(ada, (await quote(ada)).json(), btcHash.toUpperCase());
    expect(first.statusCode).toBe(201);
    expect(first.json().txHash).toBe(btcHash);
    const again = await submit(bob, (await quote(bob)).json(), btcHash);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'TX_HASH_USED']);
    // Without a quote of its own, the hash is refused before a quote is written.
    const quotes = await count('payment_quotes');
    const bare = await call('POST', '/api/transactions/create', bob, {
      amount: '150',
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      txHash: `${btcHash.slice(0, 32).toUpperCase()}${btcHash.slice(32)}`,
    });
    expect(bare.json().error.code).toBe('TX_HASH_USED');
    expect(await count('payment_quotes')).toBe(quotes);

    // EVM: 0x and the digits, whatever their case.
    const evm = `0x${lettered()}`;
    const eth = await submit(
      ada,
      (await quote(ada, '150', 'ETH')).json(),
      evm.toUpperCase().replace('0X', '0x'),
      'ETH',
    );
    expect(eth.json().txHash).toBe(evm);
    const ethAgain = await submit(bob, (await quote(bob, '150', 'ETH')).json(), evm, 'ETH');
    expect(ethAgain.json().error.code).toBe('TX_HASH_USED');
  });

  it('two concurrent submissions of one hash: one is accepted, the other refused, nothing else written', async () => {
    const ada = await customer();
    const bob = await customer();
    const [qa, qb] = [(await quote(ada)).json(), (await quote(bob)).json()];
    const hash = lettered();
    const before = { tx: await count('transactions'), quotes: await count('payment_quotes') };
    const results = await Promise.all([submit(ada, qa, hash), submit(bob, qb, hash.toUpperCase())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('TX_HASH_USED');
    expect(await count('transactions')).toBe((before.tx ?? 0) + 1);
    expect(await count('payment_quotes')).toBe(before.quotes);
  });
});

describe('a payment cannot be claimed by someone who did not make it', () => {
  it('needs its transaction hash', async () => {
    const ada = await customer();
    const q = (await quote(ada)).json();
    const res = await call('POST', '/api/transactions/create', ada, {
      amount: q.fiatAmount,
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      quoteId: q.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      {
        path: 'body.txHash',
        code: 'INVALID_TYPE',
        params: { expected: 'string' },
        message: 'Transaction hash is required',
      },
    ]);
  });

  it('asks every open quote on an address for a different amount, even when asked at once', async () => {
    const cookies = await Promise.all([customer(), customer(), customer(), customer()]);
    const quotes = (await Promise.all(cookies.map((c) => quote(c, '190.00')))).map((r) => r.json());
    // 190 / 95000 = 0.002 exactly; then one satoshi more for each other open quote.
    expect(quotes.map((q) => q.cryptoAmount).sort()).toEqual([
      '0.002',
      '0.00200001',
      '0.00200002',
      '0.00200003',
    ]);
    for (const q of quotes) expect(q.uri).toBe(`bitcoin:${BTC}?amount=${q.cryptoAmount}`);

    // A submitted quote keeps its amount while the payment waits, even past its expiry;
    // an expired, unsubmitted one gives its amount back.
    const byAmount = quotes
      .map((q, i) => ({ q, cookie: cookies[i] ?? '' }))
      .sort((a, b) => a.q.cryptoAmount.localeCompare(b.q.cryptoAmount));
    const [first, second] = byAmount.map((x) => x.q);
    const owner = byAmount[0]?.cookie ?? '';
    const hash = hex();
    const paid = await submit(owner, first, hash);
    expect(paid.json().cryptoAmount).toBe('0.002');
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '1 second' where id in (${first.id}, ${second.id})`,
    );
    const next = (await quote(await customer(), '190.00')).json();
    expect(next.cryptoAmount).toBe('0.00200001');

    // The admin sees that amount beside the full hash and a link to look it up.
    const row = (await call('GET', '/api/admin/payments?status=pending', admin))
      .json()
      .find((p: { id: string }) => p.id === paid.json().id);
    expect(row).toMatchObject({
      txHash: hash,
      cryptoAmount: '0.002',
      walletAddress: BTC,
      explorerUrl: `https://mempool.space/tx/${hash}`,
    });
  });

  it('links to the block explorer configured for the network, which must be https', async () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp', WEB_DIST_DIR: '/tmp' };
    expect(loadConfig(base).explorers).toMatchObject({
      ethereum: 'https://etherscan.io/tx/',
      tron: 'https://tronscan.org/#/transaction/',
      solana: 'https://solscan.io/tx/',
      litecoin: 'https://blockchair.com/litecoin/transaction/',
    });
    expect(
      loadConfig({ ...base, EXPLORER_URL_ETHEREUM: 'https://eth.example/tx/' }).explorers.ethereum,
    ).toBe('https://eth.example/tx/');
    expect(() => loadConfig({ ...base, EXPLORER_URL_BITCOIN: 'http://mempool.space/tx/' })).toThrow(
      ConfigError,
    );
    const other = await createTestApp({ EXPLORER_URL_ETHEREUM: 'https://eth.example/tx/' });
    try {
      const staff = await adminSession(other, 'explorer-admin@example.com');
      await send(other.app, 'POST', '/api/admin/crypto-wallets', staff, {
        currency: 'ETH',
        network: 'ethereum',
        address: ETH,
      });
      const buyer = sessionCookieOf((await signUp(other.app)).res);
      const hash = `0x${hex()}`;
      const res = await send(other.app, 'POST', '/api/transactions/create', buyer, {
        amount: '150',
        currency: 'ETH',
        walletAddress: ETH,
        serviceName: 'Add Funds',
        txHash: hash,
      });
      expect(res.statusCode).toBe(201);
      const [row] = (await send(other.app, 'GET', '/api/admin/payments', staff)).json();
      expect(row.explorerUrl).toBe(`https://eth.example/tx/${hash}`);
    } finally {
      await other.close();
    }
  });
});

describe('open requests are bounded', () => {
  it('refuses a quote beyond the open ones allowed, also when asked at once; paying one frees it', async () => {
    const ada = await customer();
    // Six amounts: asking the same amount again answers the open quote (no new one).
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => quote(ada, `${120 + i}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)?.json().error;
    expect(refused.code).toBe('TOO_MANY_OPEN_QUOTES');
    const open = results.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect((await quote(ada, open[1].fiatAmount)).json().id).toBe(open[1].id);
    expect((await submit(ada, open[0], hex())).statusCode).toBe(201);
    expect((await quote(ada, '130')).statusCode).toBe(201);
    expect((await quote(ada, '131')).json().error.code).toBe('TOO_MANY_OPEN_QUOTES');
  });

  it('refuses a payment beyond the pending ones allowed, also when sent at once; a decision frees one', async () => {
    const ada = await customer();
    const bare = (txHash: string) =>
      call('POST', '/api/transactions/create', ada, {
        amount: '100',
        currency: 'BTC',
        walletAddress: BTC,
        serviceName: 'Add Funds',
        txHash,
      });
    const first = await Promise.all([bare(hex()), bare(hex())]);
    expect(first.map((r) => r.statusCode)).toEqual([201, 201]);
    // Two more at once with one place left: one of them gets it.
    const quotes = [(await quote(ada, '101')).json(), (await quote(ada, '102')).json()];
    const results = await Promise.all(quotes.map((q) => submit(ada, q, hex())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429]);
    expect(results.find((r) => r.statusCode === 429)?.json().error.code).toBe(
      'TOO_MANY_PENDING_PAYMENTS',
    );
    const mine = (await call('GET', '/api/transactions', ada)).json();
    expect(mine.filter((t: { status: string }) => t.status === 'pending')).toHaveLength(3);
    await call('POST', `/api/admin/payments/${mine[0].id}/reject`, admin, {});
    expect((await bare(hex())).statusCode).toBe(201);
  });

  it('lists payments for the admin by status, a page at a time, newest first', async () => {
    const all = (await call('GET', '/api/admin/payments?limit=200', admin)).json();
    const pending = (
      await call('GET', '/api/admin/payments?status=pending&limit=200', admin)
    ).json();
    expect(pending.length).toBeGreaterThan(2);
    expect(pending.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect(pending.length).toBeLessThan(all.length);
    const page1 = (await call('GET', '/api/admin/payments?status=pending&limit=2', admin)).json();
    const page2 = (
      await call('GET', '/api/admin/payments?status=pending&limit=2&offset=2', admin)
    ).json();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(pending).slice(0, 4));
    for (const bad of ['status=paid', 'limit=0', 'limit=201', 'offset=-1', 'limit=abc']) {
      const res = await call('GET', `/api/admin/payments?${bad}`, admin);
      expect([res.statusCode, res.json().error.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});

describe('the retention job', () => {
  const MARK = 'retention.quotes_pruned_before';
  /** The cut-off of the last complete pass, set `hours` back (as if it ran then). */
  const markAgo = (hours: number) =>
    ctx.database.db.execute(sql`
      insert into app_meta (key, value)
      values (${MARK}, (now() - make_interval(hours => ${hours}))::text)
      on conflict (key) do update set value = excluded.value`);

  it('prunes quotes expired past the grace period, never one a payment refers to', async () => {
    await ctx.app.retention.runOnce();
    await markAgo(48);
    const ada = await customer();
    const [stale, paid, recent] = [
      (await quote(ada, '140')).json(),
      (await quote(ada, '141')).json(),
      (await quote(ada, '142')).json(),
    ];
    expect((await submit(ada, paid, hex())).statusCode).toBe(201);
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '25 hours' where id in (${stale.id}, ${paid.id})`,
    );
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '23 hours' where id = ${recent.id}`,
    );
    expect((await ctx.app.retention.runOnce()).quotes).toBeGreaterThanOrEqual(1);
    expect((await ctx.app.retention.runOnce()).quotes).toBe(0);
    const left = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from payment_quotes where id in (${stale.id}, ${paid.id}, ${recent.id})`,
    );
    expect(left.map((r) => r.id).sort()).toEqual([paid.id, recent.id].sort());
  });

  it('looks only at quotes expired since its last complete pass, then moves its cut-off on', async () => {
    await ctx.app.retention.runOnce();
    await markAgo(26);
    const ada = await customer();
    const [settled, since] = [(await quote(ada, '143')).json(), (await quote(ada, '144')).json()];
    // Expired before the last pass's cut-off: that pass settled it (here: left it).
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '27 hours' where id = ${settled.id}`,
    );
    await ctx.database.db.execute(
      sql`update payment_quotes set expires_at = now() - interval '25 hours' where id = ${since.id}`,
    );
    expect((await ctx.app.retention.runOnce()).quotes).toBe(1);
    const left = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from payment_quotes where id in (${settled.id}, ${since.id})`,
    );
    expect(left.map((r) => r.id)).toEqual([settled.id]);
    const [mark] = await queryRows<{ hours: number }>(
      ctx.database,
      sql`select extract(epoch from now() - value::timestamptz) / 3600 as hours
          from app_meta where key = ${MARK}`,
    );
    // The grace period (24 hours) back from this pass.
    expect(Number(mark?.hours)).toBeCloseTo(24, 1);
  });
});

describe('migration 0019 on existing rows', () => {
  it('canonicalises hashes, keeps rows that now collide, and the ledger check reports them', async () => {
    const ada = await customer();
    const bob = await customer();
    const shared = lettered();
    const other = lettered();
    const a = (await submit(ada, (await quote(ada, '130')).json(), shared)).json();
    const b = (await submit(bob, (await quote(bob, '130')).json(), hex())).json();
    const c = (await submit(bob, (await quote(bob, '131')).json(), hex())).json();
    const run = (statement: string) => ctx.database.db.execute(sql.raw(statement));
    // Back to the schema before 0019, with rows as it let them be written.
    for (const statement of [
      'alter table transactions drop constraint transactions_tx_hash_canonical',
      'drop index transactions_tx_hash_live',
      'drop index events_created_idx',
      'drop index payment_quotes_address_idx',
      'drop index payment_quotes_user_idx',
      'alter table transactions drop column hash_conflict',
      'alter table transactions add constraint transactions_tx_hash_unique unique (tx_hash)',
      `update transactions set tx_hash = '${shared.toUpperCase()}' where id = '${b.id}'`,
      `update transactions set tx_hash = '${other.toUpperCase()}' where id = '${c.id}'`,
    ])
      await run(statement);

    const file = path.join(import.meta.dirname, '../../../drizzle/0019_payments_hardening.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await run(statement);

    const check = (await call('GET', '/api/admin/ledger/check', admin)).json();
    expect(check.hashCollisions).toEqual([
      {
        txHash: shared,
        networks: ['bitcoin'],
        transactions: [
          expect.objectContaining({ id: a.id, status: 'pending' }),
          expect.objectContaining({ id: b.id, status: 'pending' }),
        ],
      },
    ]);
    const hashes = await queryRows<{ id: string; tx_hash: string }>(
      ctx.database,
      sql`select id, tx_hash from transactions where id in (${b.id}, ${c.id})`,
    );
    expect(Object.fromEntries(hashes.map((h) => [h.id, h.tx_hash]))).toEqual({
      [b.id]: shared,
      [c.id]: other,
    });
    // The later row is never credited; the earlier one is, once; the hash stays taken.
    const refused = await call('POST', `/api/admin/payments/${b.id}/approve`, admin, {});
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'TX_HASH_USED']);
    expect((await call('POST', `/api/admin/payments/${a.id}/approve`, admin, {})).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/admin/payments/${b.id}/reject`, admin, {})).statusCode).toBe(
      200,
    );
    const again = await submit(ada, (await quote(ada, '132')).json(), shared.toUpperCase());
    expect(again.json().error.code).toBe('TX_HASH_USED');
  });
});
