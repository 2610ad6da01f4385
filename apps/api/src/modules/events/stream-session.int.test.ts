import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  sessionCookieOf,
  signUp,
  solveSecurityCheck,
  until,
} from '../../../test/helpers.js';
import { openStream } from '../../../test/sse.js';
import { createEventBus, type EventBus } from '../../lib/event-bus.js';

// An in-process bus that counts its live subscriptions: an open stream holds one (the
// app's own listeners, such as the renewal retry on top-ups, hold theirs from the start).
const inner = createEventBus();
let subscriptions = 0;
const bus: EventBus = {
  publish: (event) => inner.publish(event),
  signal: (event) => inner.signal(event),
  subscribe(listener) {
    subscriptions += 1;
    const off = inner.subscribe(listener);
    let done = false;
    return () => {
      if (!done) subscriptions -= 1;
      done = true;
      off();
    };
  },
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
/** The subscriptions the app holds with no stream open. */
let idle = 0;

beforeAll(async () => {
  ctx = await createTestApp(
    { EVENT_HEARTBEAT_MS: '200', EVENT_STREAMS_PER_USER: '2', EVENT_STREAMS_TOTAL: '4' },
    { events: bus },
  );
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  idle = subscriptions;
}, 120_000);
afterAll(() => ctx.close());

/** Every stream a test opens is closed and its slot given back before the next test. */
async function allClosed() {
  expect(
    await until(
      async () => subscriptions,
      (n) => n === idle,
    ),
  ).toBe(idle);
}

async function customer() {
  const { res, email } = await signUp(ctx.app);
  return { cookie: sessionCookieOf(res), email, id: res.json().id as string };
}

async function connected(path: string, cookie: string) {
  const s = openStream(base, path, cookie);
  expect(await s.status).toBe(200);
  await s.next((e) => e.event === 'connected');
  return s;
}

describe('a stream follows its session', () => {
  it('ends within a heartbeat once its session signs out; another session keeps its own', async () => {
    const ada = await customer();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: ada.email,
        password: 'correct horse battery',
        altcha: await solveSecurityCheck(ctx.app),
      },
    });
    const second = sessionCookieOf(login);
    const mine = await connected('/api/events', ada.cookie);
    const other = await connected('/api/events', second);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: ada.cookie },
    });
    expect(out.statusCode).toBe(303);
    await mine.ended;
    expect(mine.received.at(-1)).toMatchObject({ event: 'ended', data: { reason: 'signed-out' } });
    // The other session's stream goes on beating.
    const beats = other.received.filter((e) => e.event === 'heartbeat').length;
    await other.next(
      (e) => e.event === 'heartbeat' && other.received.indexOf(e) >= beats + 1,
      10_000,
    );
    other.close();
    await allClosed();
  });

  it('ends when the user is disabled', async () => {
    const admin = await adminSession(ctx, 'disabler@example.com');
    const bob = await customer();
    const s = await connected('/api/events', bob.cookie);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${bob.id}`,
      headers: { cookie: admin },
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(200);
    await s.ended;
    expect(s.received.at(-1)?.event).toBe('ended');
    await allClosed();
  });

  it('ends the admin stream when the admin is demoted', async () => {
    const cookie = await adminSession(ctx, 'demoted@example.com');
    const s = await connected('/api/admin/events', cookie);
    await ctx.database.db.execute(
      sql`update users set is_admin = false where email = 'demoted@example.com'`,
    );
    await s.ended;
    expect(s.received.at(-1)).toMatchObject({ event: 'ended', data: { reason: 'forbidden' } });
    expect(await openStream(base, '/api/admin/events', cookie).status).toBe(403);
    await allClosed();
  });
});

describe('stream caps', () => {
  it('refuses a user more streams than allowed with 429, and frees a slot on close', async () => {
    const ada = await customer();
    const first = await connected('/api/events', ada.cookie);
    const second = await connected('/api/events', ada.cookie);
    const third = openStream(base, '/api/events', ada.cookie);
    expect(await third.status).toBe(429);
    await third.ended;
    expect(JSON.parse(third.body()).error.code).toBe('TOO_MANY_STREAMS');
    expect(subscriptions - idle).toBe(2);

    first.close();
    const again = await until(
      async () => {
        const s = openStream(base, '/api/events', ada.cookie);
        const status = await s.status;
        if (status !== 200) await s.ended;
        return { s, status };
      },
      (r) => r.status === 200,
    );
    expect(again.status).toBe(200);
    again.s.close();
    second.close();
    await allClosed();
  });

  it('refuses any stream past the total with 503 until one closes', async () => {
    const users = [await customer(), await customer()];
    const open = [];
    for (const u of users) open.push(await connected('/api/events', u.cookie));
    for (const u of users) open.push(await connected('/api/events', u.cookie));
    const carol = await customer();
    const refused = openStream(base, '/api/events', carol.cookie);
    expect(await refused.status).toBe(503);
    await refused.ended;
    expect(JSON.parse(refused.body()).error.code).toBe('STREAMS_UNAVAILABLE');

    open[0]?.close();
    const again = await until(
      async () => {
        const s = openStream(base, '/api/events', carol.cookie);
        const status = await s.status;
        if (status !== 200) await s.ended;
        return { s, status };
      },
      (r) => r.status === 200,
    );
    expect(again.status).toBe(200);
    again.s.close();
    for (const s of open) s.close();
    await allClosed();
  });
});

describe('HEAD', () => {
  function head(path: string, cookie: string) {
    return new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method: 'HEAD', headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) }),
        );
      });
      req.setTimeout(5000, () => req.destroy(new Error('HEAD did not answer in time')));
      req.on('error', reject);
      req.end();
    });
  }

  it('answers at once on both streams and leaves no subscription open', async () => {
    const ada = await customer();
    const admin = await adminSession(ctx, 'head-admin@example.com');
    for (const [path, cookie] of [
      ['/api/events', ada.cookie],
      ['/api/admin/events', admin],
    ] as const) {
      const res = await head(path, cookie);
      expect(res).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
      expect(subscriptions - idle).toBe(0);
    }
    expect((await head('/api/events', '')).status).toBe(401);
    expect((await head('/api/admin/events', ada.cookie)).status).toBe(403);
    // HEAD takes no slot: the user can still open every stream allowed.
    const a = await connected('/api/events', ada.cookie);
    const b = await connected('/api/events', ada.cookie);
    a.close();
    b.close();
    await allClosed();
  });
});
