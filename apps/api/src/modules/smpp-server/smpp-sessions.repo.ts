import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smppSessions } from '../../db/schema/index.js';

/** How one local session stands, written at each heartbeat. */
export interface SessionStats {
  id: string;
  submitted: number;
  perSecond: number;
}

/**
 * Bound sessions as every instance sees them: the holding instance writes them and
 * refreshes `seen_at`; an admin's end request or the account's removal (its sessions
 * cascade away) comes back to it at the next heartbeat.
 */
export function createSmppSessionsRepo(db: Db) {
  return {
    async open(s: { accountId: string; instanceId: string; remoteIp: string; bindType: string }) {
      const [row] = await db.insert(smppSessions).values(s).returning({ id: smppSessions.id });
      if (!row) throw new Error('smpp: no session row');
      return row.id;
    },

    /**
     * Refreshes this instance's live sessions and answers which of them must end: those
     * an admin asked to end, and those whose row is gone (the account was removed).
     */
    async heartbeat(instanceId: string, stats: SessionStats[]): Promise<string[]> {
      if (stats.length === 0) return [];
      const ids = stats.map((s) => s.id);
      await db.execute(sql`
        update smpp_sessions s set seen_at = now(), submitted = v.submitted, per_second = v.per_second
        from (values ${sql.join(
          stats.map((x) => sql`(${x.id}::uuid, ${x.submitted}::int, ${x.perSecond}::int)`),
          sql`, `,
        )}) as v(id, submitted, per_second)
        where s.id = v.id and s.instance_id = ${instanceId} and s.ended_at is null`);
      const live = await db
        .select({ id: smppSessions.id, endRequestedAt: smppSessions.endRequestedAt })
        .from(smppSessions)
        .where(and(inArray(smppSessions.id, ids), isNull(smppSessions.endedAt)));
      const kept = new Set(live.filter((r) => !r.endRequestedAt).map((r) => r.id));
      return ids.filter((id) => !kept.has(id));
    },

    async close(id: string) {
      await db
        .update(smppSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(smppSessions.id, id), isNull(smppSessions.endedAt)));
    },

    /** At start: this instance's sessions from before a crash are over. */
    async closeAll(instanceId: string) {
      await db
        .update(smppSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(smppSessions.instanceId, instanceId), isNull(smppSessions.endedAt)));
    },
  };
}
export type SmppSessionsRepo = ReturnType<typeof createSmppSessionsRepo>;
