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

    // Every connection of the requests' pool (not its event listener) waits for a lock
    // the watcher holds: more waiting statements than it has connections, none left free.
    const KEY = 810_081;
    const many = (query: ReturnType<typeof sql>) =>
      Promise.all(Array.from({ length: 16 }, () => ctx.database.db.execute(query)));
    // Opens every connection the pool may have, so none opens later.
    await many(sql`select pg_sleep(0.05)`);
    await watcher`select pg_advisory_lock(${KEY})`;
    const waiting = many(
      sql`select pg_advisory_lock_shared(${KEY}), pg_advisory_unlock_shared(${KEY})`,
    );
    try {
      const requestPool = async () =>
        (
          await watcher<{ open: number; blocked: number }[]>`
            select count(*)::int as open, count(*) filter (where wait_event_type = 'Lock')::int as blocked
            from pg_stat_activity
            where application_name = 'parley' and datname = current_database()
              and query !~* '^\\s*listen\\M'`
        )[0];
      const held = await until(requestPool, (p) => !!p && p.open > 0 && p.blocked === p.open);
      expect(held?.blocked).toBe(held?.open);
      release();

      const status = async () =>
        (await watcher<{ status: string }[]>`select status from sms_messages where id = ${id}`)[0]
          ?.status;
      expect(await until(status, (s) => s === 'delivered', 10_000)).toBe('delivered');
      // Still true: nothing of the requests' pool ran meanwhile.
      expect(await requestPool()).toEqual(held);
    } finally {
      await watcher`select pg_advisory_unlock(${KEY})`;
      await waiting;
    }
  }, 30_000);
});
