import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDataDirLock } from './lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

/** Opens the database and brings its schema up to date before anything uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, { max: target.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    try {
      await migratePostgres(db, { migrationsFolder: MIGRATIONS });
    } catch (err) {
      await client.end({ timeout: 5 });
      throw err;
    }
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      async listen(channel, onPayload) {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  let release = () => {};
  let dataPath: string | undefined;
  if (target.kind === 'pglite') {
    release = acquireDataDirLock(target.dataDir);
    dataPath = path.join(target.dataDir, 'pgdata');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  try {
    const client = await PGlite.create(dataPath);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return async () => stop();
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
