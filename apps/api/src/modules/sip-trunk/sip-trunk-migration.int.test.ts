import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, PGLITE_EXTENSIONS } from '../../db/client.js';

/** The migrations folder as it stood at `lastTag` (the journal cut there). */
function folderUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/** A new database, migrated by `migrate(folder)`; `query` runs SQL with $n parameters. */
type Fresh = {
  migrate(folder: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

async function freshDatabase(): Promise<Fresh> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.PARLEY_TEST_DB === 'postgres' && url) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const name = `parley_mig_${randomUUID().replaceAll('-', '')}`;
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const client = postgres(target.toString(), { max: 1, onnotice: () => {} });
    const db = drizzlePostgres({ client });
    return {
      migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
      query: async <T>(text: string, params: unknown[] = []) =>
        (await client.unsafe(text, params as never[])) as unknown as T[],
      async close() {
        await client.end({ timeout: 5 });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client });
  return {
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    query: async <T>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

describe('0044 gives existing trunk orders their trunks', () => {
  let database: Fresh;
  type Key =
    | 'a'
    | 'b'
    | 'c'
    | 'aBusiness'
    | 'aUnlimited'
    | 'aOldAnalytics'
    | 'aAnalytics'
    | 'aFailover'
    | 'aCancelledFailover'
    | 'bCancelled'
    | 'bStarter'
    | 'bOtherAnalytics'
    | 'cPro';
  const ids = {} as Record<Key, string>;

  beforeAll(async () => {
    database = await freshDatabase();
    const folder = folderUpTo('0043_fulfilment');
    await database.migrate(folder);
    fs.rmSync(folder, { recursive: true });
    const q = database.query.bind(database);
    const one = async (text: string, params: unknown[]) =>
      ((await q<{ id: string }>(`${text} returning id`, params))[0] as { id: string }).id;
    const service = (slug: string) =>
      one(`insert into services (name, slug, icon) values ($1, $1, 'x')`, [slug]);
    const pkg = async (serviceId: string, name: string, features: string[], isAddon = false) =>
      one(
        `insert into packages (service_id, name, price, features, is_addon)
         values ($1, $2, 10, $3::jsonb, $4)`,
        [serviceId, name, JSON.stringify(features), isAddon],
      );
    const user = (email: string) =>
      one(`insert into users (email, password_hash) values ($1, 'x')`, [email]);
    let minute = 0;
    const order = (userId: string, itemId: string, status = 'active') =>
      one(
        `insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
           paid_with, billing_period, status, grace_until, created_at)
         values ($1, 'package', $2, 'p', 10, 'GBP', 10, 'balance', 'monthly', $3,
           case when $3 = 'grace' then now() + interval '3 days' end,
           timestamptz '2026-01-01' + make_interval(mins => $4))`,
        [userId, itemId, status, minute++],
      );

    const trunk = await service('sip-trunk');
    const advanced = await service('sip-trunk-advanced');
    const voice = await service('voice');
    const business = await pkg(trunk, 'Business', ['50 concurrent calls', 'Automatic FAILOVER']);
    const unlimited = await pkg(trunk, 'Enterprise', [' Unlimited concurrent calls ']);
    const starter = await pkg(trunk, 'Starter', ['UK numbers']);
    const pro = await pkg(advanced, 'Pro', ['1,200 concurrent calls', 'Analytics dashboard']);
    const failover = await pkg(trunk, 'Failover', ['Second destination'], true);
    const analytics = await pkg(trunk, 'Analytics', ['Call reports'], true);
    const otherAnalytics = await pkg(voice, 'Analytics', ['Call reports'], true);

    // A: an IP trunk with failover, a later unlimited one (suspended), two analytics add-ons.
    ids.a = await user('a@example.com');
    await q(
      `insert into trunk_settings (user_id, auth_method, concurrent_calls, codec, allowed_ips)
       values ($1, 'ip', 20, 'g722', '{10.0.0.1, 192.0.2.0/24}')`,
      [ids.a],
    );
    ids.aBusiness = await order(ids.a, business);
    ids.aUnlimited = await order(ids.a, unlimited, 'suspended');
    ids.aOldAnalytics = await order(ids.a, analytics);
    ids.aAnalytics = await order(ids.a, analytics, 'grace');
    ids.aFailover = await order(ids.a, failover);
    ids.aCancelledFailover = await order(ids.a, failover, 'cancelled');
    // B: "ip" without addresses, a cancelled trunk, an analytics add-on of another service.
    ids.b = await user('b@example.com');
    await q(
      `insert into trunk_settings (user_id, auth_method, concurrent_calls, codec)
       values ($1, 'ip', 5, 'opus')`,
      [ids.b],
    );
    ids.bCancelled = await order(ids.b, starter, 'cancelled');
    ids.bStarter = await order(ids.b, starter, 'grace');
    ids.bOtherAnalytics = await order(ids.b, otherAnalytics);
    // C: no settings, an advanced trunk with analytics included.
    ids.c = await user('c@example.com');
    ids.cPro = await order(ids.c, pro);

    await database.migrate(MIGRATIONS);
  }, 60_000);
  afterAll(async () => database?.close());

  type Row = {
    user_id: string;
    order_id: string;
    package_channels: number | null;
    auth_method: string;
    codec: string;
    failover_order_id: string | null;
    analytics_order_id: string | null;
    username: string | null;
    ha1: string | null;
    addresses: number;
  };
  const trunks = () =>
    database.query<Row>(
      `select t.*, (select count(*)::int from sip_trunk_addresses a where a.trunk_id = t.id)
         as addresses
       from sip_trunks t order by t.created_at`,
    );

  it('makes one trunk per trunk order held, none for cancelled ones or add-ons', async () => {
    const rows = await trunks();
    expect(rows.map((r) => r.order_id)).toEqual([
      ids.aBusiness,
      ids.aUnlimited,
      ids.bStarter,
      ids.cPro,
    ]);
    expect(rows.map((r) => r.package_channels)).toEqual([50, null, 10, 1200]);
  });

  it('takes auth method and codec from the old settings, never the addresses', async () => {
    const rows = await trunks();
    expect(rows.map((r) => [r.auth_method, r.codec])).toEqual([
      ['ip', 'g722'],
      ['ip', 'g722'],
      ['credentials', 'opus'],
      ['credentials', 'g711'],
    ]);
    expect(rows.every((r) => r.addresses === 0 && r.username === null && r.ha1 === null)).toBe(
      true,
    );
  });

  it('includes failover and analytics the package names, and attaches held add-ons', async () => {
    const byOrder = new Map((await trunks()).map((r) => [r.order_id, r]));
    // Business includes failover: the failover add-on goes to A's next trunk lacking one;
    // the newest analytics add-on still held goes to A's oldest trunk.
    expect(byOrder.get(ids.aBusiness)).toMatchObject({
      failover_order_id: ids.aBusiness,
      analytics_order_id: ids.aAnalytics,
    });
    expect(byOrder.get(ids.aUnlimited)).toMatchObject({
      failover_order_id: ids.aFailover,
      analytics_order_id: null,
    });
    expect(byOrder.get(ids.bStarter)).toMatchObject({
      failover_order_id: null,
      analytics_order_id: null,
    });
    expect(byOrder.get(ids.cPro)).toMatchObject({
      failover_order_id: null,
      analytics_order_id: ids.cPro,
    });
  });
});

// Roles belong to the whole PostgreSQL server (others' tests share it), so this one runs
// on its own embedded database, where parley_edge can be made and left.
describe('an upgraded install whose edge has its role', () => {
  it('keeps the edge reading its views after 0044 and 0046', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzlePglite({ client });
      const folder = folderUpTo('0043_fulfilment');
      await migratePglite(db, { migrationsFolder: folder });
      fs.rmSync(folder, { recursive: true });
      await client.query('create role parley_edge login');
      await migratePglite(db, { migrationsFolder: MIGRATIONS });
      const { rows } = await client.query<{ view: string; reads: boolean }>(
        `select v as view, has_table_privilege('parley_edge', v, 'select') as reads
         from unnest(array['sip_subscribers', 'sip_trunk_sources', 'sip_edge_versions']) v`,
      );
      expect(rows).toEqual([
        { view: 'sip_subscribers', reads: true },
        { view: 'sip_trunk_sources', reads: true },
        { view: 'sip_edge_versions', reads: true },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
