import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestDatabase,
  generousLimits,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
  TEST_SESSION_SECRET,
  tempDir,
  testConfig,
} from '../../../test/helpers.js';
import {
  type Litecoind,
  litecoindAvailable,
  litecoinFormOf,
  requireChainNodes,
  startLitecoind,
} from '../../../test/litecoind.js';
import {
  childServerEnv,
  killHard,
  serverProcesses,
  stopGently,
} from '../../../test/server-process.js';
import { openEmbeddedOnDisk } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import type { ChainPausePoint } from '../../config/chains-config.js';
import { type Database, openDatabase } from '../../db/client.js';

// The real server in a child process, watching litecoind (regtest, read as Bitcoin) on
// its own data folder (PGlite) or the test's PostgreSQL database, stopped by a crash-test
// pause point (CHAIN_TEST_PAUSE) and killed there with SIGKILL: inside a block's
// transaction once its payment is written, inside a credit's once the ledger row is
// written, and just after a credit committed. A new process credits each payment
// exactly once (on PostgreSQL the last restart is two instances at once).
// CI installs litecoind and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!litecoindAvailable && requireChainNodes())
  throw new Error('litecoind is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 90 + i);
const BTC_VPUB = HDKey.fromMasterSeed(SEED, { private: 0x045f18bc, public: 0x045f1cf6 }).derive(
  "m/84'/1'/0'",
).publicExtendedKey;
const CONFIRMATIONS = 2;
const POINTS: ChainPausePoint[] = ['block', 'credit', 'credited'];
const servers = serverProcesses();
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await servers.killAll();
  for (const close of closers) await close();
}, 60_000);

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Quote {
  id: string;
  address: string;
  cryptoAmount: string;
  creditAmount: string;
}

/** An admin's watch key, a customer and one BTC quote per pause point, made in-process. */
async function prepare(database: Database, dataDir: string, env: Record<string, string>) {
  const app = await buildApp({
    config: testConfig({ ...env, DATA_DIR: dataDir, CHAIN_POLL_SECONDS: '3600' }),
    database,
    sessionSecret: TEST_SESSION_SECRET,
    challengeCounterRange: [1, 50],
    authLimits: generousLimits(),
  });
  await app.ready();
  try {
    const admin = await adminSession({ app, database }, 'sigkill-admin@example.com');
    const key = await send(app, 'PUT', '/api/admin/chains/watch-keys/bitcoin', admin, {
      key: BTC_VPUB,
    });
    expect(key.statusCode, key.body).toBe(200);
    const signed = await signUp(app);
    const customer = sessionCookieOf(signed.res);
    const quotes: Quote[] = [];
    // Amounts apart: the same request again would be answered with the same open quote.
    for (const [i] of POINTS.entries()) {
      const res = await send(app, 'POST', '/api/payments/quote', customer, {
        amount: `${150 + 10 * i}.00`,
        currency: 'BTC',
      });
      expect(res.statusCode, res.body).toBe(201);
      quotes.push(res.json());
    }
    // The first pass sets the cursor: the processes below find it there.
    expect(await app.chainWatch.passOnce('bitcoin')).toMatchObject({ status: 'scanned' });
    return { customer, customerId: signed.res.json().id as string, quotes };
  } finally {
    await app.close();
  }
}

describe.skipIf(!litecoindAvailable)('SIGKILL of a watcher at each step of a credit', () => {
  let node: Litecoind;

  it('credits each payment exactly once after a restart', async () => {
    node = await startLitecoind();
    closers.push(() => node.stop());
    const dataDir = tempDir('parley-chain-sigkill-');
    const testDb = process.env.PARLEY_TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const database = testDb ?? (await openEmbeddedOnDisk(dataDir));
    if (testDb) closers.push(() => testDb.close());
    const chainEnv = {
      CHAIN_BITCOIN_RPC_URL: node.rpcUrl,
      CHAIN_BITCOIN_NETWORK: 'regtest',
      CHAIN_BITCOIN_CONFIRMATIONS: String(CONFIRMATIONS),
      MAX_OPEN_QUOTES: '20',
    };
    const { customer, customerId, quotes } = await prepare(database, dataDir, chainEnv);
    if (!testDb) await database.close();

    const envOn = (port: number) => ({
      ...chainEnv,
      ...childServerEnv({ port, dataDir, databaseUrl: testDb?.url, logLevel: 'warn' }),
      CHAIN_POLL_SECONDS: '0.2',
    });
    const depositsOf = async (base: string, quoteId: string) => {
      const res = await fetch(`${base}/api/payments/quotes/${quoteId}`, {
        headers: { cookie: customer },
        signal: AbortSignal.timeout(10_000),
      });
      return ((await res.json()) as { deposits: { status: string }[] }).deposits;
    };

    for (const [i, point] of POINTS.entries()) {
      const q = quotes[i] as Quote;
      await node.send(litecoinFormOf(q.address), q.cryptoAmount);
      await node.mine(CONFIRMATIONS);
      const mark = `"chainTestPause":"${point}"`;
      const paused = await servers.start(
        (port) => ({ ...envOn(port), CHAIN_TEST_PAUSE: point }),
        (out) => out.includes(mark),
      );
      await until(`the pause at ${point}`, () => paused.output().includes(mark));
      await killHard(paused.child);
      if (testDb) {
        // Killed where it stopped: only a committed credit left its ledger row.
        const rows = await queryRows<{ n: number }>(
          testDb,
          sql`select count(*)::int as n from ledger_entries
              where user_id = ${customerId} and kind = 'deposit'`,
        );
        expect(rows[0]?.n).toBe(point === 'credited' ? i + 1 : i);
      }

      // On PostgreSQL the last restart is two instances at once: one leads, one stands by.
      const restarted = await servers.start(envOn);
      const other = testDb && point === 'credited' ? await servers.start(envOn) : null;
      await until(`the credit after ${point}`, async () =>
        (await depositsOf(restarted.base, q.id)).some((d) => d.status === 'credited'),
      );
      expect(await depositsOf(restarted.base, q.id)).toMatchObject([{ status: 'credited' }]);
      await stopGently(restarted.child);
      if (other) await stopGently(other.child);
    }

    const check = testDb ?? (await openDatabase({ kind: 'pglite', dataDir }));
    try {
      const rows = await queryRows<{ reference: string; amount: string }>(
        check,
        sql`select reference, amount::text from ledger_entries
            where user_id = ${customerId} and kind = 'deposit' order by reference`,
      );
      expect(rows).toHaveLength(POINTS.length);
      expect(new Set(rows.map((r) => r.reference)).size).toBe(POINTS.length);
      const credited = quotes.reduce((sum, q) => sum + Number(q.creditAmount), 0);
      const [user] = await queryRows<{ balance: string }>(
        check,
        sql`select crypto_balance::text as balance from users where id = ${customerId}`,
      );
      expect(Number(user?.balance)).toBeCloseTo(credited, 2);
    } finally {
      if (!testDb) await check.close();
    }
  }, 420_000);
});
