import { afterAll, describe, expect, it } from 'vitest';
import {
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
import { type Receiver, startReceiver, verified } from '../../../test/webhook-receiver.js';
import { buildApp } from '../../app.js';

/**
 * The real server in a child process on 127.0.0.1, killed with SIGKILL by its PID while
 * a webhook is in flight (the receiver holds the request open), then started again on
 * the same data: the delivery goes out again, with the same webhook-id, and is logged
 * delivered. At least once, never lost.
 */
const servers = serverProcesses();
const closers: (() => Promise<void>)[] = [];
let receiver: Receiver | undefined;

afterAll(async () => {
  await servers.killAll();
  await receiver?.close();
  for (const close of closers) await close();
});

describe('SIGKILL of the webhook sender', () => {
  it('sends the delivery in flight again after a restart', async () => {
    receiver = await startReceiver();
    const dataDir = tempDir('parley-webhook-kill-');
    const testDb = process.env.PARLEY_TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const database = testDb ?? (await openEmbeddedOnDisk(dataDir));
    if (testDb) closers.push(() => testDb.close());
    // The customer and the endpoint are made in-process; then the child takes the data.
    const setup = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }),
      database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
    });
    await setup.ready();
    const customer = await fundedCustomer(setup, database, '0');
    const made = await setup.inject({
      method: 'POST',
      url: '/api/account/webhooks',
      headers: { cookie: customer.cookie },
      payload: { url: receiver.url('/kill'), events: ['sms.delivered'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = made.json() as { id: string; secret: string };
    await setup.close();
    if (!testDb) await database.close();

    const envOn = (port: number) => ({
      ...childServerEnv({ port, dataDir, databaseUrl: testDb?.url }),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_SECONDS: '1',
    });
    // The first try is held open until the sender is dead; the next one is answered.
    receiver.answer((_r, i) => (i === 0 ? 'hold' : { status: 204 }));
    let server = await servers.start(envOn);
    const call = (method: string, url: string, body?: object) =>
      fetch(`${server.base}${url}`, {
        method,
        headers: {
          cookie: customer.cookie,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });

    const test = await call('POST', `/api/account/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    const end = Date.now() + 30_000;
    while (receiver.received.length === 0 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received).toHaveLength(1);
    await killHard(server.child);

    server = await servers.start(envOn);
    const logged = async () => {
      const res = await call('GET', `/api/account/webhooks/${endpoint.id}/deliveries`);
      return ((await res.json()) as { items: { status: string; attempts: number }[] }).items;
    };
    let items = await logged();
    const until = Date.now() + 30_000;
    while (items[0]?.status !== 'delivered' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      items = await logged();
    }
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    const [first, second] = receiver.received;
    if (!first || !second) throw new Error('not sent again');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(endpoint.secret, second).type).toBe('webhook.test');
    await stopGently(server.child);
  }, 300_000);
});
