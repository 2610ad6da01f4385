import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';
import { createRenewalReadsRepo } from './renewal-reads.repo.js';
import { renewing, toSubscription } from './renewal-view.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const SETTINGS = { releaseMs: 30 * 86_400_000, reminderMs: 5 * 86_400_000 } as never;
let database: Database;
let userId: string;

/** An order of the customer's, with what the test sets; times as PostgreSQL reads them. */
async function order(values: Record<string, string | boolean | null>) {
  const v = {
    status: 'active',
    renewal_charge: '15.00',
    renews_at: null,
    grace_until: null,
    suspended_at: null,
    ended_at: null,
    auto_renew: true,
    paid_through: '0',
    created_at: '2026-05-01 10:00:00.123456+00',
    ...values,
  };
  await database.db.execute(sql`insert into orders (user_id, item_kind, item_id, name, price,
      price_currency, charged, paid_with, billing_period, status, renews_at, renewal_charge,
      grace_until, suspended_at, ended_at, auto_renew, paid_through, created_at)
    values (${userId}, 'package', gen_random_uuid(), ${`Plan ${v.status} ${v.created_at}`},
      '15.00', 'GBP', '15.00', 'balance', 'monthly', ${v.status}, ${v.renews_at}::timestamptz,
      ${v.renewal_charge}::numeric, ${v.grace_until}::timestamptz, ${v.suspended_at}::timestamptz,
      ${v.ended_at}::timestamptz, ${v.auto_renew}, ${v.paid_through}::int, ${v.created_at}::timestamptz)`);
}

async function ledger(amount: string, kind: string, at: string) {
  await database.db.execute(sql`
    with u as (update users set crypto_balance = crypto_balance + ${amount}::numeric
      where id = ${userId} returning id, crypto_balance)
    insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, created_at)
    select id, ${amount}::numeric, 'GBP', ${kind}, ${`test:${kind}:${at}`}, crypto_balance,
      ${at}::timestamptz from u`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: `subs-${Date.now()}@parley.test`, passwordHash: 'x' })
    .returning();
  userId = user?.id ?? '';
  await order({ renews_at: '2026-06-20 08:00:00.5+00', paid_through: '1' });
  await order({
    status: 'grace',
    renews_at: '2026-06-10 08:00:00+00',
    grace_until: '2026-06-17 08:00:00.999999+00',
    created_at: '2026-04-10 00:00:00+00',
  });
  await order({
    status: 'suspended',
    suspended_at: '2026-06-01 00:00:00+00',
    auto_renew: false,
    created_at: '2026-05-03 00:00:00+00',
  });
  await order({
    status: 'cancelled',
    ended_at: '2026-06-05 00:00:00+00',
    renewal_charge: '7.50',
    created_at: '2026-05-04 00:00:00+00',
  });
  // Ended long ago, and a one-off: neither is on the page.
  await order({ status: 'cancelled', ended_at: '2026-01-05 00:00:00+00' });
  await order({ renewal_charge: null, created_at: '2026-05-02 00:00:00+00' });
  await ledger('100.0000', 'deposit', '2026-06-01 00:00:00+00');
  await ledger('-3.2500', 'charge', '2026-06-10 00:00:00+00');
  await ledger('0.5000', 'refund', '2026-06-11 00:00:00+00');
  await ledger('-9.0000', 'charge', '2026-04-01 00:00:00+00');
  // Six hours before the 30 days: not in the usage.
  await ledger('-1.0000', 'charge', '2026-05-16 06:00:00+00');
  await database.db.update(users).set({ held: '2.5000' }).where(eq(users.id, userId));
});
afterAll(() => database.close());

/** The page as drizzle read it before the prepared reads replaced it: the reference. */
async function throughDrizzle() {
  const items = await database.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.renewalCharge),
        or(
          sql`${orders.status} <> 'cancelled'`,
          sql`${orders.endedAt} >= ${new Date(NOW.getTime() - 90 * 86_400_000).toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const [user] = await database.db
    .select({ balance: users.cryptoBalance, held: users.held })
    .from(users)
    .where(eq(users.id, userId));
  const [usage] = await queryRows<{ spent: string }>(
    database,
    sql`select coalesce(-sum(amount), 0)::numeric(20, 4)::text as spent from ledger_entries
      where user_id = ${userId} and kind in ('charge', 'refund')
        and created_at >= ${new Date(NOW.getTime() - 30 * 86_400_000).toISOString()}::timestamptz`,
  );
  return { items, user, spent30: usage?.spent };
}

// Runs on both drivers: the prepared reads must give the page what drizzle's did.
describe("the customer's subscriptions read", () => {
  it('gives the same items, money and runway as the drizzle reads it replaces', async () => {
    const repo = createRenewalReadsRepo(database.db, SETTINGS);
    const raw = await repo.mine(userId, NOW);
    const reference = await throughDrizzle();
    const show = (rows: Parameters<typeof toSubscription>[0][]) =>
      rows.map((o) => toSubscription(o, SETTINGS));
    expect(show(raw.items)).toEqual(show(reference.items));
    expect(renewing(raw.items)).toEqual(renewing(reference.items));
    expect(raw.spent30).toBe(reference.spent30);
    expect({ balance: raw.user.balance, held: raw.user.held }).toEqual(reference.user);
    // What the reference covers: four states, the two excluded rows left out, money moved.
    expect(raw.items.map((o) => o.status)).toEqual(['grace', 'active', 'suspended', 'cancelled']);
    expect(raw.spent30).toBe('2.7500');
    expect(raw.user).toMatchObject({ balance: '87.2500', held: '2.5000' });
    expect(show(raw.items)[0]?.graceUntil).toBe('2026-06-17T08:00:00.999Z');
  });

  it('answers a customer with nothing, and one who is gone, with nothing', async () => {
    const repo = createRenewalReadsRepo(database.db, SETTINGS);
    const gone = await repo.mine('00000000-0000-4000-8000-000000000000', NOW);
    expect(gone).toEqual({
      items: [],
      user: { balance: '0', held: '0', spent: '0' },
      spent30: '0',
    });
  });
});
