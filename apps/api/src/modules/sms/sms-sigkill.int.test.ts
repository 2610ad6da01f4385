import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestDatabase,
  fundedCustomer,
  generousLimits,
  TEST_SESSION_SECRET,
  tempDir,
  testConfig,
} from '../../../test/helpers.js';
import {
  childServerEnv,
  killHard,
  serverProcesses,
  stopGently,
} from '../../../test/server-process.js';
import { openEmbeddedOnDisk } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

/**
 * The real server in a child process (main.ts through tsx, on 127.0.0.1, with its own
 * data folder: PGlite there, or the test's PostgreSQL database), killed with SIGKILL by
 * its PID during a burst of sends, then started again: every message settles
 * (delivered, failed and refunded, or expired) within the configured times, none is
 * lost or doubled, and the ledger check is empty.
 */
const servers = serverProcesses();
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await servers.killAll();
  for (const close of closers) await close();
});

interface Item {
  id: string;
  status: string;
  cost: string;
}

describe('SIGKILL during a burst of SMS', () => {
  it('settles every accepted message after a restart: none lost, none doubled, ledger clean', async () => {
    const dataDir = tempDir('parley-sigkill-');
    // The customer and admin are made in-process first; then the child takes the data.
    const testDb = process.env.PARLEY_TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const database = testDb ?? (await openEmbeddedOnDisk(dataDir));
    if (testDb) closers.push(() => testDb.close());
    await seedCatalogueOnce(database.db);
    const setup = await buildApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
    });
    await setup.ready();
    const customer = await fundedCustomer(setup, database, '100.00');
    const admin = await adminSession({ app: setup, database }, `kill-${randomUUID()}@example.com`);
    await setup.close();
    if (!testDb) await database.close();

    const envOn = (port: number) => ({
      ...childServerEnv({ port, dataDir, databaseUrl: testDb?.url }),
      AUTH_LIMIT_FACTOR: '100',
      SMS_GATEWAY: 'sandbox',
      SMS_SANDBOX_DELAY_MS: '1000',
      SMS_RECEIPT_TIMEOUT: '30s',
    });
    let server = await servers.start(envOn);
    const call = (method: string, url: string, cookie: string, body?: object) =>
      fetch(`${server.base}${url}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });

    // 40 messages, every fifth to a number the sandbox fails; each with its request id.
    const wanted = Array.from({ length: 40 }, (_, i) => ({
      requestId: randomUUID(),
      recipient:
        i % 5 === 0
          ? `+447400${String(i).padStart(2, '0')}0000`
          : `+4474008000${String(i).padStart(2, '0')}`,
    }));
    const accepted = new Map<string, string>();
    const sendOne = async (w: (typeof wanted)[number]) => {
      const res = await call('POST', '/api/sms/send', customer.cookie, {
        senderId: 'Parley',
        message: 'Burst before a crash',
        ...w,
      });
      if (res.status === 201) accepted.set(w.requestId, ((await res.json()) as Item).id);
    };

    let next = 0;
    let killed = false;
    const sender = async () => {
      while (!killed && next < wanted.length) {
        const w = wanted[next++];
        if (w) await sendOne(w).catch(() => {});
        if (accepted.size >= 15 && !killed) {
          killed = true;
          await killHard(server.child);
        }
      }
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    expect(killed).toBe(true);
    const beforeCrash = accepted.size;

    server = await servers.start(envOn);
    // The rest, and again any whose answer the crash swallowed: the same request id
    // never makes a second message.
    for (const w of wanted) await sendOne(w);
    expect(accepted.size).toBe(wanted.length);
    expect(new Set(accepted.values()).size).toBe(wanted.length);

    // Sandbox receipts (1 s), claims settled at start, expiry (30 s): all well inside 60 s.
    const end = Date.now() + 60_000;
    let items: Item[] = [];
    while (Date.now() < end) {
      const res = await call('GET', '/api/sms/history?page=1&pageSize=100', customer.cookie);
      items = ((await res.json()) as { items: Item[] }).items;
      if (items.every((m) => ['delivered', 'failed', 'expired'].includes(m.status))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const byStatus = (s: string) => items.filter((m) => m.status === s);
    expect(items.length).toBe(wanted.length); // none lost, none doubled
    expect(new Set(items.map((m) => m.id))).toEqual(new Set(accepted.values()));
    expect(items.filter((m) => !['delivered', 'failed', 'expired'].includes(m.status))).toEqual([]);
    expect(byStatus('delivered').length).toBeGreaterThan(0);

    // Only delivered messages are paid for: each failed or expired one refunded once.
    const me = (await (await call('GET', '/api/auth/user', customer.cookie)).json()) as {
      cryptoBalance: string;
    };
    const spent = byStatus('delivered').reduce((sum, m) => sum + Number(m.cost), 0);
    expect(Number(me.cryptoBalance)).toBeCloseTo(100 - spent, 4);
    const check = await call('GET', '/api/admin/ledger/check', admin);
    expect(check.status).toBe(200);
    expect(((await check.json()) as { mismatches: unknown[] }).mismatches).toEqual([]);
    expect(beforeCrash).toBeGreaterThanOrEqual(15);
    await stopGently(server.child);
  }, 300_000);
});
