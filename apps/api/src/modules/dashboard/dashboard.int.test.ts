import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { queryRows, sessionCookieOf, signUp } from '../../../test/helpers.js';

let ada: string;
let grace: string;

const ctx = useTestApp();
beforeAll(async () => {
  ada = sessionCookieOf((await signUp(ctx.app)).res);
  grace = sessionCookieOf((await signUp(ctx.app)).res);
});

const URL = '/api/dashboard/preferences';
const get = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: URL, headers: cookie ? { cookie } : {} });
const put = (payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: URL,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const rows = async () =>
  (
    await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from dashboard_preferences`,
    )
  )[0]?.n;

const DEFAULTS = {
  timeframe: '30',
  showSpending: true,
  showProjections: true,
  showServiceBreakdown: true,
  showTransactionTrends: true,
  updatedAt: null,
};

describe('dashboard preferences', () => {
  it('are only for signed-in customers', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put({ timeframe: '7' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect(await rows()).toBe(0);
  });

  it('start at the defaults', async () => {
    const res = await get(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('keep a full save, then merge partial saves, per customer', async () => {
    const full = {
      timeframe: '90',
      showSpending: false,
      showProjections: true,
      showServiceBreakdown: false,
      showTransactionTrends: true,
    };
    const saved = await put(full, ada);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...full, updatedAt: expect.any(String) });

    const partial = await put({ timeframe: '365' }, ada);
    expect(partial.json()).toMatchObject({ ...full, timeframe: '365' });
    await put({ showSpending: true }, ada);
    expect((await get(ada)).json()).toEqual({
      ...full,
      timeframe: '365',
      showSpending: true,
      updatedAt: expect.any(String),
    });
    // Another customer still sees the defaults; saving again replaced, not added.
    expect((await get(grace)).json()).toEqual(DEFAULTS);
    expect(await rows()).toBe(1);
  });

  it('let two partial saves at once both land', async () => {
    await Promise.all([
      put({ showProjections: false }, grace),
      put({ showTransactionTrends: false }, grace),
    ]);
    expect((await get(grace)).json()).toMatchObject({
      showProjections: false,
      showTransactionTrends: false,
      timeframe: '30',
    });
  });

  it.each([
    [{ timeframe: '14' }, 'body.timeframe'],
    [{ timeframe: 30 }, 'body.timeframe'],
    [{ showSpending: 'yes' }, 'body.showSpending'],
    [{ showProjections: null }, 'body.showProjections'],
    [{ showCharts: true }, 'body'],
    [{ timeframe: '7', isAdmin: true }, 'body'],
  ])('refuse %j with 400 naming %s, and change nothing', async (payload, field) => {
    const before = (await get(ada)).json();
    const res = await put(payload, ada);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await get(ada)).json()).toEqual(before);
  });

  it('refuse a body that is not an object', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie: ada, 'content-type': 'application/json' },
      payload: '["7"]',
    });
    expect(res.statusCode).toBe(400);
  });

  it('fall back per setting when a stored value is no longer valid', async () => {
    await queryRows(
      ctx.database,
      sql`update dashboard_preferences set prefs = '{"timeframe":"14","showSpending":false,"old":1}'::jsonb`,
    );
    expect((await get(ada)).json()).toMatchObject({ timeframe: '30', showSpending: false });
  });
});
