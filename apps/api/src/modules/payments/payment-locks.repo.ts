import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises writers of one key until the end of the caller's transaction, on every
 * instance sharing the database (a PostgreSQL advisory lock; PGlite has one connection).
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
