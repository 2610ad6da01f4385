import { TRUNK_SERVICE_SLUGS } from '@parley/shared';

/**
 * What the large seed's customers did (large-seed.ts): SMS, calls, orders, stored events,
 * chat, notifications and the admins' audit trail. Every money move goes onto
 * `seed_moves` (user, amount, kind, reference, time), from which the ledger is written.
 * `pick(n)` draws a customer number skewed towards the first ones, as real traffic is:
 * the busiest customer sends thousands of messages, most send a few.
 */
const TRUNK_SLUGS = TRUNK_SERVICE_SLUGS.map((s) => `'${s}'`).join(', ');

export const pick = (n: number) => `1 + floor(${n} * power(random(), 2))::int`;
const uniform = (n: number) => `1 + floor(${n} * random())::int`;

/** How many of each the seed writes (large-seed.ts largeSeedCounts). */
export interface SeedCounts {
  customers: number;
  sms: number;
  calls: number;
  payments: number;
  orders: number;
  events: number;
  chatSessions: number;
  chat: number;
  notifications: number;
  audit: number;
}

export function activitySteps(counts: SeedCounts) {
  const { customers, sms, calls, orders, events, chatSessions, chat, notifications, audit } =
    counts;
  return [
    {
      name: 'sms messages',
      sql: `
        create temp table seed_sms as
          select gen_random_uuid() as id, u.id as user_id, u.n, s.i, s.segments, s.failed,
            now() - random() * interval '90 days' as at
          from (select i, ${pick(customers)} as n, 1 + (random() < 0.1)::int as segments,
                  random() < 0.05 as failed
                from generate_series(1, ${sms}) as i) s
          join seed_users u using (n);
        insert into sms_messages (id, user_id, sender_id, recipient, message, encoding, segments,
            country_code, unit_price, price_currency, cost, rate, status, attempts, reference,
            error, created_at, updated_at, sent_at, done_at, next_attempt_at)
          select id, user_id, 'Parley', '+4474' || lpad((i % 100000000)::text, 8, '0'),
            'Your code is ' || (i % 10000), 'GSM-7', segments, 'GB', 0.0300, 'GBP',
            0.0300 * segments, 1, case when failed then 'failed' else 'delivered' end, 1,
            i % 256, case when failed then 'Rejected by the network' end, at,
            at + interval '3 seconds', at + interval '1 second', at + interval '3 seconds', at
          from seed_sms;
        insert into seed_moves
          select user_id, -0.0300 * segments, 'charge', 'sms:' || id, at, '' from seed_sms
          union all
          select user_id, 0.0300 * segments, 'refund', 'sms:' || id, at + interval '3 seconds', ''
          from seed_sms where failed;`,
    },
    {
      name: 'calls',
      sql: `
        create temp table seed_calls as
          select gen_random_uuid() as id, u.id as user_id, s.i, s.outcome, s.talk,
            0.0100 + (s.i % 5) * 0.0100 as rate, now() - random() * interval '90 days' as at
          from (select i, ${pick(customers)} as n, (array['ended', 'ended', 'ended', 'busy',
                  'no_answer'])[1 + floor(random() * 5)::int] as outcome,
                  5 + floor(random() * 600)::int as talk
                from generate_series(1, ${calls}) as i) s
          join seed_users u using (n);
        insert into calls (id, user_id, caller_id, destination, country, price, price_currency,
            rate, rate_per_minute, increments, max_seconds, hold, status, gateway, deadline_at,
            created_at, ringing_at, answered_at, ended_at, duration, billable_seconds,
            included_seconds, cost, hangup_cause, hangup_by)
          select id, user_id, '+447400900123', '+4420' || lpad((i % 100000000)::text, 8, '0'),
            'GB', rate, 'GBP', 1, rate, '60/60', 14400,
            case when outcome = 'ended' then ceil(talk / 60.0) * rate else 0 end, outcome, 'sip',
            at + interval '4 hours', at, at + interval '2 seconds',
            case when outcome = 'ended' then at + interval '5 seconds' end,
            at + interval '5 seconds' + case when outcome = 'ended' then talk * interval '1 second'
              else interval '0 seconds' end,
            case when outcome = 'ended' then talk else 0 end,
            case when outcome = 'ended' then ceil(talk / 60.0)::int * 60 else 0 end, 0,
            case when outcome = 'ended' then ceil(talk / 60.0) * rate else 0 end,
            case when outcome = 'ended' then 'normal' else outcome end,
            case when i % 2 = 0 then 'caller' else 'callee' end
          from seed_calls;
        insert into seed_moves
          select user_id, -ceil(talk / 60.0) * rate, 'charge', 'call:' || id,
            at + interval '5 seconds' + talk * interval '1 second', ''
          from seed_calls where outcome = 'ended';`,
    },
    {
      name: 'orders and renewals',
      sql: `
        -- Plans that need nothing else to be in service: automatic, not a trunk (whose
        -- order comes with its trunk), priced in GBP (the balance's currency).
        create temp table seed_packages as
          select row_number() over (order by p.id)::int as k, p.id, p.name, p.price, p.currency
          from packages p join services s on s.id = p.service_id
          where p.is_active and p.billing_period = 'monthly' and not p.is_addon and p.price > 0
            and p.currency = 'GBP' and p.fulfilment = 'automatic'
            and s.slug not in (${TRUNK_SLUGS});
        do $$ begin if not exists (select 1 from seed_packages) then raise exception 'no monthly plan to order: seed the catalogue first'; end if; end $$;
        create temp table seed_orders as
          select gen_random_uuid() as id, u.id as user_id, p.id as package_id, p.name, p.price,
            p.currency, s.periods, s.cancelled, s.renews_at,
            s.renews_at - (s.periods + 1) * interval '1 month' as at
          from (select i, ${uniform(customers)} as n,
                  1 + floor(random() * (select count(*) from seed_packages))::int as k,
                  floor(random() * 6)::int as periods, random() < 0.05 as cancelled,
                  now() + random() * interval '30 days' as renews_at
                from generate_series(1, ${orders}) as i) s
          join seed_users u using (n) join seed_packages p using (k);
        insert into orders (id, user_id, item_kind, item_id, name, price, price_currency,
            charged, paid_with, billing_period, status, renews_at, renewal_charge, paid_through,
            auto_renew, ended_at, created_at)
          select id, user_id, 'package', package_id, name, price, currency, price, 'balance',
            'monthly', case when cancelled then 'cancelled' else 'active' end,
            case when not cancelled then renews_at end, price, periods, not cancelled,
            case when cancelled then now() - interval '1 day' end, at
          from seed_orders;
        insert into seed_moves
          select user_id, -price, 'purchase', 'order:' || id, at, name from seed_orders
          union all
          select o.user_id, -o.price, 'renewal', 'renewal:' || o.id || ':' || p,
            o.at + p * interval '1 month', o.name
          from seed_orders o, generate_series(1, o.periods) as p;`,
    },
    {
      name: 'stored events',
      sql: `
        insert into events (type, data, user_id, created_at)
          select (array['sms.updated', 'call.updated', 'deposit.updated',
              'notification.created'])[1 + i % 4], '{"seed": true}'::jsonb, u.id, s.at
          from (select i, ${uniform(customers)} as n,
                  now() - random() * interval '29 days' as at
                from generate_series(1, ${events}) as i) s
          join seed_users u using (n) order by s.at;`,
    },
    {
      name: 'chat',
      sql: `
        create temp table seed_chats as
          select gen_random_uuid() as id, u.id as user_id, u.n
          from seed_users u where u.n <= ${chatSessions};
        insert into chat_sessions (id, user_id, subject, status, created_at)
          select id, user_id, 'Seeded conversation',
            (array['open', 'pending', 'resolved'])[1 + n % 3], now() - interval '60 days'
          from seed_chats;
        insert into chat_messages (session_id, kind, author_id, body, created_at)
          select c.id, case when s.i % 2 = 0 then 'customer' else 'admin' end,
            case when s.i % 2 = 0 then c.user_id else (select id from seed_admin) end,
            'Seeded message ' || s.i, s.at
          from (select i, ${uniform(chatSessions)} as n,
                  now() - random() * interval '59 days' as at
                from generate_series(1, ${chat}) as i) s
          join seed_chats c using (n) order by s.at;
        -- Admins have read all but one conversation in fifty.
        update chat_sessions c set last_message_at = m.last,
            last_customer_message_id = m.last_customer,
            admin_read_up_to = case when s.n % 50 = 0 then null else m.newest end
          from (select session_id, max(created_at) as last, max(id) as newest,
                  max(id) filter (where kind = 'customer') as last_customer
                from chat_messages group by session_id) m, seed_chats s
          where m.session_id = c.id and s.id = c.id;`,
    },
    {
      name: 'notifications',
      sql: `
        insert into notifications (user_id, code, params, key, read_at, created_at)
          select u.id, 'renewal.charged',
            jsonb_build_object('item', 'SIP Starter', 'amount', '9.99',
              'renewsAt', to_char(s.at + interval '1 month', 'YYYY-MM-DD')),
            'seed:' || s.i, case when s.i % 10 < 7 then s.at + interval '1 hour' end, s.at
          from (select i, ${uniform(customers)} as n,
                  now() - random() * interval '180 days' as at
                from generate_series(1, ${notifications}) as i) s
          join seed_users u using (n);`,
    },
    {
      name: 'audit log',
      sql: `
        insert into audit_log (actor_id, action, target_type, target_id, ip, created_at)
          select (select id from seed_admin),
            (array['payment.approve', 'payment.reject', 'wallet.activate'])[1 + i % 3],
            'transaction', gen_random_uuid()::text, '127.0.0.1',
            now() - random() * interval '365 days'
          from generate_series(1, ${audit}) as i;`,
    },
  ];
}
