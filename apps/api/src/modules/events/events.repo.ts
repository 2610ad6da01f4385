import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

export const EVENTS_CHANNEL = 'parley_events';
/** Signals: the event itself as the notice's payload, never stored. */
export const SIGNALS_CHANNEL = 'parley_signals';

export function createEventsRepo(db: Db) {
  return {
    /**
     * Stores an event and tells every instance its id, in one transaction. Stores take
     * turns (a transaction lock), so ids are committed in order on every instance: a
     * stream resumes after the newest id it sent, and an older id committed after a newer
     * one would never reach it.
     */
    async store(type: string, data: Record<string, unknown>, userId: string | null) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${EVENTS_CHANNEL}, 0))`);
        const [row] = await tx
          .insert(events)
          .values({ type, data, userId })
          .returning({ id: events.id });
        if (!row) throw new Error('event insert returned no row');
        await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row.id)})`);
        return row.id;
      });
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
