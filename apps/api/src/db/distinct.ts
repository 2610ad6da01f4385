import { type AnyColumn, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowsOf } from './raw.js';

/**
 * The distinct non-null values of `column`, in order, by one index probe per value (a
 * loose index scan): `select distinct` would read every row, and the values are few
 * however long the table grows. `column` must lead an index of `table`.
 */
export async function distinctValues(db: Db, table: PgTable, column: AnyColumn) {
  const name = sql.identifier(column.name);
  const rows = rowsOf<{ v: string }>(
    await db.execute(sql`with recursive walk(v) as (
        (select ${name} from ${table} where ${name} is not null order by ${name} limit 1)
        union all
        select (select ${name} from ${table} where ${name} > walk.v order by ${name} limit 1)
        from walk where walk.v is not null)
      select v from walk where v is not null`),
  );
  return rows.map((r) => r.v);
}
