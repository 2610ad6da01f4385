import { randomUUID } from 'node:crypto';
import { parseCsv } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, balanceOf, fundedCustomer, queryRows, send } from '../../../test/helpers.js';

let admin: string;
let adminId: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await adminSession(ctx, 'ledger-admin@example.com');
  adminId = (await send(ctx.app, 'GET', '/api/auth/user', admin)).json().id;
});

const adjust = (userId: string, body: Record<string, unknown>, cookie: string | null = admin) =>
  send(ctx.app, 'POST', `/api/admin/users/${userId}/adjustments`, cookie, body);

const body = (over: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  direction: 'credit',
  amount: '12.34',
  note: 'Goodwill credit for the outage',
  ...over,
});

const rowsOf = (userId: string) =>
  queryRows<{ amount: string; balance_after: string; note: string; reference: string }>(
    ctx.database,
    sql`select amount::text, balance_after::text, note, reference from ledger_entries
        where user_id = ${userId} and kind = 'adjustment' and reference like 'adjustment:%'
        order by created_at`,
  );

const auditOf = (userId: string) =>
  queryRows<{ actor_id: string; action: string; after: { amount: string; note: string } }>(
    ctx.database,
    sql`select actor_id, action, after from audit_log
        where target_type = 'user' and target_id = ${userId} and action = 'balance.adjust'`,
  );

describe('manual adjustments', () => {
  it('credits: one ledger row of kind adjustment with its balance after, and an audit row', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '5.00');
    const res = await adjust(id, body({ amount: '12.3' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      balance: '17.30',
      entry: { kind: 'adjustment', amount: '12.30', balanceAfter: '17.30', currency: 'GBP' },
    });
    expect(res.json().entry.note).toBe('Goodwill credit for the outage');
    expect(await balanceOf(ctx.database, id)).toBe('17.30');
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '12.3000', balance_after: '17.3000' });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: adminId, action: 'balance.adjust' });
    expect(audit[0]?.after).toMatchObject({ amount: '12.3000', direction: 'credit' });
  });

  it('debits: a negative ledger row and an audit row', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '20.00');
    const res = await adjust(id, body({ direction: 'debit', amount: '7.50', note: 'Chargeback' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().entry).toMatchObject({ amount: '-7.50', balanceAfter: '12.50' });
    expect(await balanceOf(ctx.database, id)).toBe('12.50');
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '3.00');
    const res = await adjust(id, body({ direction: 'debit', amount: '3.01' }));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(ctx.database, id)).toBe('3.00');
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await auditOf(id)).toHaveLength(0);
    // Exactly the balance is allowed: it reaches zero, never below.
    const all = await adjust(id, body({ direction: 'debit', amount: '3' }));
    expect(all.json().balance).toBe('0.00');
  });

  it('replays the same request id: the first answer, no second row', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const request = body();
    const [a, b] = await Promise.all([adjust(id, request), adjust(id, request)]);
    const c = await adjust(id, { ...request, amount: '12.340' });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await balanceOf(ctx.database, id)).toBe('13.34');
  });

  it('refuses a request id used for a different adjustment or another user (422)', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const other = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const request = body();
    expect((await adjust(id, request)).statusCode).toBe(201);
    for (const res of [
      await adjust(id, { ...request, amount: '1.00' }),
      await adjust(id, { ...request, note: 'Something else' }),
      await adjust(other.id, request),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(0);
  });

  it('refuses a missing, blank, too long or multi-line note, naming the field', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const { note: _, ...noNote } = body();
    for (const bad of [
      noNote,
      body({ note: '   ' }),
      body({ note: 'x'.repeat(501) }),
      body({ note: 'two\nlines' }),
      body({ note: 'nul\u0000byte' }),
      body({ note: 'bell\u0007' }),
    ]) {
      const res = await adjust(id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain('body.note');
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('refuses amounts that are not positive pounds with two decimals at most', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '1.00');
    for (const amount of ['0', '0.00', '-5', '1.234', 'abc', '', '1e3', '100000.01', 12]) {
      const res = await adjust(id, body({ amount }));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error.fields[0].path).toBe('body.amount');
    }
    const direction = await adjust(id, body({ direction: 'sideways' }));
    expect(direction.json().error.fields[0].path).toBe('body.direction');
    const key = await adjust(id, body({ requestId: 'not-a-uuid' }));
    expect(key.json().error.fields[0].path).toBe('body.requestId');
  });

  it('answers 404 for an unknown user, 403 for a customer, 401 for a visitor', async () => {
    const unknown = await adjust(randomUUID(), body());
    expect(unknown.statusCode).toBe(404);
    const customer = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const asCustomer = await adjust(customer.id, body(), customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect((await adjust(customer.id, body(), null)).statusCode).toBe(401);
    expect(await rowsOf(customer.id)).toHaveLength(0);
  });

  it("refuses an admin's adjustment of their own balance", async () => {
    const res = await adjust(adminId, body());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SELF_ADJUSTMENT_FORBIDDEN');
  });

  it('shows the adjustment with its note in the customer’s own ledger', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '2.00');
    await adjust(customer.id, body({ note: 'Refund of ticket #42' }));
    const mine = await send(ctx.app, 'GET', '/api/ledger?kind=adjustment', customer.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items[0]).toMatchObject({
      kind: 'adjustment',
      amount: '12.34',
      note: 'Refund of ticket #42',
    });
    const all = await send(ctx.app, 'GET', '/api/ledger?pageSize=1&page=2', customer.cookie);
    expect(all.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    const admins = await send(ctx.app, 'GET', `/api/admin/users/${customer.id}/ledger`, admin);
    expect(admins.json().total).toBe(2);
    expect((await send(ctx.app, 'GET', '/api/ledger', null)).statusCode).toBe(401);
  });
});

describe('statements', () => {
  const statement = (userId: string, query: string, cookie = admin) =>
    send(ctx.app, 'GET', `/api/admin/users/${userId}/statement?${query}`, cookie);

  /** Ledger rows at given times, as the balance would have moved. */
  async function history(userId: string, entries: [string, string][]) {
    let balance = 0n;
    for (const [at, amount] of entries) {
      balance += BigInt(Math.round(Number(amount) * 100));
      const after = (Number(balance) / 100).toFixed(2);
      await ctx.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, note, created_at)
        values (${userId}, ${amount}::numeric, 'GBP', 'adjustment', ${`test:${randomUUID()}`},
                ${after}::numeric, ${`=HYPERLINK("x") ${at}`}, ${at}::timestamptz)`);
    }
  }

  it('gives the opening balance, each entry of the range and the closing balance', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '0');
    await history(id, [
      ['2025-12-31T23:59:59Z', '10.00'],
      ['2026-01-01T00:00:00Z', '5.25'],
      ['2026-01-15T12:00:00Z', '-3.00'],
      ['2026-01-31T23:59:59Z', '0.0125'],
      ['2026-02-01T00:00:00Z', '100.00'],
    ]);
    const res = await statement(id, 'from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-[0-9a-f]{8}-2026-01-01-2026-01-31\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Date',
      'Kind',
      'Reference',
      'Note',
      'Credit',
      'Debit',
      'Balance',
      'Currency',
    ]);
    expect(rows[1]).toEqual(['2026-01-01', 'Opening balance', '', '', '', '', '10.00', 'GBP']);
    expect(rows.slice(2, 5).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['2026-01-01T00:00:00.000Z', '5.25', ''],
      ['2026-01-15T12:00:00.000Z', '', '3.00'],
      ['2026-01-31T23:59:59.000Z', '0.0125', ''],
    ]);
    expect(rows[5]).toEqual(['2026-01-31', 'Closing balance', '', '', '', '', '12.2625', 'GBP']);
    expect(rows).toHaveLength(6);
    // A note that a spreadsheet would run as a formula is written as text.
    expect(res.body).toContain(`"'=HYPERLINK(""x"")`);
  });

  it('refuses a missing, malformed, backwards or too long range with 400 naming the field', async () => {
    const { id } = await fundedCustomer(ctx.app, ctx.database, '0');
    for (const [query, field] of [
      ['to=2026-01-31', 'querystring.from'],
      ['from=2026-01-01', 'querystring.to'],
      ['from=2026-13-01&to=2026-12-31', 'querystring.from'],
      ['from=2026-02-01&to=2026-01-31', 'querystring.to'],
      ['from=2025-01-01&to=2026-01-31', 'querystring.to'],
    ] as const) {
      const res = await statement(id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[0].path, query).toBe(field);
    }
    expect((await statement(randomUUID(), 'from=2026-01-01&to=2026-01-02')).statusCode).toBe(404);
  });

  it('lets a customer download their own statement, and nobody else’s', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '4.00');
    const today = new Date().toISOString().slice(0, 10);
    const own = await send(
      ctx.app,
      'GET',
      `/api/ledger/statement?from=${today}&to=${today}`,
      customer.cookie,
    );
    expect(own.statusCode).toBe(200);
    expect(parseCsv(own.body).at(-1)?.[6]).toBe('4.00');
    expect(
      (await statement(customer.id, `from=${today}&to=${today}`, customer.cookie)).statusCode,
    ).toBe(403);
  });
});
