import { sql } from 'drizzle-orm';

/** The rows of a raw `db.execute`: postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A time as a parameter of raw SQL (both drivers take the ISO string). */
export const timestamptz = (d: Date) => sql`${d.toISOString()}::timestamptz`;
