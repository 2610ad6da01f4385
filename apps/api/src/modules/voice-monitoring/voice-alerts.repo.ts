import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { calls, users, voiceAlertSettings } from '../../db/schema/index.js';
import { at, finished, int, iso, sumText } from './monitoring-sql.repo.js';

export type AlertSettingsRow = typeof voiceAlertSettings.$inferSelect;

/** What the customer's voice alerts are decided from, and their alert settings. */
export function createVoiceAlertsRepo(db: Db) {
  return {
    /** Available balance (balance less calls' holds). */
    async available(userId: string): Promise<string> {
      const [row] = await db
        .select({ a: sql<string>`(${users.cryptoBalance} - ${users.held})::text` })
        .from(users)
        .where(eq(users.id, userId));
      return row?.a ?? '0';
    },

    /** What the customer's calls cost that ended since `since`. */
    async spentSince(userId: string, since: Date): Promise<string> {
      const [row] = await db
        .select({ s: sumText(sql`${calls.cost}`) })
        .from(calls)
        .where(and(eq(calls.userId, userId), gte(calls.endedAt, since)));
      return row?.s ?? '0';
    },

    /** The statuses of the last `n` finished calls, newest first. */
    async lastFinished(userId: string, n: number): Promise<string[]> {
      const rows = await db
        .select({ status: calls.status })
        .from(calls)
        .where(and(eq(calls.userId, userId), finished))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(n);
      return rows.map((r) => r.status);
    },

    /** Calls Parley cut off (credit ran out) that ended since `since`. */
    async cutoffsSince(userId: string, since: Date) {
      const [row] = await db
        .select({ n: int(sql`count(*)`), last: iso(sql`max(${calls.endedAt})`) })
        .from(calls)
        .where(
          and(eq(calls.userId, userId), eq(calls.hangupCause, 'cutoff'), gte(calls.endedAt, since)),
        );
      return { count: row?.n ?? 0, lastAt: row?.last ?? null };
    },

    /**
     * Calls started since `since` that brought the customer's calls in progress to
     * `limit`: the calls running at a call's start (itself included) were at least the
     * limit, so another call then would have been refused.
     */
    async limitReachedSince(userId: string, since: Date, limit: number) {
      const rows = await db.execute(sql`
        select count(*)::int as n, ${iso(sql`max(c.created_at)`)} as last
        from ${calls} c
        where c.user_id = ${userId} and c.created_at >= ${at(since)}
          and (select count(*) from ${calls} o
               where o.user_id = c.user_id and o.created_at <= c.created_at
                 and coalesce(o.ended_at, 'infinity'::timestamptz) > c.created_at) >= ${limit}`);
      const list = rowsOf<{ n: number; last: string | null }>(rows);
      return { count: Number(list[0]?.n ?? 0), lastAt: list[0]?.last ?? null };
    },

    async settings(userId: string): Promise<AlertSettingsRow | null> {
      const [row] = await db
        .select()
        .from(voiceAlertSettings)
        .where(eq(voiceAlertSettings.userId, userId));
      return row ?? null;
    },

    async saveSettings(row: Omit<AlertSettingsRow, 'updatedAt'>): Promise<void> {
      const { userId, ...values } = row;
      await db
        .insert(voiceAlertSettings)
        .values(row)
        .onConflictDoUpdate({
          target: voiceAlertSettings.userId,
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}
