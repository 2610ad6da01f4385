import { sql } from 'drizzle-orm';

/** The rows of a raw `db.execute`: postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A time as a parameter of raw SQL (both drivers take the ISO string). */
export const timestamptz = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A fixed read run straight on the driver, for the few statements on hot paths (the
 * session lookup, a customer's payments and orders): drizzle's prepared query spends more CPU
 * on its wrappers and on mapping each column than the query costs us (docs/performance.md,
 * decision 0033). postgres.js prepares it once per connection; PGlite queues it like any
 * other query, so it never runs inside someone else's transaction.
 *
 * The drivers parse some types differently (postgres.js under drizzle leaves times as
 * PostgreSQL's text, PGlite makes Dates), so `text` casts every column to a type both
 * answer alike: text, int4, float8, bool, uuid, jsonb — and times with `asIsoText`.
 */
export function preparedRead<Row>(
  db: unknown,
  text: string,
): (params: unknown[]) => Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client as
    | { unsafe?: (q: string, p: unknown[], o: { prepare: boolean }) => Promise<Row[]> }
    | { query?: (q: string, p: unknown[]) => Promise<{ rows: Row[] }> }
    | undefined;
  if (client && 'unsafe' in client && typeof client.unsafe === 'function') {
    const unsafe = client.unsafe.bind(client);
    return (params) => unsafe(text, params, { prepare: true });
  }
  if (client && 'query' in client && typeof client.query === 'function') {
    const query = client.query.bind(client);
    return async (params) => (await query(text, params)).rows;
  }
  throw new Error('preparedRead needs the database itself, not a transaction');
}

/**
 * A page of one owner's rows and how many they have, as two prepared reads run side by
 * side: `pageSql` takes (owner, limit, offset), `countSql` (owner) and answers `n`.
 */
export function pagedRead<Row>(db: unknown, pageSql: string, countSql: string) {
  const pageQuery = preparedRead<Row>(db, pageSql);
  const countQuery = preparedRead<{ n: number }>(db, countSql);
  return async (owner: string, page: number, pageSize: number) => {
    const [items, [total]] = await Promise.all([
      pageQuery([owner, pageSize, (page - 1) * pageSize]),
      countQuery([owner]),
    ]);
    return { items, total: total?.n ?? 0 };
  };
}

/** A timestamptz column as `Date.prototype.toISOString` writes it (milliseconds, UTC). */
export const asIsoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamptz column as milliseconds since 1970, for comparing times. */
export const asEpochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** `%q%` for ILIKE with the pattern's own characters (\\, %, _) escaped. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
