import { COUNT_CAP } from '@parley/shared';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** `sql\`1\`` to select in the rows `countUpTo` counts. */
export const one = () => sql<number>`1`.as('one');

/**
 * How many rows `rows` (a `select({ one: one() })…$dynamic()`) finds, counting at most
 * COUNT_CAP + 1: a list's total reads no more of the table than that, however big it
 * grows (a total above COUNT_CAP means "more").
 */
export async function countUpTo(db: Db, rows: PgSelect): Promise<number> {
  const capped = rows.limit(COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** countUpTo as a scalar subquery: `table`'s rows where `condition`, at most COUNT_CAP + 1. */
export const countUpToSql = (table: PgTable, condition: SQL) =>
  sql<number>`(select count(*)::int from (select 1 from ${table} where ${condition}
    limit ${COUNT_CAP + 1}) capped)`;
