import { monthlyPeriodStart } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';
import { createVoiceAccountsRepo } from '../voice/voice-accounts.repo.js';
import { createRenewalReadsRepo } from './renewal-reads.repo.js';

const DAY = 86_400_000;
let clock = new Date('2026-03-01T09:00:00.000Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

const ctx = useTestApp({ env: { RENEWAL_REMINDER_DAYS: '5' }, deps: { now: () => clock } });

type Db = typeof ctx.database;

/** A monthly package bought at `anchor` for `price` a month (GBP). */
async function plan(database: Db, userId: string, anchor: string, price = '15.00') {
  const renews = monthlyPeriodStart(new Date(anchor), 1);
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
        paid_with, billing_period, renews_at, renewal_charge, created_at)
      values (${userId}, 'package', gen_random_uuid(), 'Starter (VoIP Calling)', ${price}, 'GBP',
        ${price}, 'balance', 'monthly', ${renews.toISOString()}::timestamptz, ${price},
        ${anchor}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('no order');
  return row.id;
}

/** A number rented at `anchor` for `monthly` a month: assigned to the customer. */
async function number(database: Db, userId: string, anchor: string, e164: string, monthly: string) {
  const [n] = await queryRows<{ id: string }>(
    database,
    sql`insert into did_numbers (number, country_code, type, monthly_price, setup_price, currency, status)
      values (${e164}, 'GB', 'local', ${monthly}, 0, 'GBP', 'assigned') returning id`,
  );
  if (!n) throw new Error('no number');
  const renews = monthlyPeriodStart(new Date(anchor), 1);
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
        paid_with, billing_period, renews_at, renewal_charge, created_at)
      values (${userId}, 'number', ${n.id}, ${e164}, ${monthly}, 'GBP', ${monthly}, 'balance',
        'monthly', ${renews.toISOString()}::timestamptz, ${monthly}, ${anchor}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('no order');
  return { orderId: row.id, numberId: n.id };
}

const orderOf = async (database: Db, id: string) => {
  const [row] = await queryRows<{
    status: string;
    renews_at: Date | string | null;
    paid_through: number;
    grace_until: Date | string | null;
    suspended_at: Date | string | null;
    auto_renew: boolean;
  }>(database, sql`select * from orders where id = ${id}`);
  if (!row) throw new Error('no order');
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    ...row,
    renews_at: iso(row.renews_at),
    grace_until: iso(row.grace_until),
    suspended_at: iso(row.suspended_at),
  };
};

const renewalsOf = (database: Db, orderId: string) =>
  queryRows<{ reference: string; amount: string }>(
    database,
    sql`select reference, amount::text from ledger_entries
      where kind = 'renewal' and reference like ${`renewal:${orderId}:%`} order by created_at, reference`,
  );

const noticesOf = (database: Db, userId: string) =>
  queryRows<{ code: string; key: string; params: Record<string, string>; email_due: unknown }>(
    database,
    sql`select code, key, params, email_due from notifications where user_id = ${userId} order by created_at, key`,
  );

const run = () => ctx.app.renewalJob.runOnce();

describe('the renewal job', () => {
  it('charges each period once on its anniversary, the 31st on the last day of a short month, and catches up after downtime', async () => {
    at('2026-01-20T00:00:00.000Z');
    const ada = await fundedCustomer(ctx.app, ctx.database, '100');
    const id = await plan(ctx.database, ada.id, '2026-01-31T10:00:00.000Z');
    at('2026-02-28T09:59:59.000Z');
    await run();
    expect(await renewalsOf(ctx.database, id)).toEqual([]);
    at('2026-02-28T10:00:00.000Z');
    await run();
    await run();
    expect(await renewalsOf(ctx.database, id)).toEqual([
      { reference: `renewal:${id}:1`, amount: '-15.0000' },
    ]);
    expect((await orderOf(ctx.database, id)).renews_at).toBe('2026-03-31T10:00:00.000Z');
    // Down from March to June: April's and May's periods are charged, once each.
    at('2026-06-01T00:00:00.000Z');
    await run();
    await run();
    expect((await renewalsOf(ctx.database, id)).map((r) => r.reference)).toEqual([
      `renewal:${id}:1`,
      `renewal:${id}:2`,
      `renewal:${id}:3`,
      `renewal:${id}:4`,
    ]);
    const order = await orderOf(ctx.database, id);
    expect(order).toMatchObject({ status: 'active', paid_through: 4 });
    expect(order.renews_at).toBe('2026-06-30T10:00:00.000Z');
    expect(await balanceOf(ctx.database, ada.id)).toBe('40.00');
    const charged = (await noticesOf(ctx.database, ada.id)).filter(
      (n) => n.code === 'renewal.charged',
    );
    expect(charged).toHaveLength(4);
  });

  it('puts an unpaid renewal in grace, retries it daily and at a top-up, and charges it once', async () => {
    at('2026-03-01T09:00:00.000Z');
    const bo = await fundedCustomer(ctx.app, ctx.database, '5');
    const id = await plan(ctx.database, bo.id, '2026-02-01T12:00:00.000Z', '10.00');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('active'); // due at noon
    at('2026-03-01T12:00:00.000Z');
    await run();
    let order = await orderOf(ctx.database, id);
    expect(order).toMatchObject({ status: 'grace', paid_through: 0 });
    expect(order.grace_until).toBe('2026-03-08T12:00:00.000Z');
    const failed = (await noticesOf(ctx.database, bo.id)).find((n) => n.code === 'renewal.failed');
    expect(failed?.params).toMatchObject({
      amount: '10.00',
      graceUntil: '2026-03-08T12:00:00.000Z',
    });
    expect(failed?.email_due).not.toBeNull();
    // A day on: tried again, still short.
    later(1);
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('grace');
    expect(await renewalsOf(ctx.database, id)).toEqual([]);
    // An admin credits £20: the renewal is tried at once, not at the next daily retry.
    const admin = await adminSession(ctx, 'renewals-admin@example.com');
    const credit = await send(ctx.app, 'POST', `/api/admin/users/${bo.id}/adjustments`, admin, {
      direction: 'credit',
      amount: '20',
      note: 'Goodwill',
      requestId: crypto.randomUUID(),
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    order = await until(
      () => orderOf(ctx.database, id),
      (o) => o.status === 'active',
    );
    expect(order).toMatchObject({ paid_through: 1, grace_until: null });
    expect(order.renews_at).toBe('2026-04-01T12:00:00.000Z');
    expect(await renewalsOf(ctx.database, id)).toEqual([
      { reference: `renewal:${id}:1`, amount: '-10.0000' },
    ]);
    expect(await balanceOf(ctx.database, bo.id)).toBe('15.00');
  });

  it('suspends at the end of grace (a number stops routing), and releases the number after the suspension period', async () => {
    at('2026-03-01T09:00:00.000Z');
    const cy = await fundedCustomer(ctx.app, ctx.database, '1');
    const { orderId, numberId } = await number(
      ctx.database,
      cy.id,
      '2026-02-01T09:00:00.000Z',
      '+442071230001',
      '3.50',
    );
    const voice = createVoiceAccountsRepo(ctx.database.db);
    await run();
    expect((await orderOf(ctx.database, orderId)).status).toBe('grace');
    expect(await voice.numberHolder('+442071230001')).not.toBeNull(); // grace keeps it working
    at('2026-03-08T08:59:59.000Z');
    await run();
    expect((await orderOf(ctx.database, orderId)).status).toBe('grace');
    at('2026-03-08T09:00:00.000Z');
    await run();
    const order = await orderOf(ctx.database, orderId);
    expect(order).toMatchObject({ status: 'suspended', suspended_at: '2026-03-08T09:00:00.000Z' });
    expect(await voice.numberHolder('+442071230001')).toBeNull();
    const suspended = (await noticesOf(ctx.database, cy.id)).find(
      (n) => n.code === 'subscription.suspended',
    );
    expect(suspended?.params.releaseAt).toBe('2026-04-07T09:00:00.000Z');
    // Not for sale while suspended; back in the shop 30 days after the suspension.
    const numberStatus = async () =>
      (
        await queryRows<{ status: string }>(
          ctx.database,
          sql`select status from did_numbers where id = ${numberId}`,
        )
      )[0]?.status;
    at('2026-04-07T08:59:00.000Z');
    await run();
    expect(await numberStatus()).toBe('assigned');
    at('2026-04-07T09:00:00.000Z');
    await run();
    expect((await orderOf(ctx.database, orderId)).status).toBe('cancelled');
    expect(await numberStatus()).toBe('available');
    expect((await noticesOf(ctx.database, cy.id)).map((n) => n.code)).toContain(
      'subscription.released',
    );
    expect(await renewalsOf(ctx.database, orderId)).toEqual([]);
  });
});

describe('the renewal job', () => {
  it('reactivation charges the missed period once and renews on the anniversary again', async () => {
    at('2026-03-01T09:00:00.000Z');
    const di = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, di.id, '2026-01-15T00:00:00.000Z', '12.00');
    await run(); // due 15 February: grace
    at('2026-03-10T00:00:00.000Z');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('suspended');
    const url = `/api/subscriptions/${id}/reactivate`;
    const broke = await send(ctx.app, 'POST', url, di.cookie);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe('INSUFFICIENT_BALANCE');
    await ctx.database.db.execute(sql`update users set crypto_balance = 30 where id = ${di.id}`);
    const [first, second] = await Promise.all([
      send(ctx.app, 'POST', url, di.cookie),
      send(ctx.app, 'POST', url, di.cookie),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    // 10 March falls in the period that began 15 February (period 1): that one is charged.
    expect(await renewalsOf(ctx.database, id)).toEqual([
      { reference: `renewal:${id}:1`, amount: '-12.0000' },
    ]);
    const order = await orderOf(ctx.database, id);
    expect(order).toMatchObject({ status: 'active', paid_through: 1 });
    expect(order.renews_at).toBe('2026-03-15T00:00:00.000Z');
  });

  it('cancelling stops the next charge: the item runs to the end of its paid period, then ends', async () => {
    at('2026-03-01T09:00:00.000Z');
    const ed = await fundedCustomer(ctx.app, ctx.database, '100');
    const id = await plan(ctx.database, ed.id, '2026-02-20T00:00:00.000Z');
    const off = await send(ctx.app, 'PUT', `/api/subscriptions/${id}`, ed.cookie, {
      autoRenew: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'active', autoRenew: false });
    at('2026-03-19T23:59:00.000Z');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('active');
    at('2026-03-20T00:00:00.000Z');
    await run();
    expect(await orderOf(ctx.database, id)).toMatchObject({ status: 'cancelled', renews_at: null });
    expect(await renewalsOf(ctx.database, id)).toEqual([]);
    expect(await balanceOf(ctx.database, ed.id)).toBe('100.00');
    const again = await send(ctx.app, 'PUT', `/api/subscriptions/${id}`, ed.cookie, {
      autoRenew: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SUBSCRIPTION_STATE');
  });
});

describe('money arriving, free items and admin actions on unpaid items', () => {
  it('a top-up reactivates a suspended item, charging only the period running now', async () => {
    at('2026-03-01T09:00:00.000Z');
    const lu = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, lu.id, '2026-01-05T00:00:00.000Z', '8.00');
    await run(); // due 5 February: grace until 8 March
    at('2026-04-10T00:00:00.000Z');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('suspended');
    const admin = await adminSession(ctx, 'renewals-admin3@example.com');
    const credit = await send(ctx.app, 'POST', `/api/admin/users/${lu.id}/adjustments`, admin, {
      direction: 'credit',
      amount: '20',
      note: 'Top-up by bank transfer',
      requestId: crypto.randomUUID(),
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    const order = await until(
      () => orderOf(ctx.database, id),
      (o) => o.status === 'active',
    );
    // 10 April is in the period that began 5 April (period 3): February and March are not billed.
    expect(await renewalsOf(ctx.database, id)).toEqual([
      { reference: `renewal:${id}:3`, amount: '-8.0000' },
    ]);
    expect(order).toMatchObject({ paid_through: 3, renews_at: '2026-05-05T00:00:00.000Z' });
  });

  it('a free monthly item renews without a ledger entry', async () => {
    at('2026-03-01T09:00:00.000Z');
    const mo = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, mo.id, '2026-02-01T00:00:00.000Z', '0.00');
    await run();
    expect(await orderOf(ctx.database, id)).toMatchObject({
      status: 'active',
      paid_through: 1,
      renews_at: '2026-04-01T00:00:00.000Z',
    });
    expect(await renewalsOf(ctx.database, id)).toEqual([]);
  });

  it('an admin extends a suspended item from the period running now, and waives only an unpaid period', async () => {
    at('2026-03-01T09:00:00.000Z');
    const ned = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, ned.id, '2026-01-10T00:00:00.000Z', '6.00');
    await run(); // due 10 February: grace until 8 March
    at('2026-04-20T00:00:00.000Z');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('suspended');
    const admin = await adminSession(ctx, 'renewals-admin4@example.com');
    const ext = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/extend-grace`, admin, {
      days: 5,
    });
    expect(ext.statusCode, ext.body).toBe(200);
    // In grace again, owing the period that began 10 April only.
    expect(await orderOf(ctx.database, id)).toMatchObject({
      status: 'grace',
      paid_through: 2,
      renews_at: '2026-04-10T00:00:00.000Z',
    });
    await ctx.database.db.execute(sql`update users set crypto_balance = 100 where id = ${ned.id}`);
    await run();
    expect(await renewalsOf(ctx.database, id)).toEqual([
      { reference: `renewal:${id}:3`, amount: '-6.0000' },
    ]);
    // Paid up: there is nothing to waive, however often the admin asks.
    const waive = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/waive`, admin);
    expect(waive.statusCode).toBe(409);
    expect(waive.json().error.code).toBe('SUBSCRIPTION_STATE');
  });
});

describe('a suspended calling plan', () => {
  it('stops the customer’s calls until it is reactivated', async () => {
    at('2026-03-01T09:00:00.000Z');
    const kit = await fundedCustomer(ctx.app, ctx.database, '0');
    const [voip] = await queryRows<{ id: string }>(
      ctx.database,
      sql`with s as (
          insert into services (name, slug, icon) values ('VoIP Calling', 'voip', 'phone')
          on conflict (slug) do update set name = excluded.name returning id)
        insert into packages (service_id, name, price, features)
        select id, 'Starter', 15.00, '["10 concurrent calls"]'::jsonb from s returning id`,
    );
    if (!voip) throw new Error('no VoIP plan');
    const id = await plan(ctx.database, kit.id, '2026-01-20T00:00:00.000Z', '15.00');
    await ctx.database.db.execute(sql`update orders set item_id = ${voip.id} where id = ${id}`);
    await run(); // due 20 February, unpaid, grace over on 8 March
    at('2026-03-09T00:00:00.000Z');
    await run();
    expect((await orderOf(ctx.database, id)).status).toBe('suspended');
    const call = () =>
      send(ctx.app, 'POST', '/api/sip/call', kit.cookie, {
        callerId: '+447400123456',
        destination: '+447400123457',
      });
    const refused = await call();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('SUBSCRIPTION_SUSPENDED');
    // Another calling plan in service keeps the customer calling.
    const other = await plan(ctx.database, kit.id, '2026-03-05T00:00:00.000Z', '15.00');
    await ctx.database.db.execute(sql`update orders set item_id = ${voip.id} where id = ${other}`);
    expect((await call()).json().error?.code).not.toBe('SUBSCRIPTION_SUSPENDED');
    await ctx.database.db.execute(sql`update orders set status = 'cancelled' where id = ${other}`);
    expect((await call()).json().error?.code).toBe('SUBSCRIPTION_SUSPENDED');
    await ctx.database.db.execute(sql`update users set crypto_balance = 50 where id = ${kit.id}`);
    const back = await send(ctx.app, 'POST', `/api/subscriptions/${id}/reactivate`, kit.cookie);
    expect(back.statusCode, back.body).toBe(200);
    expect((await call()).json().error?.code).not.toBe('SUBSCRIPTION_SUSPENDED');
  });
});

describe('reminders and the runway', () => {
  it('reminds once, 5 days before a renewal the balance cannot cover, and shows the runway', async () => {
    at('2026-03-01T09:00:00.000Z');
    const fay = await fundedCustomer(ctx.app, ctx.database, '20');
    const a = await plan(ctx.database, fay.id, '2026-02-04T09:00:00.000Z', '15.00'); // 4 March
    const b = await plan(ctx.database, fay.id, '2026-02-05T09:00:00.000Z', '9.00'); // 5 March
    await plan(ctx.database, fay.id, '2026-02-20T09:00:00.000Z', '1.00'); // 20 March
    await run();
    await run();
    const reminders = (await noticesOf(ctx.database, fay.id)).filter(
      (n) => n.code === 'renewal.reminder',
    );
    // 20.00 pays the 15.00 of 4 March; 5 March's 9.00 is 4.00 short.
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.key).toBe(`renewal.reminder:${b}:1`);
    expect(reminders[0]?.params).toMatchObject({
      amount: '9.00',
      shortfall: '4.0000',
      renewsAt: '2026-03-05T09:00:00.000Z',
    });
    // The next pass reads which reminders are written, so it writes nothing again.
    const reads = createRenewalReadsRepo(ctx.database.db, {
      graceMs: 7 * DAY,
      releaseMs: 30 * DAY,
      reminderMs: 5 * DAY,
    });
    const soon = (await reads.renewingSoon(clock)).filter((r) => r.order.userId === fay.id);
    expect(Object.fromEntries(soon.map((r) => [r.order.id, r.reminded]))).toMatchObject({
      [a]: false,
      [b]: true,
    });
    const res = await send(ctx.app, 'GET', '/api/subscriptions', fay.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { id: string }) => i.id)).toContain(a);
    expect(body).toMatchObject({
      available: '20.0000',
      dueIn30Days: '25.00',
      shortfall: '5.0000',
      dailyUsage: '0.0000',
      runwayDays: 4, // 1–4 March: the renewal of 4 March is paid, that of 5 March is not
    });
  });

  it('lists only the customer’s own items and refuses changes to another’s', async () => {
    const gus = await fundedCustomer(ctx.app, ctx.database, '0');
    const hal = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, gus.id, '2026-02-25T00:00:00.000Z');
    const halList = (await send(ctx.app, 'GET', '/api/subscriptions', hal.cookie)).json();
    expect(halList.items).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/api/subscriptions/${id}`, { autoRenew: false }],
      ['POST', `/api/subscriptions/${id}/reactivate`, undefined],
    ] as const) {
      const res = await send(ctx.app, method, url, hal.cookie, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await orderOf(ctx.database, id)).auto_renew).toBe(true);
    const bad = await send(ctx.app, 'PUT', `/api/subscriptions/${id}`, gus.cookie, {
      autoRenew: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect((await send(ctx.app, 'GET', '/api/subscriptions', null)).statusCode).toBe(401);
  });
});

describe('admin', () => {
  it('lists what is in grace, extends a grace period and waives a period, each audited', async () => {
    at('2026-03-01T09:00:00.000Z');
    const ivy = await fundedCustomer(ctx.app, ctx.database, '0');
    const id = await plan(ctx.database, ivy.id, '2026-02-01T00:00:00.000Z', '7.00');
    await run();
    const admin = await adminSession(ctx, 'renewals-admin2@example.com');
    const list = await send(
      ctx.app,
      'GET',
      '/api/admin/subscriptions?filter=grace&pageSize=100',
      admin,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(id);
    const ext = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/extend-grace`, admin, {
      days: 10,
    });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(ext.json().graceUntil).toBe('2026-03-18T09:00:00.000Z');
    const waive = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/waive`, admin);
    expect(waive.statusCode, waive.body).toBe(200);
    expect(waive.json()).toMatchObject({ status: 'active', renewsAt: '2026-04-01T00:00:00.000Z' });
    expect(await renewalsOf(ctx.database, id)).toEqual([]);
    const audit = await queryRows<{ action: string }>(
      ctx.database,
      sql`select action from audit_log where target_id = ${id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['subscription.extend_grace', 'subscription.waive']);
    expect((await send(ctx.app, 'GET', '/api/admin/subscriptions', ivy.cookie)).statusCode).toBe(
      403,
    );
    const badDays = await send(
      ctx.app,
      'POST',
      `/api/admin/subscriptions/${id}/extend-grace`,
      admin,
      {
        days: 0,
      },
    );
    expect(badDays.statusCode).toBe(400);
  });
});

describe('two instances', () => {
  it('charge a due period once when both run the job at the same moment', async () => {
    const both = await twoInstances(
      {},
      { extra: () => ({ now: () => new Date('2026-05-02T00:00:00.000Z') }) },
    );
    try {
      const jo = await fundedCustomer(both.at(0), both.database, '100');
      const ids = await Promise.all(
        ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-31T00:00:00.000Z'].map(
          (anchor) => plan(both.database, jo.id, anchor, '5.00'),
        ),
      );
      await Promise.all([both.at(0).renewalJob.runOnce(), both.at(1).renewalJob.runOnce()]);
      await Promise.all([both.at(0).renewalJob.runOnce(), both.at(1).renewalJob.runOnce()]);
      const counts = await Promise.all(
        ids.map(async (id) => (await renewalsOf(both.database, id)).length),
      );
      // Up to 2 May: Jan 1 → Feb, Mar, Apr, May (4); Feb 1 → Mar, Apr, May (3); 31 Mar → 30 Apr (1).
      expect(counts).toEqual([4, 3, 1]);
      expect(await balanceOf(both.database, jo.id)).toBe('60.00');
    } finally {
      await both.close();
    }
  });
});
