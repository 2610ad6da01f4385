import { randomBytes, randomUUID } from 'node:crypto';
import { type EndpointSchemas, endpoints, type RouteName, routes } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app-fixture.js';
import { addCryptoWallets } from '../../test/crypto-wallets.js';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  queryRows,
  sessionCookieOf,
  signUp,
} from '../../test/helpers.js';
import { createSandboxGateway } from '../integrations/sms/sandbox.js';

const UK = '+447400123456';
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

const ctx = useTestApp({
  deps: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
  seedCatalogue: true,
});
beforeAll(async () => {
  const admin = await adminSession(ctx, 'idempotency-admin@example.com');
  await addCryptoWallets(ctx, admin, [['BTC', 'bitcoin', BTC]]);
});

/** A POST as the customer's code sends it: with an Idempotency-Key when given one. */
const post = (url: string, cookie: string, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(ctx.database, query))[0]?.n;
const messages = (userId: string) =>
  count(sql`select count(*)::int as n from sms_messages where user_id = ${userId}`);
/** The ledger rows a customer's own actions wrote (not the test's funding). */
const ledgerRows = (userId: string) =>
  count(
    sql`select count(*)::int as n from ledger_entries where user_id = ${userId} and kind <> 'adjustment'`,
  );
const keyRows = (userId: string) =>
  count(sql`select count(*)::int as n from idempotency_keys where user_id = ${userId}`);
const packageId = async (name: string) =>
  (
    await queryRows<{ id: string }>(ctx.database, sql`select id from packages where name = ${name}`)
  )[0]?.id as string;

const sms = { senderId: 'Parley', recipient: UK, message: 'Hello' };

describe('an Idempotency-Key on an SMS send', () => {
  it('replays the first answer, marked; another body answers 422; one SMS is sent', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const key = randomUUID();
    const first = await post('/api/sms/send', c.cookie, sms, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const balance = await balanceOf(ctx.database, c.id);

    const again = await post(
      '/api/sms/send',
      c.cookie,
      { ...sms, recipient: '+44 7400 123456' },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);

    const other = await post('/api/sms/send', c.cookie, { ...sms, message: 'Bye' }, key);
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // The same key on another endpoint is another request too.
    const elsewhere = await post('/api/orders', c.cookie, { itemId: await packageId('IVR') }, key);
    expect(elsewhere.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await messages(c.id)).toBe(1);
    expect(await balanceOf(ctx.database, c.id)).toBe(balance);
  });

  it('sent five times at once sends one SMS; the others wait (409) or replay it', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const key = `retry-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/sms/send', c.cookie, sms, key)),
    );
    const sent = results.filter((r) => r.statusCode === 201);
    const busy = results.filter((r) => r.statusCode === 409);
    expect(sent.length + busy.length).toBe(5);
    expect(new Set(sent.map((r) => r.json().id)).size).toBe(1);
    for (const r of busy) {
      expect(r.json().error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(await messages(c.id)).toBe(1);
    expect(await ledgerRows(c.id)).toBe(1);
    // Once the first is done, a repeat replays it.
    const later = await post('/api/sms/send', c.cookie, sms, key);
    expect([later.statusCode, later.json().id]).toEqual([201, sent[0]?.json().id]);
  });

  it("is the customer's own: another customer's same key sends their own SMS", async () => {
    const [a, b] = [
      await fundedCustomer(ctx.app, ctx.database, '1.00'),
      await fundedCustomer(ctx.app, ctx.database, '1.00'),
    ];
    const key = 'shared-looking-key';
    const first = await post('/api/sms/send', a.cookie, sms, key);
    const second = await post('/api/sms/send', b.cookie, { ...sms, message: 'Other' }, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect([await messages(a.id), await messages(b.id)]).toEqual([1, 1]);
  });

  it('after a first try that died mid-way, runs again and finds the SMS it sent', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const key = randomUUID();
    const first = await post('/api/sms/send', c.cookie, sms, key);
    // As if the process died after sending, before the answer was recorded.
    await ctx.database.db.execute(sql`update idempotency_keys set state = 'running',
      response_status = null, response_body = null, locked_until = now() - interval '1 second'
      where user_id = ${c.id}`);
    const again = await post('/api/sms/send', c.cookie, sms, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().id).toBe(first.json().id);
    expect(await messages(c.id)).toBe(1);
    expect(await ledgerRows(c.id)).toBe(1);
  });

  it('refuses a key that is empty, too long or not printable ASCII', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    for (const key of ['x'.repeat(256), 'caf\u00e9']) {
      const res = await post('/api/sms/send', c.cookie, sms, key);
      expect([key, res.statusCode, res.json().error.code]).toEqual([key, 400, 'VALIDATION_FAILED']);
      expect(res.json().error.fields[0].path).toBe('headers.idempotency-key');
    }
    expect((await post('/api/sms/send', c.cookie, sms, 'x'.repeat(255))).statusCode).toBe(201);
    expect(await messages(c.id)).toBe(1);
  });

  it('without a key, every send acts and nothing is kept', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    expect((await post('/api/sms/send', c.cookie, sms)).statusCode).toBe(201);
    expect((await post('/api/sms/send', c.cookie, sms)).statusCode).toBe(201);
    expect(await messages(c.id)).toBe(2);
    expect(await keyRows(c.id)).toBe(0);
  });

  it('is forgotten when it expires: the retention job prunes it', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    expect((await post('/api/sms/send', c.cookie, sms, randomUUID())).statusCode).toBe(201);
    const expires = await queryRows<{ hours: number }>(
      ctx.database,
      sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
        from idempotency_keys where user_id = ${c.id}`,
    );
    expect(expires).toEqual([{ hours: 24 }]);
    await ctx.database.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where user_id = ${c.id}`,
    );
    expect((await ctx.app.retention.runOnce()).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keyRows(c.id)).toBe(0);
  });
});

describe('an Idempotency-Key on a bulk send (held after a failure mid-way)', () => {
  it('replays the batch, and never sends it again once its first try died', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const bulk = { senderId: 'Parley', message: 'Hi all', recipients: [UK, '+447400123457'] };
    const key = randomUUID();
    const first = await post('/api/sms/bulk/send', c.cookie, bulk, key);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/sms/bulk/send', c.cookie, bulk, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.body).toBe(first.body);
    await ctx.database.db.execute(sql`update idempotency_keys set state = 'running',
      response_status = null, response_body = null, locked_until = now() - interval '1 second'
      where user_id = ${c.id}`);
    const held = await post('/api/sms/bulk/send', c.cookie, bulk, key);
    expect([held.statusCode, held.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    expect(await messages(c.id)).toBe(2);
  });
});

describe('an Idempotency-Key on an order', () => {
  it('buys once under five repeats at once, replays, and refuses another item (422)', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '100');
    const [ivr, other] = [await packageId('IVR'), await packageId('Failover')];
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/orders', c.cookie, { itemId: ivr }, key)),
    );
    const bought = results.filter((r) => r.statusCode === 201);
    expect(bought.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(new Set(bought.map((r) => r.json().id)).size).toBe(1);
    expect(await ledgerRows(c.id)).toBe(1);
    const balance = await balanceOf(ctx.database, c.id);

    const again = await post('/api/orders', c.cookie, { itemId: ivr }, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.json().id).toBe(bought[0]?.json().id);
    const reused = await post('/api/orders', c.cookie, { itemId: other }, key);
    expect([reused.statusCode, reused.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await ledgerRows(c.id)).toBe(1);
    expect(await balanceOf(ctx.database, c.id)).toBe(balance);
  });

  it("is the customer's own: another customer buys with the same key", async () => {
    const [a, b] = [
      await fundedCustomer(ctx.app, ctx.database, '100'),
      await fundedCustomer(ctx.app, ctx.database, '100'),
    ];
    const itemId = await packageId('IVR');
    const key = 'order-1';
    const first = await post('/api/orders', a.cookie, { itemId }, key);
    const second = await post('/api/orders', b.cookie, { itemId }, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).not.toBe(first.json().id);
    expect([await ledgerRows(a.id), await ledgerRows(b.id)]).toEqual([1, 1]);
  });
});

describe('an Idempotency-Key on a payment submission', () => {
  it('records one payment under five repeats at once, replays it, refuses another body', async () => {
    const cookie = sessionCookieOf((await signUp(ctx.app)).res);
    const q = (
      await post('/api/payments/quote', cookie, { amount: '150.00', currency: 'BTC' })
    ).json();
    const body = {
      amount: q.fiatAmount,
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      quoteId: q.id,
      txHash: randomBytes(32).toString('hex'),
    };
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/transactions/create', cookie, body, key)),
    );
    const made = results.filter((r) => r.statusCode === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(new Set(made.map((r) => r.json().id)).size).toBe(1);
    const rows = await count(
      sql`select count(*)::int as n from transactions where quote_id = ${q.id}`,
    );
    expect(rows).toBe(1);

    const again = await post('/api/transactions/create', cookie, body, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.json().id).toBe(made[0]?.json().id);
    const changed = { ...body, txHash: randomBytes(32).toString('hex') };
    const reused = await post('/api/transactions/create', cookie, changed, key);
    expect([reused.statusCode, reused.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });
});

describe('the API reference', () => {
  it('shows the Idempotency-Key header on exactly the idempotent operations', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const shown: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, unknown>>(doc.paths))
      for (const [method, op] of Object.entries(
        operations as Record<string, { parameters?: { in: string; name: string }[] }>,
      ))
        if (op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
          shown.push(`${method.toUpperCase()} ${path}`);
    const idempotent = (Object.keys(endpoints) as RouteName[])
      .filter((name) => (endpoints[name] as EndpointSchemas).idempotent)
      .map((name) => `${routes[name].method} ${routes[name].path}`);
    expect(idempotent).toHaveLength(6);
    expect(shown.sort()).toEqual(idempotent.sort());
  });
});
