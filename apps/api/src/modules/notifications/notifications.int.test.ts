import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { insertNotification } from '../../db/notifications.js';

const ctx = useTestApp();

const customer = () => fundedCustomer(ctx.app, ctx.database, '0');

/** Notices as a job writes them: `n` of them a minute apart, the newest last. */
async function notices(userId: string, n: number, prefix = 'k') {
  const start = Date.UTC(2026, 0, 1);
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    await ctx.database.db.transaction(async (tx) => {
      const row = await insertNotification(tx, {
        userId,
        code: 'balance.low',
        params: { balance: `${i}.00`, threshold: '10.00' },
        key: `${prefix}:${i}`,
        at: new Date(start + i * 60_000),
      });
      if (row) ids.push(row.id);
    });
  return ids;
}

const list = (cookie: string | null, query = '') =>
  send(ctx.app, 'GET', `/api/notifications${query}`, cookie);
const read = (cookie: string | null, body: unknown) =>
  send(ctx.app, 'POST', '/api/notifications/read', cookie, body);
const fieldsOf = (res: { json(): { error: { fields?: { path: string }[] } } }) =>
  (res.json().error.fields ?? []).map((f) => f.path);

describe('GET /api/notifications', () => {
  it('refuses a visitor', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await read(null, { all: true })).statusCode).toBe(401);
  });

  it('answers an empty list to a new customer', async () => {
    const { cookie } = await customer();
    const res = await list(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], hasMore: false, unread: 0 });
  });

  it('pages newest first by cursor, with every unread counted', async () => {
    const { cookie, id } = await customer();
    const ids = await notices(id, 5);
    const first = await list(cookie, '?limit=2');
    expect(first.json()).toMatchObject({ hasMore: true, unread: 5 });
    expect(first.json().items.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(first.json().items[0]).toEqual({
      id: ids[4],
      code: 'balance.low',
      params: { balance: '4.00', threshold: '10.00' },
      readAt: null,
      createdAt: '2026-01-01T00:04:00.000Z',
    });
    const second = await list(cookie, `?limit=2&before=${ids[3]}`);
    expect(second.json().items.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(second.json().hasMore).toBe(true);
    const last = await list(cookie, `?limit=2&before=${ids[1]}`);
    expect(last.json()).toMatchObject({ hasMore: false, unread: 5 });
    expect(last.json().items.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
  });

  it('keeps one notice per key', async () => {
    const { cookie, id } = await customer();
    await notices(id, 1, 'same');
    await notices(id, 1, 'same');
    expect((await list(cookie)).json().items).toHaveLength(1);
  });

  it('refuses a bad page with the fields named', async () => {
    const { cookie } = await customer();
    const res = await list(cookie, '?limit=0&before=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res).sort()).toEqual(['querystring.before', 'querystring.limit']);
    expect((await list(cookie, '?limit=51')).statusCode).toBe(400);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the named notices read, once, and answers what stays unread', async () => {
    const { cookie, id } = await customer();
    const ids = await notices(id, 3);
    const res = await read(cookie, { ids: [ids[0], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 1 });
    const page = (await list(cookie)).json();
    const readAt = page.items.map((n: { readAt: string | null }) => n.readAt);
    expect(readAt[0]).toBeNull();
    expect(readAt[1]).toEqual(expect.any(String));
    // Again: nothing changes, the first time read stays.
    expect((await read(cookie, { ids: [ids[1], ids[1]] })).json()).toEqual({ unread: 1 });
    expect((await list(cookie)).json().items[1].readAt).toBe(readAt[1]);
  });

  it('marks all read', async () => {
    const { cookie, id } = await customer();
    await notices(id, 4);
    expect((await read(cookie, { all: true })).json()).toEqual({ unread: 0 });
    expect((await read(cookie, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(cookie)).json().unread).toBe(0);
  });

  it('refuses a body that is neither ids nor all, naming the field', async () => {
    const { cookie } = await customer();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { all: true, ids: [] }]) {
      const res = await read(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const res = await read(cookie, { ids: ['x'] });
    expect(fieldsOf(res)).toEqual(['body.ids.0']);
  });
});

describe('between customers', () => {
  it('each reads and marks only their own', async () => {
    const a = await customer();
    const b = await customer();
    const aIds = await notices(a.id, 2);
    await notices(b.id, 1);
    const bPage = (await list(b.cookie)).json();
    expect(bPage).toMatchObject({ unread: 1 });
    expect(bPage.items).toHaveLength(1);
    expect(aIds).not.toContain(bPage.items[0].id);
    // Another's notice is no cursor, and marking it read changes nothing.
    const res = await list(b.cookie, `?before=${aIds[1]}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['querystring.before']);
    expect((await read(b.cookie, { ids: aIds })).json()).toEqual({ unread: 1 });
    expect((await list(a.cookie)).json().unread).toBe(2);
    await read(b.cookie, { all: true });
    expect((await list(a.cookie)).json().unread).toBe(2);
  });
});

describe('PUT /api/account/language', () => {
  const languageOf = async (id: string) =>
    (
      await queryRows<{ language: string | null }>(
        ctx.database,
        sql`select language from users where id = ${id}`,
      )
    )[0]?.language;

  it('stores the language the customer chose', async () => {
    const { cookie, id } = await customer();
    expect(await languageOf(id)).toBeNull();
    const res = await send(ctx.app, 'PUT', '/api/account/language', cookie, { language: 'ar' });
    expect(res.statusCode).toBe(204);
    expect(await languageOf(id)).toBe('ar');
    await send(ctx.app, 'PUT', '/api/account/language', cookie, { language: 'de' });
    expect(await languageOf(id)).toBe('de');
  });

  it('refuses a language Parley does not speak, and a visitor', async () => {
    const { cookie, id } = await customer();
    const res = await send(ctx.app, 'PUT', '/api/account/language', cookie, { language: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.language']);
    expect(await languageOf(id)).toBeNull();
    const visitor = await send(ctx.app, 'PUT', '/api/account/language', null, { language: 'de' });
    expect(visitor.statusCode).toBe(401);
  });
});
