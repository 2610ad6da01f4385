import { OPEN_CALL_STATUSES } from '@parley/shared';
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { calls } from '../../db/schema/index.js';

/** SQL pieces the monitoring reads share. */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const int = (expr: SQL) => sql<number>`(${expr})::int`;
export const sumText = (expr: SQL) => sql<string>`coalesce(sum(${expr}), 0)::text`;
/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
export const iso = (expr: SQL) =>
  sql<string | null>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const open = inArray(calls.status, [...OPEN_CALL_STATUSES]);
export const finished = notInArray(calls.status, [...OPEN_CALL_STATUSES]);
