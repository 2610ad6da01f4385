import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  type Method,
  send,
  sessionCookieOf,
  signUp,
  until,
} from '../../../test/helpers.js';
import { seedCall } from '../../../test/seed-calls.js';
import { createEventBus } from '../../lib/event-bus.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

const ctx = useTestApp({ deps: () => ({ events: createEventBus() }) });
let admin: string;
type Customer = { cookie: string; id: string };
const customers: Customer[] = [];

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
/** The figures counted now. */
const analytics = async () => {
  const res = await call('POST', '/api/admin/analytics/recount', admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** The figures as the Analytics tab reads them: as last counted. */
const shown = async () => {
  const res = await call('GET', '/api/admin/analytics', admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Makes the stored figures look `seconds` older. */
const age = (seconds: number) =>
  ctx.database.db.execute(
    sql`update analytics_snapshots set generated_at = generated_at - make_interval(secs => ${seconds})`,
  );
/** A BTC top-up of `usd` dollars, credited at the seeded 0.79 GBP per USD. */
async function topUp(cookie: string, usd: string): Promise<string> {
  const res = await call('POST', '/api/transactions/create', cookie, {
    amount: usd,
    currency: 'BTC',
    walletAddress: BTC,
    txHash: randomBytes(32).toString('hex'),
    serviceName: 'Add Funds',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const decide = async (id: string, action: 'approve' | 'reject') =>
  expect((await call('POST', `/api/admin/payments/${id}/${action}`, admin, {})).statusCode).toBe(
    200,
  );

beforeAll(async () => {
  admin = await adminSession(ctx, 'numbers-admin@example.com');
  const wallet = await call('POST', '/api/admin/crypto-wallets', admin, {
    currency: 'BTC',
    network: 'bitcoin',
    address: BTC,
    walletType: 'cold_storage',
  });
  expect(wallet.statusCode).toBe(201);
  for (let i = 0; i < 3; i++) {
    const { res } = await signUp(ctx.app);
    customers.push({ cookie: sessionCookieOf(res), id: res.json().id });
  }
});

describe('GET /api/admin/analytics', () => {
  it('refuses a visitor (401) and a customer (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/analytics'],
      ['POST', '/api/admin/analytics/recount'],
    ] as const) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      const asCustomer = await call(method, url, customers[0]?.cookie ?? '');
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('starts at zero, counting customers but not admins', async () => {
    expect(await analytics()).toMatchObject({
      currency: 'GBP',
      revenue: { total: '0.00', last30Days: '0.00' },
      customers: { total: 3, active30Days: 3 },
      payments: { pendingCount: 0, pendingValue: '0.00', approvedCount: 0, rejectedCount: 0 },
      activeOrders: { package: 0, sipDomain: 0, number: 0, total: 0 },
      customerBalances: '0.00',
    });
  });

  it('adds up approved, rejected and pending payments exactly, in GBP', async () => {
    const [a, b] = customers as [Customer, Customer];
    // Credits at 0.79: $250 → £197.50, $100 → £79.00, $150 → £118.50, $333.33 → £263.33.
    await decide(await topUp(a.cookie, '250.00'), 'approve');
    const old = await topUp(b.cookie, '100.00');
    await decide(old, 'approve');
    await decide(await topUp(a.cookie, '150.00'), 'reject');
    await topUp(b.cookie, '150.00');
    await topUp(a.cookie, '333.33');
    // An approval from six weeks ago is revenue, but not of the last 30 days.
    await ctx.database.db.execute(
      sql`update transactions set approved_at = now() - interval '42 days' where id = ${old}`,
    );
    expect(await analytics()).toMatchObject({
      revenue: { total: '276.50', last30Days: '197.50' },
      payments: { pendingCount: 2, pendingValue: '381.83', approvedCount: 2, rejectedCount: 1 },
      customerBalances: '276.50',
    });
  });

  it('does not count an order paid from the balance as revenue again', async () => {
    const [a, b] = customers as [Customer, Customer];
    const order = (userId: string, kind: string, charged: string, status = 'active') => sql`
      insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
                          paid_with, billing_period, status)
      values (${userId}, ${kind}, gen_random_uuid(), 'Bought', ${charged}, 'GBP', ${charged},
              'balance', 'monthly', ${status})`;
    await ctx.database.db.execute(order(a.id, 'package', '99.00'));
    await ctx.database.db.execute(order(a.id, 'package', '19.00'));
    await ctx.database.db.execute(order(b.id, 'number', '5.00'));
    await ctx.database.db.execute(order(b.id, 'sip_domain', '400.00', 'cancelled'));
    expect(await analytics()).toMatchObject({
      revenue: { total: '276.50', last30Days: '197.50' },
      activeOrders: { package: 2, sipDomain: 0, number: 1, total: 3 },
    });
  });

  it('counts as active a customer seen signed in or who paid in the last 30 days', async () => {
    const [, b, c] = customers as [Customer, Customer, Customer];
    // Both last seen six weeks ago; b paid this month, c did nothing since.
    for (const id of [b.id, c.id])
      await ctx.database.db.execute(
        sql`update sessions set last_seen_at = now() - interval '42 days' where user_id = ${id}`,
      );
    const before = await analytics();
    expect(before.customers).toEqual({ total: 3, active30Days: 2 });
    // A request with c's session makes c active again.
    expect((await call('GET', '/api/auth/user', c.cookie)).statusCode).toBe(200);
    expect((await analytics()).customers).toEqual({ total: 3, active30Days: 3 });
  });

  it('adds voice revenue from the call charges and the minutes billed', async () => {
    const [a, b] = customers as [Customer, Customer];
    const ended = (userId: string, seconds: number, cost: string, daysAgo: number) => {
      const endedAt = new Date(Date.now() - daysAgo * 86_400_000);
      return seedCall(ctx.database, {
        userId,
        createdAt: new Date(endedAt.getTime() - seconds * 1000),
        answeredAt: new Date(endedAt.getTime() - seconds * 1000),
        endedAt,
        duration: seconds,
        billableSeconds: seconds,
        includedSeconds: 0,
        cost,
        hangupCause: 'normal',
        hangupBy: 'caller',
      });
    };
    const charge = (userId: string, callId: string, amount: string, daysAgo: number) =>
      ctx.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, created_at)
        values (${userId}, ${`-${amount}`}::numeric, 'GBP', 'charge', ${`call:${callId}`}, 0,
                now() - make_interval(days => ${daysAgo}))`);
    const recent = await ended(a.id, 90, '0.1825', 1);
    const old = await ended(b.id, 600, '1.2000', 40);
    await charge(a.id, recent.id, '0.1825', 1);
    await charge(b.id, old.id, '1.2000', 40);
    // Neither a call nor an SMS charge nor a failed call counts as voice revenue.
    await ctx.database.db.execute(sql`
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after)
      values (${a.id}, -0.05, 'GBP', 'charge', 'sms:x', 0)`);
    await seedCall(ctx.database, { userId: b.id, status: 'failed', cost: '0', billableSeconds: 0 });
    expect((await analytics()).voice).toEqual({
      revenue: { total: '1.3825', last30Days: '0.1825' },
      billedMinutes: { total: '11.50', last30Days: '1.50' },
      calls: { total: 3, last30Days: 2 },
    });
  });

  it('shows the figures as last counted, counting again behind them once a minute old', async () => {
    const counted = await analytics();
    await topUp(customers[2]?.cookie ?? '', '100.00');
    // Read where they were stored, not counted again.
    expect(await shown()).toEqual(counted);
    // A minute old: shown as they are once more, while a count runs for the next read.
    await age(61);
    expect((await shown()).payments).toEqual(counted.payments);
    const next = await until(
      shown,
      (f) => f.payments.pendingCount !== counted.payments.pendingCount,
    );
    expect(next.payments.pendingCount).toBe(counted.payments.pendingCount + 1);
    await topUp(customers[2]?.cookie ?? '', '120.00');
    expect((await analytics()).payments.pendingCount).toBe(counted.payments.pendingCount + 2);
  });
});
