import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { activitySteps, type SeedCounts } from './large-seed-activity.js';

/**
 * A large, realistic history for measuring how Parley's reads and jobs grow with their
 * tables (`npm run bench:seed-large`, docs/performance.md; the plan test at a small
 * scale). Set-based SQL in steps that share temporary tables, so one connection runs
 * them all. At scale 1: 100,000 customers, 2,000,000 SMS, 500,000 calls, 200,000
 * payments, 100,000 orders renewing across the next month, 1,000,000 stored events,
 * 50,000 chat messages, 500,000 notifications, 100,000 audit entries and the ledger of
 * all of it (about 3,000,000 rows); each customer's balance is the sum of their ledger,
 * which never goes below zero. Customers are customer-<n>@seed.parley.test, each with a
 * session (those of the last 30 days still live).
 */
export const SEED_DOMAIN = 'seed.parley.test';
/** app_meta's key for a complete seed, written last in its transaction: when it was made. */
export const SEED_MARK = 'large-seed';

export function largeSeedCounts(scale: number): SeedCounts {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    customers: n(100_000),
    sms: n(2_000_000),
    calls: n(500_000),
    /** Besides each customer's first payment, which pays for what they used. */
    payments: n(100_000),
    orders: n(100_000),
    events: n(1_000_000),
    chatSessions: n(10_000),
    chat: n(50_000),
    notifications: n(500_000),
    audit: n(100_000),
  };
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The steps, in order, each a list of single statements (the embedded driver runs one at
 * a time); `passwordHash` is every seeded customer's (one hash, made once).
 */
export function largeSeedSteps(scale: number, passwordHash: string) {
  return stepsOf(scale, passwordHash).map(({ name, sql }) => ({
    name,
    statements: sql
      .split(/;\s*$/m)
      .map((s) => s.trim())
      .filter(Boolean),
  }));
}

function stepsOf(scale: number, passwordHash: string) {
  const counts = largeSeedCounts(scale);
  const { customers, payments } = counts;
  return [
    {
      name: 'customers',
      sql: `
        -- The same history on every run (random() on this connection from here on).
        select setseed(0.42);
        insert into users (email, first_name, last_name, password_hash, created_at, updated_at)
          select 'customer-' || i || '@${SEED_DOMAIN}', 'Seed', 'Customer ' || i,
            ${literal(passwordHash)}, now() - interval '400 days' + (i % 30) * interval '1 day',
            now() - (i % 60) * interval '1 hour'
          from generate_series(1, ${customers}) as i;
        create temp table seed_users as
          select substring(email from '^customer-(\\d+)@')::int as n, id, created_at
          from users where email like '%@${SEED_DOMAIN}';
        create unique index on seed_users (n);
        -- A session each, signed in over the last 40 days: the older ones have expired.
        -- Their tokens are random (gen_random_uuid: strong) and never known: nobody can
        -- present one.
        insert into sessions (token_hash, user_id, idle_seconds, created_at, last_seen_at,
            expires_at, absolute_expires_at)
          select encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea),
              'hex'), id, 2592000,
            now() - (n % 40) * interval '1 day', now() - (n % 40) * interval '1 day',
            now() + (30 - n % 40) * interval '1 day', now() + (30 - n % 40) * interval '1 day'
          from seed_users;
        analyze seed_users;
        create temp table seed_admin as
          select id from users where is_admin order by created_at limit 1;
        create temp table seed_moves (user_id uuid, amount numeric(20, 4), kind text,
          reference text, at timestamptz, note text);`,
    },
    ...activitySteps(counts),
    {
      name: 'payments',
      sql: `
        -- The history's wallet, inactive: new payments go to the operator's own wallets.
        insert into crypto_wallets (currency, network, address, wallet_type, description,
            is_active)
          values ('BTC', 'bitcoin', 'bc1qseedseedseedseedseedseedseedseedseed0', 'hot',
            'Seeded history', false)
          on conflict do nothing;
        create temp table seed_payments as
          -- Each customer's first payment pays for everything they used, and more.
          select gen_random_uuid() as id, gen_random_uuid() as quote_id, u.id as user_id,
            round(coalesce(spent.total, 0) + 20 + (u.n % 180), 2) as credit, 'approved' as status,
            u.created_at + interval '1 hour' as at
          from seed_users u
          left join (select user_id, -sum(amount) as total from seed_moves group by user_id) spent
            on spent.user_id = u.id
          union all
          select gen_random_uuid(), gen_random_uuid(), u.id, 10 + s.i % 490,
            case when s.r < 0.8 then 'approved' when s.r < 0.95 then 'rejected' else 'pending' end,
            now() - random() * interval '300 days'
          from (select i, 1 + floor(${customers} * random())::int as n, random() as r
                from generate_series(1, ${payments}) as i) s
          join seed_users u using (n);
        insert into payment_quotes (id, user_id, fiat_amount, fiat_currency, currency, network,
            wallet_id, address, crypto_amount, rate, credit_amount, credit_rate, expires_at,
            created_at)
          select p.id_q, p.user_id, p.credit, 'GBP', 'BTC', 'bitcoin', w.id, w.address,
            round(p.credit / 50000, 8), 50000, p.credit, 1, p.at + interval '30 minutes', p.at
          from (select quote_id as id_q, user_id, credit, at from seed_payments) p,
            (select id, address from crypto_wallets
             where address = 'bc1qseedseedseedseedseedseedseedseedseed0') w;
        insert into transactions (id, user_id, kind, service_name, amount, amount_currency,
            currency, network, wallet_id, wallet_address, crypto_amount, quote_id, tx_hash,
            credit_amount, credit_rate, status, approved_by, approved_at, created_at, updated_at)
          select p.id, p.user_id, 'topup', 'Balance top-up', p.credit, 'GBP', 'BTC', 'bitcoin',
            q.wallet_id, q.address, q.crypto_amount, p.quote_id,
            encode(sha256(('seed-payment-' || p.id)::bytea), 'hex'), p.credit, 1, p.status,
            case when p.status = 'approved' then (select id from seed_admin) end,
            case when p.status = 'approved' then p.at + interval '10 minutes' end,
            p.at, p.at + interval '10 minutes'
          from seed_payments p join payment_quotes q on q.id = p.quote_id;
        insert into seed_moves
          select user_id, credit, 'deposit', 'transaction:' || id, at + interval '10 minutes', ''
          from seed_payments where status = 'approved';`,
    },
    {
      name: 'ledger and balances',
      sql: `
        insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after,
            note, created_at)
          select user_id, amount, 'GBP', kind, reference,
            sum(amount) over (partition by user_id order by at, reference
              rows unbounded preceding), note, at
          from seed_moves;
        update users u set crypto_balance = m.total
          from (select user_id, sum(amount) as total from seed_moves group by user_id) m
          where m.user_id = u.id;
        insert into app_meta (key, value) values ('${SEED_MARK}', now()::text);`,
    },
  ];
}

/**
 * Brings a seeded history up to now, by how long ago it was seeded (or last brought up):
 * its live sessions, its renewals due across the next month and its stored events
 * (which retention keeps for 30 days) move forward by that much, so a server started on
 * it days later does not renew, expire or prune in bulk what was meant to be current.
 */
export const LARGE_SEED_REFRESH = [
  `create temp table seed_shift on commit drop as
     select now() - value::timestamptz as by from app_meta where key = '${SEED_MARK}'`,
  `update sessions s set created_at = s.created_at + by, last_seen_at = s.last_seen_at + by,
     expires_at = s.expires_at + by, absolute_expires_at = s.absolute_expires_at + by
   from seed_shift, users u
   where u.id = s.user_id and u.email like '%@${SEED_DOMAIN}'`,
  `update orders o set renews_at = o.renews_at + by, created_at = o.created_at + by
   from seed_shift, users u
   where u.id = o.user_id and u.email like '%@${SEED_DOMAIN}' and o.renews_at is not null`,
  `update events e set created_at = e.created_at + by from seed_shift
   where e.user_id in (select id from users where email like '%@${SEED_DOMAIN}')`,
  `update app_meta set value = now()::text where key = '${SEED_MARK}'`,
];

/**
 * Writes the history in one transaction (its steps share temporary tables, and a seed cut
 * short leaves nothing); `onStep` hears each step's name once it is done.
 */
export async function writeLargeSeed(
  db: Db,
  scale: number,
  passwordHash: string,
  onStep: (name: string) => void = () => {},
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const step of largeSeedSteps(scale, passwordHash)) {
      for (const statement of step.statements) await tx.execute(sql.raw(statement));
      onStep(step.name);
    }
  });
}

/** Runs LARGE_SEED_REFRESH in one transaction. */
export async function refreshLargeSeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of LARGE_SEED_REFRESH) await tx.execute(sql.raw(statement));
  });
}
