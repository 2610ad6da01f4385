import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, send, until } from '../../../test/helpers.js';
import type { OutgoingSms } from '../../integrations/sms/port.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

/**
 * The outbox and the receipts work on the jobs' pool (decision 0081): with every
 * connection of the requests' pool busy, a message is still handed over and its receipt
 * applied. On the embedded database both are one connection, so PostgreSQL only.
 */
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

let release = () => {};
let submitted = () => {};
const gate = new Promise<void>((resolve) => {
  release = resolve;
});
const entered = new Promise<void>((resolve) => {
  submitted = resolve;
});
const sandbox = createSandboxGateway({ delayMs: 30, sweepMs: 50 });
/** The sandbox, but the first submit waits until the test lets it go on. */
const gateway = {
  ...sandbox,
  async submit(sms: OutgoingSms) {
    submitted();
    await gate;
    return sandbox.submit(sms);
  },
};

describe.runIf(onPostgres)('the SMS outbox beside a busy request pool', () => {
  const ctx = useTestApp({
    deps: () => ({ sms: { gateway, pollMs: 50 } }),
    seedCatalogue: true,
    ready: true,
  });
  let watcher: postgres.Sql;
  beforeAll(() => {
    const url = (ctx.database as { url?: string }).url ?? '';
    watcher = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(() => watcher?.end({ timeout: 5 }));

  it('hands a message over and applies its receipt while every request connection waits', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const res = await send(ctx.app, 'POST', '/api/sms/send', c.cookie, {
      senderId: 'Parley',
      recipient: '+447400123456',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    // Claimed and marked; the submit waits for the gate.
    await entered;

    // Twice as many sleeps as the requests' pool has connections (4 in tests): it stays
    // busy for about 3 s, and a statement asked of it now waits at least 1.5 s.
    let busyOver = false;
    const busy = Promise.all(
      Array.from({ length: 8 }, () => ctx.database.db.execute(sql`select pg_sleep(1.5)`)),
    ).then(() => {
      busyOver = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    release();

    const status = async () =>
      (await watcher<{ status: string }[]>`select status from sms_messages where id = ${id}`)[0]
        ?.status;
    const final = await until(status, (s) => s === 'delivered', 2500);
    expect({ final, requestPoolStillBusy: !busyOver }).toEqual({
      final: 'delivered',
      requestPoolStillBusy: true,
    });
    await busy;
  }, 20_000);
});
