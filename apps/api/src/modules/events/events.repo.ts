import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { events } from '../../db/schema/index.js';

export const EVENTS_CHANNEL = 'parley_events';
/** The longest notice that carries an event whole: PostgreSQL's limit is under 8000 bytes. */
const NOTICE_MAX_BYTES = 7999;
/** Signals: the event itself as the notice's payload, never stored. */
export const SIGNALS_CHANNEL = 'parley_signals';

export function createEventsRepo(db: Db) {
  return {
    /**
     * Stores an event and tells every instance about it, in one statement (one round
     * trip, its own transaction). Stores take turns (a transaction lock, taken before the
     * row gets its id), so ids are committed in order on every instance: a stream resumes
     * after the newest id it sent, and an older id committed after a newer one would never
     * reach it. The notice carries the event as stored, so no instance reads it back, or
     * only its id when the event is too long for a notice (`readNotice`).
     */
    async store(type: string, data: Record<string, unknown>, userId: string | null) {
      const result = await db.execute(sql`
        with turn as (select pg_advisory_xact_lock(hashtextextended(${EVENTS_CHANNEL}, 0))),
        stored as (
          insert into ${events} (type, data, user_id)
          select ${type}, ${JSON.stringify(data)}::jsonb, ${userId}::uuid from turn
          returning id, type, data),
        notice as (
          select id, json_build_object('id', id, 'type', type, 'data', data)::text as whole
          from stored)
        select id::float8 as id, pg_notify(${EVENTS_CHANNEL},
          case when octet_length(whole) <= ${NOTICE_MAX_BYTES} then whole else id::text end)
        from notice`);
      const [row] = rowsOf<{ id: number }>(result);
      if (!row) throw new Error('event insert returned no row');
      return row.id;
    },
    /** Tells every instance about a signal (a NOTIFY payload is at most 8000 bytes). */
    async signal(payload: string) {
      await db.execute(sql`select pg_notify(${SIGNALS_CHANNEL}, ${payload})`);
    },
    async byId(id: number) {
      const [row] = await db.select().from(events).where(eq(events.id, id));
      return row;
    },
    async lastId() {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .orderBy(desc(events.id))
        .limit(1);
      return row?.id ?? 0;
    },
    /**
     * Deletes events stored before `before`, at most `batch` per call. Idempotent: two
     * instances pruning at once delete each row once. The newest event is always kept,
     * so a fresh stream's starting id (and the sequence) never goes backwards.
     */
    async pruneBefore(before: Date, batch: number): Promise<number> {
      const doomed = db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            lt(events.createdAt, before),
            lt(events.id, sql`(select max(${events.id}) from ${events})`),
          ),
        )
        .orderBy(asc(events.id))
        .limit(batch);
      const gone = await db
        .delete(events)
        .where(sql`${events.id} in ${doomed}`)
        .returning({ id: events.id });
      return gone.length;
    },
    /** The oldest event still stored (0 when none): a replay cannot start before it. */
    async firstId() {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .orderBy(asc(events.id))
        .limit(1);
      return row?.id ?? 0;
    },
    /** What a stream missed: events after `afterId` of these types (and this user's only). */
    after(afterId: number, types: readonly string[], userId: string | null, limit: number) {
      return db
        .select()
        .from(events)
        .where(
          and(
            gt(events.id, afterId),
            inArray(events.type, [...types]),
            userId ? eq(events.userId, userId) : undefined,
          ),
        )
        .orderBy(asc(events.id))
        .limit(limit);
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;

/** What a notice on EVENTS_CHANNEL says: the event with its id, or its id alone. */
export type EventNotice = {
  id: number;
  event: { type: string; data: Record<string, unknown> } | null;
};

/**
 * Reads a notice `store` sent: the event as JSON, or only its id (digits) when the event
 * was too long for a notice. Null for anything else, which no instance of Parley sends.
 */
export function readNotice(payload: string): EventNotice | null {
  if (/^[0-9]{1,16}$/.test(payload)) {
    const id = Number(payload);
    return Number.isSafeInteger(id) ? { id, event: null } : null;
  }
  let notice: unknown;
  try {
    notice = JSON.parse(payload);
  } catch {
    return null;
  }
  const { id, type, data } = (notice ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(id) || typeof type !== 'string') return null;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  return { id: id as number, event: { type, data: data as Record<string, unknown> } };
}
