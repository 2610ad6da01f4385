import { randomBytes, randomUUID } from 'node:crypto';
import { COUNT_CAP } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, fundedCustomer, queryRows, send, signUp } from '../../../test/helpers.js';
import { seedCall } from '../../../test/seed-calls.js';

let admin: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await adminSession(ctx, 'users-admin@example.com');
});

const get = (url: string, cookie: string | null = admin) => send(ctx.app, 'GET', url, cookie);
const setDisabled = (id: string, disabled: boolean) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${id}`,
    headers: { cookie: admin },
    payload: { disabled },
  });
type Listed = { id: string; email: string; cryptoBalance: string; disabled: boolean };

describe('user search', () => {
  it('finds a user by part of the email, any case, and by name', async () => {
    const tag = randomUUID().slice(0, 8);
    const { res } = await signUp(ctx.app, {
      email: `Grace.${tag}@Example.com`,
      name: `Grace ${tag}Hopper`,
    });
    const id = res.json().id;
    for (const q of [`grace.${tag.toUpperCase()}`, `${tag}hopper`, `Grace ${tag}`]) {
      const found = await get(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, q).toBe(200);
      expect(
        found.json().items.map((u: Listed) => u.id),
        q,
      ).toEqual([id]);
      expect(found.json().total).toBe(1);
    }
  });

  it('takes LIKE wildcards literally', async () => {
    const res = await get(`/api/admin/users?q=${encodeURIComponent('%')}`);
    expect(res.json().total).toBe(0);
    expect((await get('/api/admin/users?q=_')).json().total).toBe(0);
  });

  it('shows each user’s balance and status, a page at a time, newest first', async () => {
    const funded = await fundedCustomer(ctx.app, ctx.database, '9.50');
    const page = await get('/api/admin/users?pageSize=1');
    expect(page.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.json().items[0]).toMatchObject({
      id: funded.id,
      cryptoBalance: '9.50',
      disabled: false,
    });
    expect(page.json().total).toBeGreaterThanOrEqual(2);
    const second = await get('/api/admin/users?pageSize=1&page=2');
    expect(second.json().items[0].id).not.toBe(funded.id);
  });

  it('filters by status', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '0');
    await setDisabled(id, true);
    const suspended = await get('/api/admin/users?status=suspended');
    expect(suspended.json().items.map((u: Listed) => u.id)).toContain(id);
    expect(suspended.json().items.every((u: Listed) => u.disabled)).toBe(true);
    const active = await get('/api/admin/users?status=active&pageSize=100');
    expect(active.json().items.map((u: Listed) => u.id)).not.toContain(id);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=gone', 'querystring.status'],
      ['page=0', 'querystring.page'],
      ['pageSize=1000', 'querystring.pageSize'],
      [`q=${'a'.repeat(255)}`, 'querystring.q'],
      ['q=a%00b', 'query.q'], // the input guard's name for the query
    ] as const) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[0].path, query).toBe(field);
    }
  });

  it('is for admins only', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '0');
    expect((await get('/api/admin/users?q=a', customer.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/users?q=a', null)).statusCode).toBe(401);
  });
});

describe('a long list', () => {
  it('counts up to COUNT_CAP and one more, and still pages past it', async () => {
    // Older than every other user here, so the other tests' newest-first pages hold.
    await ctx.database.db.execute(sql`
      insert into users (email, password_hash, created_at)
      select 'bulk-' || i || '@example.com', 'x', now() - interval '1 year' - i * interval '1 second'
      from generate_series(1, ${COUNT_CAP + 5}) as i`);
    const first = (await get('/api/admin/users?q=bulk-&pageSize=100')).json();
    expect(first.total).toBe(COUNT_CAP + 1);
    expect(first.items).toHaveLength(100);
    const last = (await get(`/api/admin/users?q=bulk-&pageSize=100&page=11`)).json();
    expect(last.items.map((u: Listed) => u.email)).toEqual(
      [COUNT_CAP + 1, COUNT_CAP + 2, COUNT_CAP + 3, COUNT_CAP + 4, COUNT_CAP + 5].map(
        (i) => `bulk-${i}@example.com`,
      ),
    );
    // Below the cap, the total is exact.
    expect((await get('/api/admin/users?q=bulk-1000@')).json().total).toBe(1);
  });
});

describe('one user', () => {
  it('shows the detail: balance, held, status, contact', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '3.25');
    const res = await get(`/api/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      cryptoBalance: '3.25',
      held: '0.00',
      disabled: false,
      contactMethod: 'telegram',
      contactValue: '@ada',
    });
    expect(res.body).not.toContain('argon2');
    expect((await get(`/api/admin/users/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('suspends and reactivates, each audited once', async () => {
    const { id, cookie } = await fundedCustomer(ctx.app, ctx.database, '0');
    const suspend = () => setDisabled(id, true);
    expect((await suspend()).json().disabled).toBe(true);
    expect((await suspend()).json().disabled).toBe(true);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
    const back = await setDisabled(id, false);
    expect(back.json().disabled).toBe(false);
    const audit = await queryRows<{ action: string }>(
      ctx.database,
      sql`select action from audit_log where target_type = 'user' and target_id = ${id}
          order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['user.suspend', 'user.reactivate']);
  });

  it('lists their orders, SMS and payments a page at a time', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '0');
    for (const list of ['orders', 'sms', 'payments', 'calls']) {
      const res = await get(`/api/admin/users/${id}/${list}?page=1&pageSize=5`);
      expect(res.statusCode, list).toBe(200);
      expect(res.json(), list).toEqual({ items: [], total: 0, page: 1, pageSize: 5 });
      expect((await get(`/api/admin/users/${id}/${list}?page=x`)).statusCode, list).toBe(400);
    }
  });
});

describe("a user's calls and payments", () => {
  it('lists their own calls, newest first, a page at a time', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '0');
    const { id: someoneElse } = await fundedCustomer(ctx.app, ctx.database, '0');
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const calls = [];
    for (const minutesAgo of [30, 20, 10])
      calls.push(await seedCall(ctx.database, { userId: id, createdAt: at(minutesAgo) }));
    await seedCall(ctx.database, { userId: someoneElse });
    const first = (await get(`/api/admin/users/${id}/calls?page=1&pageSize=2`)).json();
    expect(first.total).toBe(3);
    expect(first.items.map((c: { id: string }) => c.id)).toEqual([calls[2]?.id, calls[1]?.id]);
    const second = (await get(`/api/admin/users/${id}/calls?page=2&pageSize=2`)).json();
    expect(second.items.map((c: { id: string }) => c.id)).toEqual([calls[0]?.id]);
  });

  it('lists only the payments of a status when one is asked for', async () => {
    const { id, cookie } = await fundedCustomer(ctx.app, ctx.database, '0');
    const address = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    await send(ctx.app, 'POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address,
    });
    const pay = async () => {
      const res = await send(ctx.app, 'POST', '/api/transactions/create', cookie, {
        amount: '100',
        currency: 'BTC',
        walletAddress: address,
        txHash: randomBytes(32).toString('hex'),
        serviceName: 'Add Funds',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [approved, pending] = [await pay(), await pay()];
    const decided = await send(
      ctx.app,
      'POST',
      `/api/admin/payments/${approved}/approve`,
      admin,
      {},
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const ids = async (query: string) =>
      (await get(`/api/admin/users/${id}/payments${query}`))
        .json()
        .items.map((p: { id: string }) => p.id);
    expect(await ids('?status=pending')).toEqual([pending]);
    expect(await ids('?status=approved')).toEqual([approved]);
    expect(await ids('?status=rejected')).toEqual([]);
    expect((await ids('')).sort()).toEqual([approved, pending].sort());
    const pendingPage = (await get(`/api/admin/users/${id}/payments?status=pending`)).json();
    expect(pendingPage.total).toBe(1);
    expect((await get(`/api/admin/users/${id}/payments?status=bogus`)).statusCode).toBe(400);
  });
});
