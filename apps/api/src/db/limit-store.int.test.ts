import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../../test/helpers.js';
import type { Database } from './client.js';
import { createDbLimitStore } from './limit-store.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const keys = async () =>
  (await queryRows<{ key: string }>(database, sql`select key from rate_limits order by key`)).map(
    (r) => r.key,
  );

describe('the database limit store', () => {
  it('gives every concurrent increment its own count', async () => {
    const store = createDbLimitStore(database.db);
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => store.increment('burst', 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const c of counts) expect(c.ttlMs).toBeGreaterThan(55_000);
    expect((await store.peek('burst'))?.count).toBe(25);
  });

  it('opens a new window once the old one has run out', async () => {
    const store = createDbLimitStore(database.db);
    await database.db.execute(sql`
      insert into rate_limits (key, count, window_start, expires_at)
      values ('old', 7, now() - interval '2 minutes', now() - interval '1 minute')`);
    expect(await store.peek('old')).toBeNull();
    expect((await store.increment('old', 1000)).count).toBe(1);
  });

  it('sweeps expired rows, at most once a minute per instance', async () => {
    let t = 1_000_000;
    const store = createDbLimitStore(database.db, () => t);
    await store.delete(await keys());
    await store.increment('first', 60_000);
    await database.db.execute(sql`
      insert into rate_limits (key, count, window_start, expires_at)
      select 'expired-' || i, 1, now() - interval '1 hour', now() - interval '1 second'
      from generate_series(1, 5) i`);
    await store.increment('live', 60_000);
    expect(await keys()).toHaveLength(7);
    t += 60_000;
    await store.increment('live', 60_000);
    expect(await keys()).toEqual(['first', 'live']);
  });
});
