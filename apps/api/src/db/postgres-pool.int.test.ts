import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import { type Database, openDatabase } from './client.js';
import { rowsOf } from './raw.js';

const journal = JSON.parse(
  fs.readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** The pool's settings reach PostgreSQL: its size, its name and its statement timeout. */
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  let owner: Database & { url?: string };
  let pool: Database;
  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    pool = await openDatabase({
      kind: 'postgres',
      url: owner.url ?? '',
      max: 2,
      statementTimeoutMs: 300,
    });
  });
  afterAll(async () => {
    await pool?.close();
    await owner?.close();
  });

  const one = async <T>(query: ReturnType<typeof sql>) =>
    rowsOf<T>(await pool.db.execute(query))[0];

  it('holds every statement to DATABASE_STATEMENT_TIMEOUT and names itself', async () => {
    expect(await one(sql`show statement_timeout`)).toEqual({ statement_timeout: '300ms' });
    expect(await one(sql`select current_setting('application_name') as name`)).toEqual({
      name: 'parley',
    });
    await expect(pool.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    // The connection is still good after the cancelled statement.
    expect(await one(sql`select 1 as n`)).toEqual({ n: 1 });
  });

  it('gives the jobs a pool of their own, under its own name and the same timeout', async () => {
    const jobs = async <T>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await pool.jobsDb.execute(query))[0];
    expect(await jobs(sql`select current_setting('application_name') as name`)).toEqual({
      name: 'parley-jobs',
    });
    expect(await jobs(sql`show statement_timeout`)).toEqual({ statement_timeout: '300ms' });
    // Connections of its own, not the requests' pool's.
    const pids = async (db: Database['db']) =>
      rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
    expect(await pids(pool.jobsDb)).not.toBe(await pids(pool.db));
  });

  it('opens no more than DATABASE_POOL_SIZE connections however many ask', async () => {
    const connections = async () =>
      (
        await one<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where application_name = 'parley' and datname = current_database()`)
      )?.n ?? 0;
    // The test database's own connections, and this pool's first (the count needs one).
    const before = await connections();
    const busy = Array.from({ length: 6 }, () => pool.db.execute(sql`select pg_sleep(0.1)`));
    await Promise.all(busy);
    // Connections stay open once made: six at once made at most one more.
    expect((await connections()) - before).toBeLessThanOrEqual(1);
  });

  it('lets instances started together on a new database take turns at the migrations', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const name = `parley_migrate_${randomUUID().replaceAll('-', '')}`;
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const both = await Promise.all(
        [1, 2].map(() => openDatabase({ kind: 'postgres', url: target.toString(), max: 1 })),
      );
      const [first] = both;
      const applied = rowsOf<{ n: number }>(
        await first?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      )[0]?.n;
      // Each migration once, though both instances found the database empty.
      expect(applied).toBe(journal.entries.length);
      for (const database of both) await database.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
