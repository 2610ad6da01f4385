import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addQuote, addUser, addWatchKey } from '../../../test/chain-watch-fixture.js';
import { adminSession, queryRows, send, sessionCookieOf, signUp } from '../../../test/helpers.js';

const ctx = useTestApp({
  timeout: 120_000,
  env: {
    CHAIN_BITCOIN_RPC_URL: 'http://parley:secret@127.0.0.1:18443/',
    CHAIN_BITCOIN_CONFIRMATIONS: '3',
    EXPLORER_URL_BITCOIN: 'https://explorer.example/tx/',
  },
  // No watcher runs: the test writes the deposits one would have found.
  deps: { chainWatchers: [] },
});
let admin: string;
let customer: string;
let userId: string;
let quote: { id: string; address: string };
const ids: Record<string, string> = {};

type Row = {
  id: string;
  reference: string;
  network: string;
  explorerUrl: string;
  amount: string;
  status: string;
  required: number;
  creditAmount: string | null;
  derivationIndex: number | null;
  flagged: boolean;
  evidence: unknown;
  customer: { id: string; email: string };
  quoteId: string;
};
const get = (query: string, cookie: string | null = admin) =>
  send(ctx.app, 'GET', `/api/admin/chains/deposits${query}`, cookie);
const page = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Row[]; total: number; page: number; pageSize: number };
};

/** A deposit as the watcher writes one, `minutes` after 10:00 on 1 May. */
async function addDeposit(
  name: string,
  d: { network?: string; status: string; minutes: number; evidence?: object },
) {
  const credited = d.status === 'credited';
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`insert into chain_deposits (reference, network, txid, output, address, currency, amount,
          quote_id, user_id, status, block_height, block_hash, confirmations, seen_at,
          credit_amount, credit_rate, credited_at, flagged_at, flag_evidence)
        values (${`ref-${name}`}, ${d.network ?? 'bitcoin'}, ${`tx${name}`}, '0', ${quote.address},
          'BTC', '0.00150000', ${quote.id}, ${userId}, ${d.status}, 100, 'hash-a',
          ${credited ? 3 : 1}, ${new Date(Date.UTC(2026, 4, 1, 10, d.minutes)).toISOString()}::timestamptz,
          ${credited ? '100.5000' : null}::numeric, ${credited ? '67000' : null}::numeric,
          ${credited ? new Date().toISOString() : null}::timestamptz,
          ${d.evidence ? new Date().toISOString() : null}::timestamptz,
          ${d.evidence ? JSON.stringify(d.evidence) : null}::jsonb)
        returning id`,
  );
  if (!row) throw new Error('no deposit');
  ids[name] = row.id;
}

const EVIDENCE = { height: 100, creditedBlockHash: 'hash-a', nodeBlockHash: 'hash-b' };

beforeAll(async () => {
  admin = await adminSession(ctx, 'chain-deposits-admin@example.com');
  customer = sessionCookieOf((await signUp(ctx.app)).res);
  userId = await addUser(ctx.database);
  quote = await addQuote(ctx.database, {
    userId,
    watchKeyId: await addWatchKey(ctx.database),
    expiresAt: new Date(Date.parse('2026-05-01T11:00:00Z')),
  });
  await addDeposit('seen', { status: 'seen', minutes: 1 });
  await addDeposit('credited', { status: 'credited', minutes: 2 });
  await addDeposit('flagged', { status: 'credited', minutes: 3, evidence: EVIDENCE });
  await addDeposit('dropped', { status: 'dropped', minutes: 4 });
  await addDeposit('ltc', { network: 'litecoin', status: 'seen', minutes: 5 });
}, 60_000);

describe('GET /api/admin/chains/deposits', () => {
  it('is for admins only', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', customer)).statusCode).toBe(403);
  });

  it('lists deposits newest first with quote, customer, explorer link and credit', async () => {
    const all = await page('');
    expect(all.total).toBe(5);
    expect(all.items.map((r) => r.reference)).toEqual(
      ['ltc', 'dropped', 'flagged', 'credited', 'seen'].map((n) => `ref-${n}`),
    );
    const credited = all.items.find((r) => r.id === ids.credited);
    const [q] = await queryRows<{ derivation_index: number }>(
      ctx.database,
      sql`select derivation_index from payment_quotes where id = ${quote.id}`,
    );
    const [u] = await queryRows<{ email: string }>(
      ctx.database,
      sql`select email from users where id = ${userId}`,
    );
    expect(credited).toMatchObject({
      network: 'bitcoin',
      explorerUrl: 'https://explorer.example/tx/txcredited',
      amount: '0.0015',
      status: 'credited',
      required: 3,
      creditAmount: '100.50',
      derivationIndex: q?.derivation_index,
      flagged: false,
      evidence: null,
      customer: { id: userId, email: u?.email },
      quoteId: quote.id,
    });
    expect(all.items.find((r) => r.id === ids.seen)?.creditAmount).toBeNull();
    // Litecoin has no node set here: its default confirmations and explorer.
    const ltc = all.items.find((r) => r.id === ids.ltc);
    expect(ltc?.required).toBe(6);
    expect(ltc?.explorerUrl).toBe('https://blockchair.com/litecoin/transaction/txltc');
  });

  it('filters by network, status and flagged', async () => {
    expect((await page('?network=litecoin')).items.map((r) => r.id)).toEqual([ids.ltc]);
    expect((await page('?status=credited')).items.map((r) => r.id)).toEqual([
      ids.flagged,
      ids.credited,
    ]);
    expect((await page('?network=bitcoin&status=seen')).items.map((r) => r.id)).toEqual([ids.seen]);
    const flagged = await page('?flagged=true');
    expect(flagged.total).toBe(1);
    expect(flagged.items[0]).toMatchObject({ id: ids.flagged, flagged: true, evidence: EVIDENCE });
  });

  it('pages', async () => {
    const second = await page('?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((r) => r.id)).toEqual([ids.flagged, ids.credited]);
    expect((await page('?page=4&pageSize=2')).items).toEqual([]);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    for (const [query, field, code] of [
      ['network=dogecoin', 'querystring.network', 'INVALID_CHOICE'],
      ['status=lost', 'querystring.status', 'INVALID_CHOICE'],
      ['flagged=yes', 'querystring.flagged', 'INVALID_CHOICE'],
      ['page=0', 'querystring.page', 'TOO_SMALL'],
      ['pageSize=101', 'querystring.pageSize', 'TOO_BIG'],
    ] as const) {
      const res = await get(`?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[0], query).toMatchObject({ path: field, code });
    }
  });
});
