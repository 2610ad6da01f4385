import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { Database } from './client.js';
import { asEpochMs, asIsoText, preparedRead } from './raw.js';
import { users } from './schema/index.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// Runs on both drivers (the api project on PGlite, api-postgres on PostgreSQL): the reads
// that skip drizzle must answer alike on both, and as drizzle's own reads would.
describe('preparedRead', () => {
  it('answers the cast types alike on every driver', async () => {
    const read = preparedRead<Record<string, unknown>>(
      database.db,
      `select 7::int4 as i, 1.5::float8 as f, true as b, '12.3400'::numeric(20,4)::text as n,
         '["A","B"]'::jsonb as j, null::text as nothing, $1::text as p`,
    );
    expect(await read(['given'])).toEqual([
      { i: 7, f: 1.5, b: true, n: '12.3400', j: ['A', 'B'], nothing: null, p: 'given' },
    ]);
    // Prepared once, run again with other parameters.
    expect((await read(['again']))[0]?.p).toBe('again');
  });

  it('writes times as drizzle would, microseconds and all', async () => {
    const [row] = await database.db
      .insert(users)
      .values({
        email: `raw-${Date.now()}@parley.test`,
        passwordHash: 'x',
        createdAt: sql`'2026-03-01 12:34:56.789999+00'::timestamptz`,
      })
      .returning();
    if (!row) throw new Error('no user');
    const read = preparedRead<{ created: string; ms: number; updated: string }>(
      database.db,
      `select ${asIsoText('created_at')} as created, ${asEpochMs('created_at')} as ms,
         ${asIsoText('updated_at')} as updated from users where id = $1`,
    );
    const [raw] = await read([row.id]);
    const [viaDrizzle] = await database.db.select().from(users).where(eq(users.id, row.id));
    expect(raw?.created).toBe('2026-03-01T12:34:56.789Z');
    expect(raw?.created).toBe(viaDrizzle?.createdAt.toISOString());
    expect(raw?.updated).toBe(viaDrizzle?.updatedAt.toISOString());
    expect(Math.floor(raw?.ms ?? 0)).toBe(viaDrizzle?.createdAt.getTime());
  });

  it('answers no rows as an empty list', async () => {
    const read = preparedRead(database.db, 'select 1 from users where email = $1');
    expect(await read(['nobody@parley.test'])).toEqual([]);
  });

  it('refuses a transaction, which would run it outside that transaction', async () => {
    await database.db.transaction(async (tx) => {
      expect(() => preparedRead(tx, 'select 1')).toThrow(/not a transaction/);
    });
  });
});
