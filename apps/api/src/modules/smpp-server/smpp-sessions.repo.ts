import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smppAccounts, smppSessions, users } from '../../db/schema/index.js';

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
     * an admin asked to end, those whose row is gone (the account was removed), and those
     * of a suspended customer.
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
      // A suspended customer's sessions end too: the bind check refuses them from then.
      const live = await db
        .select({ id: smppSessions.id, endRequestedAt: smppSessions.endRequestedAt })
        .from(smppSessions)
        .innerJoin(smppAccounts, eq(smppAccounts.id, smppSessions.accountId))
        .innerJoin(users, eq(users.id, smppAccounts.userId))
        .where(
          and(
            inArray(smppSessions.id, ids),
            isNull(smppSessions.endedAt),
            isNull(users.disabledAt),
          ),
        );
      const kept = new Set(live.filter((r) => !r.endRequestedAt).map((r) => r.id));
      return ids.filter((id) => !kept.has(id));
    },

    async close(id: string) {
      await db
        .update(smppSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(smppSessions.id, id), isNull(smppSessions.endedAt)));
    },

    /** Ended sessions are kept a month for the record, then deleted. */
    async trim() {
      await db
        .delete(smppSessions)
        .where(sql`${smppSessions.endedAt} < now() - interval '30 days'`);
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
