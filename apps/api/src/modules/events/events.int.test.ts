import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  generousLimits,
  queryRows,
  sessionCookieOf,
  signUp,
  testConfig,
  until,
} from '../../../test/helpers.js';
import { openStream } from '../../../test/sse.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await adminSession(ctx, 'stream-admin@example.com', {
    publish() {},
    signal() {},
    subscribe: () => () => {},
  });
});
afterAll(() => ctx.close());

describe('the admin event stream', () => {
  it('is for admins only', async () => {
    const customer = sessionCookieOf((await signUp(ctx.app)).res);
    const visitor = openStream(base, '/api/admin/events', '');
    const notAdmin = openStream(base, '/api/admin/events', customer);
    expect([await visitor.status, await notAdmin.status]).toEqual([401, 403]);
    visitor.close();
    notAdmin.close();
  });

  it('says connected, then sends each new event with an id', async () => {
    const s = openStream(base, '/api/admin/events', admin);
    expect(await s.status).toBe(200);
    const connected = await s.next((e) => e.event === 'connected');
    // Fresh: it starts at the newest event, and says so (the page reads again).
    expect(connected.data).toEqual({ replayed: 0, resumed: false });
    const { email } = await signUp(ctx.app);
    // This sign-up's event: on PostgreSQL the previous test's may still be on its way.
    const created = await s.next(
      (e) => e.event === 'user.created' && (e.data as { email?: string }).email === email,
    );
    expect(created.data).toMatchObject({ email });
    expect(Number(created.id)).toBeGreaterThan(Number(connected.id));
    s.close();
  });

  it('replays what a reconnecting stream missed, from Last-Event-ID', async () => {
    const first = openStream(base, '/api/admin/events', admin);
    const connected = await first.next((e) => e.event === 'connected');
    first.close();
    const missed = [(await signUp(ctx.app)).email, (await signUp(ctx.app)).email];
    const again = openStream(base, '/api/admin/events', admin, connected.id);
    const resumed = await again.next((e) => e.event === 'connected');
    expect(resumed.data).toMatchObject({ resumed: true });
    for (const email of missed)
      await again.next(
        (e) => e.event === 'user.created' && (e.data as { email: string }).email === email,
      );
    const ids = again.received.filter((e) => e.event === 'user.created').map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    again.close();
  });

  it('says it did not resume when events after Last-Event-ID were pruned', async () => {
    const first = openStream(base, '/api/admin/events', admin);
    const connected = await first.next((e) => e.event === 'connected');
    first.close();
    await signUp(ctx.app);
    await signUp(ctx.app);
    const after = Number(connected.id);
    // Both stored (just after their requests), then retention runs: the first is gone.
    await until(
      async () =>
        (
          await queryRows<{ n: number }>(
            ctx.database,
            sql`select count(*)::int as n from events where id > ${after}`,
          )
        )[0]?.n ?? 0,
      (n) => n >= 2,
    );
    await ctx.database.db.execute(sql`delete from events where id <= ${after + 1}`);
    const again = openStream(base, '/api/admin/events', admin, connected.id);
    const said = await again.next((e) => e.event === 'connected');
    expect(said.data).toMatchObject({ resumed: false });
    again.close();
  });
});

describe("a customer's event stream", () => {
  it('tells them when their own payment is decided, and nothing about others', async () => {
    const call = (url: string, cookie: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    await call('/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    const pay = async (cookie: string) =>
      (
        await call('/api/transactions/create', cookie, {
          amount: '100',
          currency: 'BTC',
          walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
          txHash: randomBytes(32).toString('hex'),
          serviceName: 'Add Funds',
        })
      ).json().id as string;
    const ada = sessionCookieOf((await signUp(ctx.app)).res);
    const bob = sessionCookieOf((await signUp(ctx.app)).res);
    const [adaTx, bobTx] = [await pay(ada), await pay(bob)];
    const s = openStream(base, '/api/events', ada);
    await s.next((e) => e.event === 'connected');
    await call(`/api/admin/payments/${bobTx}/approve`, admin, {});
    await call(`/api/admin/payments/${adaTx}/approve`, admin, {});
    const updated = await s.next((e) => e.event === 'transaction.updated');
    expect(updated.data).toMatchObject({ id: adaTx, status: 'approved' });
    expect(s.received.filter((e) => e.event === 'transaction.updated')).toHaveLength(1);
    s.close();
    expect(await openStream(base, '/api/events', '').status).toBe(401);
  });
});

describe('sender ID decisions', () => {
  it("reach the customer's own stream as they are made, and every admin's", async () => {
    const ask = async (cookie: string, senderId: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/sms/senders',
          headers: { cookie },
          payload: { senderId, reason: 'Order updates for our shop' },
        })
      ).json().id as string;
    const decide = (id: string, action: 'approve' | 'reject') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/sender-ids/${id}/${action}`,
        headers: { cookie: admin },
        payload: { note: 'Checked' },
      });
    const ada = sessionCookieOf((await signUp(ctx.app)).res);
    const bob = sessionCookieOf((await signUp(ctx.app)).res);
    const watchAdmin = openStream(base, '/api/admin/events', admin);
    await watchAdmin.next((e) => e.event === 'connected');
    const [adaId, bobId] = [await ask(ada, 'AdaShop'), await ask(bob, 'BobShop')];
    // A new request reaches the admins' list at once.
    const asked = await watchAdmin.next((e) => e.event === 'sender.updated');
    expect(asked.data).toMatchObject({ id: adaId, status: 'pending' });
    const s = openStream(base, '/api/events', ada);
    await s.next((e) => e.event === 'connected');
    expect((await decide(bobId, 'reject')).statusCode).toBe(200);
    expect((await decide(adaId, 'approve')).statusCode).toBe(200);
    const decided = await s.next((e) => e.event === 'sender.updated');
    expect(decided.data).toMatchObject({ id: adaId, senderId: 'AdaShop', status: 'approved' });
    // Nothing about Bob's request reaches Ada.
    expect(s.received.filter((e) => e.event === 'sender.updated')).toHaveLength(1);
    s.close();
    watchAdmin.close();
  });
});

describe('delivery', () => {
  it('hands subscribers each event as stored, a long one too, in id order', async () => {
    const run = randomBytes(4).toString('hex');
    const got: { id?: number; data: unknown }[] = [];
    const off = ctx.app.events.subscribe((event, id) => {
      if (event.type === 'catalogue.changed' && String(event.data.id).startsWith(run))
        got.push({ id, data: event.data });
    });
    try {
      // The middle one is longer than a notice can carry: it goes by id and is read back.
      const sent = [
        { entity: 'service', action: 'updated', id: `${run}-a`, note: 'ü ✓' },
        { entity: 'service', action: 'updated', id: `${run}-b`, note: 'x'.repeat(9000) },
        { entity: 'service', action: 'updated', id: `${run}-c` },
      ];
      for (const data of sent) ctx.app.events.publish({ type: 'catalogue.changed', data } as never);
      await until(
        async () => got.length,
        (n) => n >= sent.length,
        10_000,
      );
      expect(got.map((g) => g.data)).toEqual(sent);
      const ids = got.map((g) => g.id ?? 0);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      const stored = await queryRows<{ id: number; data: unknown }>(
        ctx.database,
        sql`select id::int as id, data from events where data->>'id' like ${`${run}-%`} order by id`,
      );
      expect(stored).toEqual(got);
    } finally {
      off();
    }
  });
});

describe('retention', () => {
  /** The id of the stored user.created event for `email`, once it is stored. */
  const storedId = async (email: string) => {
    const rows = await until(
      () =>
        queryRows<{ id: number }>(
          ctx.database,
          sql`select id::int as id from events where type = 'user.created' and data->>'email' = ${email}`,
        ),
      (r) => r.length > 0,
    );
    return rows[0]?.id ?? 0;
  };

  it('prunes events past the retention age; a reconnect from a pruned id replays what is kept', async () => {
    const first = openStream(base, '/api/admin/events', admin);
    const connected = await first.next((e) => e.event === 'connected');
    first.close();
    const gone = (await signUp(ctx.app)).email;
    const goneId = await storedId(gone);
    const kept = (await signUp(ctx.app)).email;
    await storedId(kept);
    // Everything up to `gone` is older than the 30 days kept by default.
    await ctx.database.db.execute(
      sql`update events set created_at = now() - interval '31 days' where id <= ${goneId}`,
    );
    expect((await ctx.app.retention.runOnce()).events).toBeGreaterThanOrEqual(1);
    // Idempotent: a second pass (another instance's, say) finds nothing more.
    expect((await ctx.app.retention.runOnce()).events).toBe(0);
    const left = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from events where id <= ${goneId}`,
    );
    expect(left[0]?.n).toBe(0);

    // The browser comes back with an id older than anything stored: it gets what is kept,
    // in order, then live events, as it would after a short absence.
    const again = openStream(base, '/api/admin/events', admin, connected.id);
    expect(await again.status).toBe(200);
    await again.next(
      (e) => e.event === 'user.created' && (e.data as { email: string }).email === kept,
    );
    const live = (await signUp(ctx.app)).email;
    await again.next(
      (e) => e.event === 'user.created' && (e.data as { email: string }).email === live,
    );
    const emails = again.received
      .filter((e) => e.event === 'user.created')
      .map((e) => (e.data as { email: string }).email);
    expect(emails).not.toContain(gone);
    expect(emails.indexOf(kept)).toBeLessThan(emails.indexOf(live));
    again.close();
  });
});

describe('shutting down', () => {
  it('ends open streams instead of waiting for them', async () => {
    const other = await createTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const cookie = sessionCookieOf((await signUp(other.app)).res);
    const s = openStream(url, '/api/events', cookie);
    await s.next((e) => e.event === 'connected');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    s.close();
    // Its own database starts slowly on a busy machine; only the close is timed.
  }, 120_000);
});

describe.runIf(process.env.PARLEY_TEST_DB === 'postgres')('across server instances', () => {
  it('an event published on one reaches a stream held by another', async () => {
    const url = (ctx.database as { url?: string }).url ?? '';
    const database = await openDatabase({ kind: 'postgres', url, max: 2 });
    const second = await buildApp({
      config: testConfig(),
      database,
      sessionSecret: 'test-secret-test-secret-test-secret!',
      challengeCounterRange: [1, 50],
      // Sign-ups are counted on every instance together: the first's generous limits too.
      authLimits: generousLimits(),
    });
    try {
      const s = openStream(base, '/api/admin/events', admin);
      await s.next((e) => e.event === 'connected');
      const { email } = await signUp(second);
      const seen = await s.next(
        (e) => e.event === 'user.created' && (e.data as { email: string }).email === email,
      );
      expect(Number(seen.id)).toBeGreaterThan(0);
      s.close();
    } finally {
      await second.close();
      await database.close();
    }
  });
  it('events published at once on two instances all reach a stream, in id order', async () => {
    const url = (ctx.database as { url?: string }).url ?? '';
    const database = await openDatabase({ kind: 'postgres', url, max: 4 });
    const second = await buildApp({
      config: testConfig(),
      database,
      sessionSecret: 'test-secret-test-secret-test-secret!',
      challengeCounterRange: [1, 50],
      // Sign-ups are counted on every instance together: the first's generous limits too.
      authLimits: generousLimits(),
    });
    const s = openStream(base, '/api/admin/events', admin);
    try {
      await s.next((e) => e.event === 'connected');
      const run = randomBytes(4).toString('hex');
      const each = 40;
      // Interleaved on both instances, so their stores race for ids.
      for (let i = 0; i < each; i++)
        for (const [name, app] of [
          ['a', ctx.app],
          ['b', second],
        ] as const)
          app.events.publish({
            type: 'catalogue.changed',
            data: { entity: 'service', action: 'updated', id: `${run}-${name}-${i}` },
          });
      const mine = (e: { event: string; data: unknown }) =>
        e.event === 'catalogue.changed' && String((e.data as { id: string }).id).startsWith(run);
      await until(
        async () => s.received.filter(mine).length,
        (n) => n >= 2 * each,
        10_000,
      );
      const ids = s.received.filter(mine).map((e) => Number(e.id));
      expect(ids).toHaveLength(2 * each);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    } finally {
      s.close();
      await second.close();
      await database.close();
    }
  });
});
