import { routes } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, queryRows } from '../../test/helpers.js';
import { findScans, indexesIn, type PlanNode, unindexedReads } from '../../test/query-plans.js';
import { createTestDatabase } from '../../test/test-database.js';
import { hashToken, newSessionToken } from '../modules/auth/session-token.js';
import { seedCatalogueOnce } from '../modules/catalogue/catalogue-seed.repo.js';
import { SESSION_COOKIE } from '../plugins/session-cookie.js';
import { type Database, openDatabase } from './client.js';
import { SEED_DOMAIN, writeLargeSeed } from './large-seed.js';
import { SMALL_TABLES } from './migration-safety.js';

// The plans PostgreSQL chooses for every signed-in read, on a generated history large
// enough (SCALE of `npm run bench:seed-large`) that the planner picks as it would at full
// size: an index for every big table, never a sequential scan of one. The server reports
// each statement's plan as it runs it (auto_explain, as notices), so what is checked is
// the statement Parley really sent, with its parameters. PostgreSQL only (CI's second run).
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const SCALE = 0.02;
const customer = (n: number) => `customer-${n}@${SEED_DOMAIN}`;
/**
 * A table with fewer rows than this in the generated history is read whole by the
 * planner's right choice (a few pages); only tables the seed makes big are judged.
 */
const BIG_ROWS = 1000;
/** Reads that go through a whole table by design: an admin's audit of the ledger. */
const WHOLE_TABLE_BY_DESIGN = new Set(['/api/admin/ledger/check']);
/**
 * Admin reads known to read a big table whole, each to be fixed (issue notes,
 * docs/performance.md); none today. The test fails on any read not listed here. (Some
 * plans change between runs, a join read whole or by key as the statistics fall: an entry
 * is removed when its fix lands, not when one run misses it.)
 */
const KNOWN: Record<string, string[]> = {};
/** The query string a read needs (by the customer's number); the others need none. */
const QUERY: Record<string, (n: number) => Promise<string>> = {
  '/api/sip/quote': async () => '?destination=%2B447400123456',
  '/api/ledger/statement': async () => '?from=2026-01-01&to=2026-12-31',
  '/api/chat/messages': async (n) => {
    const [chat] = await queryRows<{ id: string }>(
      seeded,
      sql`select c.id from chat_sessions c join users u on u.id = c.user_id
          where u.email = ${customer(n)}`,
    );
    return `?sessionId=${chat?.id}`;
  },
};
/** Event streams never end; their reads are the stored bus's, checked by its own tests. */
const STREAMS = new Set(['/api/events', '/api/admin/events']);

const EXPLAIN = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_level': 'notice',
  'auto_explain.log_format': 'json',
};

let seeded: Database & { url?: string };
let explained: Database;
let big: Set<string>;
const background = new Set<string>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const plans: { query: string; plan: PlanNode }[] = [];

/** A signed-in cookie for a seeded customer, written straight into `sessions`. */
async function sessionFor(n: number): Promise<string> {
  const token = newSessionToken();
  await seeded.db.execute(sql`
    insert into sessions (token_hash, user_id, idle_seconds, expires_at, absolute_expires_at)
    select ${hashToken(token)}, id, 3600, now() + interval '1 hour', now() + interval '1 hour'
    from users where email = ${customer(n)}`);
  return `${SESSION_COOKIE}=${token}`;
}

beforeAll(async () => {
  if (!onPostgres) return;
  seeded = await createTestDatabase('postgres');
  await seedCatalogueOnce(seeded.db);
  await writeLargeSeed(seeded.db, SCALE, 'not a password hash');
  await seeded.db.execute(sql`analyze`);
  const sizes = await queryRows<{ name: string }>(
    seeded,
    sql`select relname as name from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= ${BIG_ROWS}`,
  );
  big = new Set(sizes.map((t) => t.name).filter((t) => !SMALL_TABLES.has(t)));
  const url = new URL(seeded.url ?? '');
  for (const [k, v] of Object.entries(EXPLAIN)) url.searchParams.set(k, v);
  explained = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    max: 4,
    onNotice: ({ message }) => {
      const json = message?.slice(message.indexOf('{'));
      if (!json?.startsWith('{')) return;
      const { 'Query Text': query, Plan: plan } = JSON.parse(json);
      plans.push({ query, plan });
    },
  });
  ctx = await createTestApp({}, { database: explained });
  await ctx.app.ready();
  // The jobs' statements (outboxes, renewals, retention…) run beside the requests on the
  // same pool: those seen while no request runs are theirs, and not blamed on a read.
  await sleep(2000);
  plans.length = 0;
  await sleep(2000);
  for (const { query } of plans) background.add(query);
}, 180_000);
afterAll(async () => {
  if (!onPostgres) return;
  await ctx.close();
  await explained.close();
  await seeded.close();
});

describe.skipIf(!onPostgres)('plans on a large history', () => {
  it('reads no big table whole for a customer, nor for an admin beyond the known list', async () => {
    const admin = await adminSession(
      { app: ctx.app, database: explained },
      'plans-admin@parley.test',
    );
    // Customer 1 is the busiest (the seed skews towards the first) and has a chat; 1500 a
    // quiet one without.
    const customers = [1, 1500];
    const cookies = new Map(
      await Promise.all(customers.map(async (n) => [n, await sessionFor(n)] as const)),
    );
    const reads = Object.values(routes).filter(
      (r) =>
        r.method === 'GET' &&
        (r.access === 'user' || r.access === 'admin') &&
        !r.path.includes(':') &&
        !STREAMS.has(r.path) &&
        !WHOLE_TABLE_BY_DESIGN.has(r.path),
    );
    // The analytics count reads every big table by design (decision 0072): counted here
    // first, the tab's read is then the stored figures', as it is for an admin.
    const counted = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/analytics/recount',
      headers: { cookie: admin },
    });
    expect(counted.statusCode).toBe(200);
    const found = new Map<string, Set<string>>();
    const statements: string[] = [];
    for (const route of reads) {
      for (const n of route.access === 'admin' ? [0] : customers) {
        const cookie = n === 0 ? admin : cookies.get(n);
        const url = route.path + ((await QUERY[route.path]?.(n)) ?? '');
        plans.length = 0;
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
        // Every read answers (a customer without a chat has no messages to read).
        const fine = res.statusCode === 200 || (route.path === '/api/chat/messages' && n !== 1);
        expect(fine, `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
        for (const { query, plan } of plans.filter((p) => !background.has(p.query)))
          for (const scan of unindexedReads(plan, (t) => big.has(t))) {
            const tables = found.get(route.path) ?? new Set();
            found.set(route.path, tables.add(scan.table));
            statements.push(`${route.path}: ${scan.text} in ${query.replace(/\s+/g, ' ')}`);
          }
      }
    }
    const unknown = [...found].flatMap(([path, tables]) =>
      [...tables].filter((t) => !KNOWN[path]?.includes(t)).map((t) => `${path}: ${t}`),
    );
    // On a failure, `statements` names each statement and its scan.
    expect(unknown, statements.join('\n')).toEqual([]);
  }, 120_000);

  it('reads no big table whole in a pass of each job, nor beside them', async () => {
    // Each job's pass by hand, as the timers run them; the outboxes run beside them on
    // the same pool, so every statement seen meanwhile is judged, theirs included. The
    // analytics count reads every table by design (decision 0072) and is not here.
    const passes: Record<string, () => Promise<unknown>> = {
      renewals: () => ctx.app.renewalJob.runOnce(),
      'low balance': () => ctx.app.lowBalance.runOnce(),
      retention: () => ctx.app.retention.runOnce(),
      'call settlement': () => ctx.app.voiceJobs.tick(),
      'mail expiry': () => ctx.app.mailSettle(),
    };
    const statements: string[] = [];
    for (const [job, pass] of Object.entries(passes)) {
      plans.length = 0;
      await pass();
      for (const { query, plan } of plans)
        for (const scan of unindexedReads(plan, (t) => big.has(t)))
          statements.push(`${job}: ${scan.text} in ${query.replace(/\s+/g, ' ')}`);
    }
    expect(statements).toEqual([]);
  }, 60_000);

  it('finds a customer by part of an email or a name by trigrams, reading no one else', async () => {
    const admin = await adminSession(
      { app: ctx.app, database: explained },
      'plans-search@parley.test',
    );
    // Among the 2,000 generated customers a sequential scan is the planner's right choice
    // (a few dozen pages); from about 20,000 on, the trigrams are, as at 100,000.
    await seeded.db.execute(sql`
      insert into users (email, first_name, last_name, password_hash)
      select 'other-' || i || '@elsewhere.parley.test', 'Other', 'Person ' || i, 'not a hash'
      from generate_series(1, 18000) as i`);
    // Vacuumed as autovacuum would: rows written after a GIN index wait in its pending
    // list, which the planner prices as read whole.
    await seeded.db.execute(sql`vacuum analyze users`);
    for (const q of ['customer-1999@', 'Customer 1999']) {
      plans.length = 0;
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/users?q=${encodeURIComponent(q)}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json().items.map((u: { email: string }) => u.email)).toEqual([customer(1999)]);
      // The page and its capped count: each walks the trigrams, neither reads every customer.
      const searches = plans.filter((p) => !background.has(p.query) && /\bilike\b/i.test(p.query));
      expect(searches.length, q).toBeGreaterThanOrEqual(2);
      for (const { query, plan } of searches) {
        const where = `${q}: ${query.replace(/\s+/g, ' ')}`;
        expect(indexesIn(plan), where).toContain('users_search_idx');
        expect(
          findScans(plan).filter((scan) => scan.table === 'users' && scan.how === 'Seq Scan'),
          where,
        ).toEqual([]);
      }
    }
  }, 60_000);

  it('sees the plans it checks', async () => {
    // Guards the test above against passing because no plan arrived.
    plans.length = 0;
    const cookie = await sessionFor(1);
    await ctx.app.inject({ method: 'GET', url: '/api/sms/history', headers: { cookie } });
    const scans = plans.flatMap(({ plan }) => findScans(plan));
    expect(scans.map((s) => s.table)).toContain('sms_messages');
    expect([...big].sort()).toEqual(
      expect.arrayContaining([
        'calls',
        'ledger_entries',
        'orders',
        'sessions',
        'sms_messages',
        'users',
      ]),
    );
  });
});
