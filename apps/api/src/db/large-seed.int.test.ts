import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test/helpers.js';
import { createTestDatabase } from '../../test/test-database.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { seedCatalogueOnce } from '../modules/catalogue/catalogue-seed.repo.js';
import type { Database } from './client.js';
import {
  largeSeedCounts,
  refreshLargeSeed,
  SEED_DOMAIN,
  SEED_MARK,
  writeLargeSeed,
} from './large-seed.js';

// The large history of `npm run bench:seed-large`, at a small scale, on both drivers: it
// must be a history Parley itself could have written (balances = ledger, never below
// zero, every reference unique), or what the bench measures on it means nothing.
const SCALE = 0.002;
const counts = largeSeedCounts(SCALE);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogueOnce(database.db);
  const hash = await hashPassword('seed customer password');
  await writeLargeSeed(database.db, SCALE, hash);
}, 120_000);
afterAll(() => database.close());

const one = async <T>(query: ReturnType<typeof sql>) => {
  const [row] = await queryRows<T>(database, query);
  if (!row) throw new Error('no row');
  return row;
};

describe('the large seed', () => {
  it('writes the counts asked for', async () => {
    const row = await one<Record<string, number>>(sql`
      select (select count(*) from users where email like ${`%@${SEED_DOMAIN}`})::int as customers,
        (select count(*) from sms_messages)::int as sms, (select count(*) from calls)::int as calls,
        (select count(*) from orders)::int as orders, (select count(*) from events)::int as events,
        (select count(*) from chat_messages)::int as chat,
        (select count(*) from notifications)::int as notifications,
        (select count(*) from audit_log)::int as audit,
        (select count(*) from transactions)::int as payments`);
    expect(row).toEqual({
      customers: counts.customers,
      sms: counts.sms,
      calls: counts.calls,
      orders: counts.orders,
      events: counts.events,
      chat: counts.chat,
      notifications: counts.notifications,
      audit: counts.audit,
      // Each customer's first payment, and the others.
      payments: counts.customers + counts.payments,
    });
  });

  it('marks each conversation as the app would: its last message, its newest customer one, read', async () => {
    const row = await one<{ off: number; unread: number; partly: number; sessions: number }>(sql`
      select
        (select count(*) from chat_sessions c where
          c.last_message_at is distinct from
            (select max(created_at) from chat_messages m where m.session_id = c.id)
          or c.last_customer_message_id is distinct from
            (select max(id) from chat_messages m where m.session_id = c.id and kind = 'customer')
        )::int as off,
        (select count(*) from chat_sessions where admin_read_up_to is null
          and last_message_at is not null)::int as unread,
        (select count(*) from chat_sessions c where admin_read_up_to is distinct from
          (select max(id) from chat_messages m where m.session_id = c.id)
          and admin_read_up_to is not null)::int as partly,
        (select count(*) from chat_sessions where last_message_at is not null)::int as sessions`);
    expect(row.off).toBe(0);
    // Admins have read each conversation to its end, but one in fifty not at all.
    expect(row.partly).toBe(0);
    expect(row.unread).toBeLessThanOrEqual(Math.floor(counts.chatSessions / 50));
    expect(row.sessions).toBeGreaterThan(0);
  });

  it('keeps every balance equal to its ledger, never below zero on the way', async () => {
    const row = await one<{ off: number; negative: number; entries: number; charges: number }>(sql`
      select
        (select count(*) from users u where email like ${`%@${SEED_DOMAIN}`} and crypto_balance <>
          (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = u.id))::int as off,
        (select count(*) from ledger_entries where balance_after < 0)::int as negative,
        (select count(*) from ledger_entries)::int as entries,
        (select count(*) from ledger_entries where reference like 'sms:%' and kind = 'charge')::int
          as charges`);
    expect(row.off).toBe(0);
    expect(row.negative).toBe(0);
    expect(row.charges).toBe(counts.sms);
    expect(row.entries).toBeGreaterThan(counts.sms + counts.orders);
    // Running balances: each entry's balance_after is the sum of the customer's entries so far.
    const drift = await one<{ n: number }>(sql`
      select count(*)::int as n from (
        select balance_after, sum(amount) over (partition by user_id order by created_at,
          reference rows unbounded preceding) as running from ledger_entries) l
      where balance_after <> running`);
    expect(drift.n).toBe(0);
  });

  it('leaves nothing for the outboxes to send, and renewals due across the next month', async () => {
    const row = await one<{ unsent: number; open: number; due: number; later: number }>(sql`
      select (select count(*) from sms_messages where status in ('queued', 'sending'))::int as unsent,
        (select count(*) from calls where status in ('dialing', 'ringing', 'answered'))::int as open,
        (select count(*) from orders where status = 'active' and renews_at < now())::int as due,
        (select count(*) from orders where status = 'active'
          and renews_at > now() + interval '31 days')::int as later`);
    expect(row).toEqual({ unsent: 0, open: 0, due: 0, later: 0 });
  });

  it('labels each purchase and renewal with what was bought, as the shop does', async () => {
    const row = await one<{ blank: number; orders: number }>(sql`
      select (select count(*) from ledger_entries
              where kind in ('purchase', 'renewal') and note = '')::int as blank,
        (select count(*) from ledger_entries where kind = 'purchase')::int as orders`);
    expect(row).toEqual({ blank: 0, orders: counts.orders });
  });

  it('brings a history seeded days ago up to now, renewals and events included', async () => {
    await database.db.execute(
      sql`update app_meta set value = (now() - interval '5 days')::text where key = ${SEED_MARK}`,
    );
    const before = await one<{ renews: string; event: string }>(sql`
      select (select min(renews_at) from orders)::text as renews,
        (select max(created_at) from events)::text as event`);
    await refreshLargeSeed(database.db);
    const after = await one<{ moved: number; eventMoved: number; mark: number }>(sql`
      select
        round(extract(epoch from (select min(renews_at) from orders) - ${before.renews}::timestamptz)
          / 86400)::int as moved,
        round(extract(epoch from (select max(created_at) from events) - ${before.event}::timestamptz)
          / 86400)::int as "eventMoved",
        round(extract(epoch from now() - value::timestamptz))::int as mark
      from app_meta where key = ${SEED_MARK}`);
    expect(after).toEqual({ moved: 5, eventMoved: 5, mark: 0 });
  });

  it('lets a seeded customer sign in with the seed password', async () => {
    const row = await one<{ hash: string }>(sql`
      select password_hash as hash from users where email = ${`customer-1@${SEED_DOMAIN}`}`);
    expect(await verifyPassword(row.hash, 'seed customer password')).toBe(true);
  });
});
