import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestDatabase,
  fundedCustomer,
  generousLimits,
  send,
  TEST_SESSION_SECRET,
  tempDir,
  testConfig,
} from '../../../test/helpers.js';
import { freePort } from '../../../test/ports.js';
import {
  childServerEnv,
  killHard,
  serverProcesses,
  stopGently,
} from '../../../test/server-process.js';
import { connectEsme, type Esme } from '../../../test/smpp-client.js';
import { openEmbeddedOnDisk } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

/**
 * The real server in a child process, a gateway bound over SMPP submitting a burst
 * (single messages and a long one in parts), SIGKILL by PID in the middle, then a
 * restart: every message whose submit_sm_resp said OK is there once and settles; none
 * is lost, none doubled, and the ledger check is empty. Runs on PGlite and PostgreSQL.
 */
const servers = serverProcesses();
const closers: (() => Promise<void>)[] = [];
const esmes: Esme[] = [];

afterAll(async () => {
  for (const e of esmes) await e.close();
  await servers.killAll();
  for (const close of closers) await close();
});

const SETTLED = ['delivered', 'failed', 'expired'];

interface Item {
  id: string;
  status: string;
  cost: string;
  message: string;
}

describe('SIGKILL while a gateway submits over SMPP', () => {
  it('keeps every acknowledged message once, and settles them after a restart', async () => {
    const dataDir = tempDir('parley-smpp-kill-');
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
    const admin = await adminSession(
      { app: setup, database },
      `smpp-kill-${randomUUID()}@example.com`,
    );
    const created = await send(setup, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
      label: 'Crash test',
      maxPerSecond: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json() as { systemId: string; password: string };
    await setup.close();
    if (!testDb) await database.close();

    // Fresh ports for each start (see serverProcesses): the SMPP port's too.
    let smppPort = 0;
    const envOn = (port: number) => ({
      ...childServerEnv({ port, dataDir, databaseUrl: testDb?.url }),
      AUTH_LIMIT_FACTOR: '100',
      SMS_GATEWAY: 'sandbox',
      SMS_SANDBOX_DELAY_MS: '500',
      SMPP_SERVER_PORT: String(smppPort),
      SMPP_SERVER_HOST: '127.0.0.1',
    });
    const startServer = async () => {
      smppPort = await freePort();
      return servers.start(envOn);
    };
    let server = await startServer();
    const call = async (url: string, cookie: string) =>
      (
        await fetch(`${server.base}${url}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(30_000),
        })
      ).json();
    const bind = async () => {
      const e = await connectEsme(smppPort);
      esmes.push(e);
      expect(await e.bind(account.systemId, account.password)).toBe(0);
      return e;
    };

    let esme = await bind();
    const acked = new Map<string, string>();
    // The long message's first two parts, acknowledged before the crash.
    const parts = ['P'.repeat(153), 'Q'.repeat(153), 'R'.repeat(20)];
    const partOf = (i: number) => ({
      destination_addr: '447400800100',
      esm_class: 0x40,
      short_message: { udh: Buffer.from([5, 0, 3, 9, 3, i + 1]), message: parts[i] },
    });
    for (const i of [0, 1]) expect((await esme.submit(partOf(i))).status).toBe(0);
    let n = 0;
    const burst = async () => {
      const { child } = server;
      while (child.exitCode === null && child.signalCode === null && n < 200) {
        const text = `Burst ${n++}`;
        const r = await esme
          .submit({ destination_addr: '447400800123', short_message: text })
          .catch(() => null);
        if (r?.status === 0) acked.set(text, r.id);
        if (acked.size >= 12 && child.signalCode === null) await killHard(child);
      }
    };
    await Promise.all([burst(), burst(), burst()]);
    const beforeCrash = acked.size;
    expect(beforeCrash).toBeGreaterThanOrEqual(12);

    server = await startServer();
    esme = await bind();
    // The last part after the restart: the message goes out whole, once.
    const last = await esme.submit(partOf(2));
    expect(last.status).toBe(0);

    const end = Date.now() + 60_000;
    let items: Item[] = [];
    while (Date.now() < end) {
      items = (
        (await call('/api/sms/history?page=1&pageSize=100', customer.cookie)) as { items: Item[] }
      ).items;
      if (items.length > beforeCrash && items.every((m) => SETTLED.includes(m.status))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const byText = new Map<string, Item[]>();
    for (const m of items) byText.set(m.message, [...(byText.get(m.message) ?? []), m]);
    // None doubled: each text (each submit) is at most one message.
    expect([...byText.values()].filter((list) => list.length > 1)).toEqual([]);
    // None lost: every acknowledged id is a message, and it settled: delivered, or
    // (handed over when the process died) failed and refunded rather than sent twice.
    for (const [text, id] of acked) expect(byText.get(text)?.[0]?.id, text).toBe(id);
    expect(items.filter((m) => !SETTLED.includes(m.status))).toEqual([]);
    expect(items.filter((m) => m.status === 'delivered').length).toBeGreaterThan(beforeCrash / 2);
    expect(byText.get(parts.join(''))).toHaveLength(1);
    const check = (await call('/api/admin/ledger/check', admin)) as { mismatches: unknown[] };
    expect(check.mismatches).toEqual([]);
    await esme.close();
    await stopGently(server.child);
  }, 300_000);
});
