import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';

// Account keys of the seed "abandon … about": BIP84's published zpub, and others of it.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ACCOUNT_1_ZPUB =
  'zpub6rFR7y4Q2AijF6Gk1bofHLs1d66hKFamhXWdWBup1Em25wfabZqkDqvaieV63fDQFaYmaatCG7jVNUpUiM2hAMo6SAVHcrUpSnHDpNzucB7';
const EVM_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
const XPRV =
  'xprv9ybY78BftS5UGANki6oSifuQEjkpyAC8ZmBvBNTshQnCBcxnefjHS7buPMkkqhcRzmoGZ5bokx7GuyDAiktd5HemohAU4wV1ZPMDRmLpBMm';
const BIP84_VPUB =
  'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
const DEPTH_4 =
  'zpub6u4KbU8TSgNuZSxzv7HaGq5Tk361gMHdZxnM4UYuwzg5CMLcNytzhobitV4Zq6vWtWHpG9QijsigkxAzXvQWyLRfLq1L7VxPP1tky1hPfD4';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const SEED_PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const FIRST_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const RPC_SECRET = 'rpc-password-9f2c';

const ctx = useTestApp({
  timeout: 120_000,
  env: {
    CHAIN_BITCOIN_RPC_URL: `http://parley:${RPC_SECRET}@127.0.0.1:18443/`,
    CHAIN_BITCOIN_CONFIRMATIONS: '3',
  },
  // Bitcoin is configured but no watcher runs: the test writes what one would report.
  deps: { chainWatchers: [] },
});
let admin: string;
let customer: string;

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
type Family = { family: string; key: { extendedKey: string; handedOut: number } | null };
const families = async () => {
  const res = await call('GET', '/api/admin/chains/watch-keys', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Family[];
};
const keyOf = async (family: string) => (await families()).find((f) => f.family === family)?.key;

beforeAll(async () => {
  admin = await adminSession(ctx, 'chains-admin@example.com');
  customer = sessionCookieOf((await signUp(ctx.app)).res);
}, 60_000);

describe('chains admin routes', () => {
  it('are for admins only: 401 to visitors, 403 to customers', async () => {
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/admin/chains/watch-keys'],
      ['POST', '/api/admin/chains/watch-keys/preview', { family: 'bitcoin', key: BIP84_ZPUB }],
      ['PUT', '/api/admin/chains/watch-keys/bitcoin', { key: BIP84_ZPUB }],
      ['DELETE', '/api/admin/chains/watch-keys/bitcoin'],
      ['GET', '/api/admin/chains/status'],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(method, url, null, body)).statusCode, url).toBe(401);
      expect((await call(method, url, customer, body)).statusCode, url).toBe(403);
    }
    expect(await keyOf('bitcoin')).toBeNull();
  });

  it('previews the BIP84 vector: version, chain and addresses with their paths', async () => {
    const res = await call('POST', '/api/admin/chains/watch-keys/preview', admin, {
      family: 'bitcoin',
      key: BIP84_ZPUB,
      count: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toBe('zpub');
    expect(body.chain).toBe('mainnet');
    expect(body.addresses).toHaveLength(3);
    expect(body.addresses[0]).toEqual({
      index: 0,
      path: "m/84'/0'/0'/0/0",
      address: FIRST_ADDRESS,
    });
  });

  it('refuses a wrong key with its WATCH_KEY_* code on body.key, without its text', async () => {
    const cases: [string, string, string][] = [
      ['bitcoin', XPRV, 'WATCH_KEY_PRIVATE'],
      ['evm', SEED_PHRASE, 'WATCH_KEY_PRIVATE'],
      ['bitcoin', BIP84_VPUB, 'WATCH_KEY_WRONG_NETWORK'],
      ['bitcoin', DEPTH_4, 'WATCH_KEY_WRONG_DEPTH'],
      ['bitcoin', YPUB, 'WATCH_KEY_UNSUPPORTED'],
      ['tron', 'xpubNotReallyAKeyButLongEnoughToSpot', 'WATCH_KEY_INVALID'],
    ];
    for (const [family, key, code] of cases) {
      const res = await call('POST', '/api/admin/chains/watch-keys/preview', admin, {
        family,
        key,
      });
      expect(res.statusCode, code).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual([expect.objectContaining({ path: 'body.key', code })]);
      expect(res.body).not.toContain(key.slice(4, 40));
    }
    const tooMany = await call('POST', '/api/admin/chains/watch-keys/preview', admin, {
      family: 'bitcoin',
      key: BIP84_ZPUB,
      count: 21,
    });
    expect(tooMany.statusCode).toBe(400);
    const unknown = await call('PUT', '/api/admin/chains/watch-keys/solana', admin, {
      key: BIP84_ZPUB,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('saves a key: the list shows it with its first addresses, and the audit log records it', async () => {
    const refused = await call('PUT', '/api/admin/chains/watch-keys/bitcoin', admin, { key: XPRV });
    expect(refused.statusCode).toBe(400);
    expect(await keyOf('bitcoin')).toBeNull();

    const res = await call('PUT', '/api/admin/chains/watch-keys/bitcoin', admin, {
      key: `  ${BIP84_ZPUB} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toMatchObject({
      extendedKey: BIP84_ZPUB,
      handedOut: 0,
      addedBy: { email: 'chains-admin@example.com' },
    });
    const list = await families();
    expect(list.map((f) => f.family)).toEqual(['bitcoin', 'litecoin', 'evm', 'tron']);
    const btc = list[0] as Family & { key: { addresses: { address: string }[] } };
    expect(btc.key.addresses).toHaveLength(5);
    expect(btc.key.addresses[0]?.address).toBe(FIRST_ADDRESS);
    const audit = await rows<{ action: string; after: { key: string } }>(
      sql`select action, after from audit_log where target_type = 'watch_key'`,
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'watch_key.set' })]);
    // The log keeps a shortened key: it is the admin's, though public.
    expect(JSON.stringify(audit)).not.toContain(BIP84_ZPUB);
  });

  it('replacing a key keeps the old one’s counter; setting it again goes on from there', async () => {
    await ctx.database.db.execute(
      sql`update chain_watch_keys set next_index = 9 where extended_key = ${BIP84_ZPUB}`,
    );
    const other = await call('PUT', '/api/admin/chains/watch-keys/bitcoin', admin, {
      key: ACCOUNT_1_ZPUB,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await keyOf('bitcoin')).toMatchObject({ extendedKey: ACCOUNT_1_ZPUB, handedOut: 0 });

    const again = await call('PUT', '/api/admin/chains/watch-keys/bitcoin', admin, {
      key: BIP84_ZPUB,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await keyOf('bitcoin')).toMatchObject({ extendedKey: BIP84_ZPUB, handedOut: 9 });
    const stored = await rows<{ extended_key: string; is_active: boolean; next_index: number }>(
      sql`select extended_key, is_active, next_index from chain_watch_keys where family = 'bitcoin' order by created_at`,
    );
    expect(stored).toEqual([
      { extended_key: BIP84_ZPUB, is_active: true, next_index: 9 },
      { extended_key: ACCOUNT_1_ZPUB, is_active: false, next_index: 0 },
    ]);
  });

  it('removes a key (kept, inactive) and says 404 when there is none', async () => {
    expect(
      (await call('PUT', '/api/admin/chains/watch-keys/evm', admin, { key: EVM_XPUB })).statusCode,
    ).toBe(200);
    const res = await call('DELETE', '/api/admin/chains/watch-keys/evm', admin);
    expect(res.statusCode).toBe(204);
    expect(await keyOf('evm')).toBeNull();
    expect((await call('DELETE', '/api/admin/chains/watch-keys/evm', admin)).statusCode).toBe(404);
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where action = 'watch_key.remove'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('status lists every network and reports the cursor a watcher wrote, never the node URL', async () => {
    await ctx.database.db.execute(sql`
      insert into chain_cursors (network, height, block_hash, node_height, last_error, last_error_at, checked_at)
      values ('bitcoin', 800000, 'abc', 800004, 'CHAIN_UNREACHABLE', now(), now())`);
    const res = await call('GET', '/api/admin/chains/status', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(RPC_SECRET);
    expect(res.body).not.toContain('18443');
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((n) => n.network)).toEqual([
      'bitcoin',
      'litecoin',
      'ethereum',
      'bsc',
      'polygon',
      'tron',
      'solana',
    ]);
    expect(list[0]).toMatchObject({
      watched: true,
      confirmations: 3,
      chain: 'mainnet',
      family: 'bitcoin',
      keyActive: true,
      handedOut: 9,
      nodeHeight: 800004,
      cursorHeight: 800000,
      lag: 4,
      lastError: 'CHAIN_UNREACHABLE',
      deposits: { seen: 0, credited: 0, dropped: 0 },
    });
    expect(list[2]).toMatchObject({ watched: false, chainId: 1, keyActive: false, lag: null });
  });
});
