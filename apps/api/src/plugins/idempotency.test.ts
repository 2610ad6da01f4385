import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { Order, User } from '@parley/shared';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import type { IdempotencyStore, KeyClaim, StoredKey } from '../lib/idempotency-keys.js';
import { route } from './endpoints.js';
import { registerErrorHandling } from './errors.js';
import { registerIdempotency } from './idempotency.js';
import { responseSerializer } from './response-serializer.js';

/** The store's rules in memory: one row per customer and key. */
function memoryStore(): IdempotencyStore & { rows: Map<string, StoredKey & { expiresAt: Date }> } {
  const rows = new Map<string, StoredKey & { expiresAt: Date }>();
  const id = (userId: string, key: string) => `${userId}\n${key}`;
  const fresh = (c: KeyClaim) => ({
    route: c.route,
    fingerprint: c.fingerprint,
    token: c.token,
    state: 'running' as const,
    lockedUntil: c.lockedUntil,
    expiresAt: c.expiresAt,
    answer: null,
  });
  return {
    rows,
    async claim(c) {
      const row = rows.get(id(c.userId, c.key));
      if (row && row.expiresAt > c.now) return row;
      rows.set(id(c.userId, c.key), fresh(c));
      return null;
    },
    async takeOver(c, from) {
      const row = rows.get(id(c.userId, c.key));
      if (row?.token !== from || row.state !== 'running') return false;
      Object.assign(row, { token: c.token, lockedUntil: c.lockedUntil });
      return true;
    },
    async finish(userId, key, token, answer) {
      const row = rows.get(id(userId, key));
      if (row?.token === token) Object.assign(row, { state: 'done', answer });
    },
    async release(userId, key, token) {
      if (rows.get(id(userId, key))?.token === token) rows.delete(id(userId, key));
    },
    async prune() {
      return 0;
    },
  };
}

const order = (itemId: string): Order => ({
  id: randomUUID(),
  itemKind: 'package',
  itemId,
  name: 'IVR',
  fulfilment: null,
  price: '10.00',
  priceCurrency: 'GBP',
  charged: '10.00',
  paidWith: 'balance',
  billingPeriod: 'one-time',
  status: 'active',
  renewsAt: null,
  createdAt: new Date(0).toISOString(),
});

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** `orders.buy` (a `rerun` endpoint) over a handler of the test's own, users by header. */
async function appWith(handler: (itemId: string) => Promise<Order>, compressAll = false) {
  let now = new Date('2026-11-29T00:00:00Z');
  const store = memoryStore();
  const app = Fastify();
  apps.push(app);
  // As the server has it (security.ts), but compressing every answer, however small.
  if (compressAll) await app.register(compress, { global: true, threshold: 0 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = { id: String(request.headers['x-user']) } as User;
  });
  registerIdempotency(app, { store, now: () => now, lockMs: 1000 });
  route(app, 'orders.buy', (r) => handler(r.body.itemId));
  await app.ready();
  const buy = (itemId: string, key?: string, user = 'u1') =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-user': user, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { itemId },
    });
  return { app, buy, store, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

/** A handler that sells and counts its runs. */
function counting() {
  const handler = async (id: string) => {
    handler.runs++;
    return order(id);
  };
  handler.runs = 0;
  return handler;
}

const ITEM = randomUUID();
const OTHER = randomUUID();

describe('the Idempotency-Key plugin', () => {
  it('without the header runs the handler every time and keeps nothing', async () => {
    const handler = counting();
    const { buy, store } = await appWith(handler);
    await buy(ITEM);
    await buy(ITEM);
    expect([handler.runs, store.rows.size]).toEqual([2, 0]);
  });

  it('records the JSON before compression, so a compressed answer replays as it was', async () => {
    const handler = counting();
    const { app, store } = await appWith(handler, true);
    const buy = (encoding: string) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'x-user': 'u1', 'idempotency-key': 'gz', 'accept-encoding': encoding },
        payload: { itemId: ITEM },
      });
    const first = await buy('gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const sent = gunzipSync(first.rawPayload).toString('utf8');
    expect(JSON.parse(sent).itemId).toBe(ITEM);
    expect([...store.rows.values()][0]?.answer?.body).toBe(sent);
    const again = await buy('identity');
    expect([handler.runs, again.statusCode, again.body]).toEqual([1, 201, sent]);
  });

  it('replays the first answer byte for byte, marked, without running again', async () => {
    const handler = counting();
    const { buy } = await appWith(handler);
    const first = await buy(ITEM, 'k1');
    const again = await buy(ITEM, 'k1');
    expect(handler.runs).toBe(1);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('answers 422 for the same key with another body, and runs nothing', async () => {
    const handler = counting();
    const { buy } = await appWith(handler);
    await buy(ITEM, 'k1');
    const other = await buy(OTHER, 'k1');
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(handler.runs).toBe(1);
  });

  it("keeps each customer's keys apart", async () => {
    const handler = counting();
    const { buy } = await appWith(handler);
    const a = await buy(ITEM, 'k1', 'u1');
    const b = await buy(OTHER, 'k1', 'u2');
    expect([a.statusCode, b.statusCode, handler.runs]).toEqual([201, 201, 2]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a refusal too, but never a server failure or a "try later"', async () => {
    const answers = [
      new AppError('INTERNAL', 'boom'),
      new AppError('RATE_LIMITED', 'later'),
      new AppError('INSUFFICIENT_BALANCE', 'short'),
    ];
    let runs = 0;
    const { buy, store } = await appWith(async () => {
      runs++;
      throw answers.shift() ?? new Error('ran too often');
    });
    expect((await buy(ITEM, 'k1')).statusCode).toBe(500);
    expect(store.rows.size).toBe(0);
    expect((await buy(ITEM, 'k1')).statusCode).toBe(429);
    expect(store.rows.size).toBe(0);
    const refused = await buy(ITEM, 'k1');
    const replayed = await buy(ITEM, 'k1');
    expect([refused.statusCode, replayed.statusCode, runs]).toEqual([402, 402, 3]);
    expect(replayed.body).toBe(refused.body);
  });

  it('answers 409 to a repeat while the first runs, then replays it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const { buy } = await appWith(async (id) => {
      runs++;
      await gate;
      return order(id);
    });
    const first = buy(ITEM, 'k1');
    await new Promise((r) => setTimeout(r, 20));
    const busy = await buy(ITEM, 'k1');
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    expect(busy.headers['retry-after']).toBe('1');
    release();
    const done = await first;
    expect((await buy(ITEM, 'k1')).body).toBe(done.body);
    expect(runs).toBe(1);
  });

  it('lets a repeat take over a claim whose lock lapsed (its first try died)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const { buy, later, store } = await appWith(async (id) => {
      runs++;
      if (runs === 1) await gate;
      return order(id);
    });
    const stuck = buy(ITEM, 'k1');
    await new Promise((r) => setTimeout(r, 20));
    later(1001);
    const again = await buy(ITEM, 'k1');
    expect([again.statusCode, runs]).toEqual([201, 2]);
    // The first try, finishing late, no longer holds the key: the answer kept is the second's.
    release();
    await stuck;
    expect((await buy(ITEM, 'k1')).body).toBe(again.body);
    expect([...store.rows.values()][0]?.state).toBe('done');
  });

  it('refuses a malformed key before anything runs', async () => {
    const handler = counting();
    const { buy } = await appWith(handler);
    for (const key of ['a'.repeat(256), 'caf\u00e9'])
      expect((await buy(ITEM, key)).json().error.code).toBe('VALIDATION_FAILED');
    expect(handler.runs).toBe(0);
  });
});
