import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { createTestDatabase, generousLimits, TEST_SESSION_SECRET, testConfig } from './helpers.js';

type Extra = Omit<Parameters<typeof buildApp>[0], 'config' | 'database' | 'sessionSecret'>;

/**
 * Two server instances on one fresh database (on PostgreSQL each with its own pool, as
 * two processes would be), configured with `env`; `prepare` runs on the database first.
 */
export async function twoInstances(
  env: Record<string, string>,
  opts: { extra?: () => Extra; prepare?: (database: Database) => Promise<unknown> } = {},
) {
  const database: Database & { url?: string } = await createTestDatabase();
  const other = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, max: 4 })
    : database;
  await opts.prepare?.(database);
  const build = (db: Database) =>
    buildApp({
      config: testConfig(env),
      database: db,
      sessionSecret: TEST_SESSION_SECRET,
      authLimits: generousLimits(),
      ...opts.extra?.(),
    });
  const apps: FastifyInstance[] = [await build(database), await build(other)];
  for (const app of apps) await app.ready();
  return {
    database,
    /** The instance for the i-th request: alternating, so requests spread over both. */
    at: (i: number) => apps[i % 2] as FastifyInstance,
    async close() {
      for (const app of apps) await app.close();
      if (other !== database) await other.close();
      await database.close();
    },
  };
}
