import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callerIds, users } from '../../db/schema/index.js';

export type CallerIdRow = typeof callerIds.$inferSelect;

/** Caller IDs: numbers a customer verified, and the codes sent to verify them. */
export function createCallerIdsRepo(db: Db) {
  return {
    async verifiedNumbers(userId: string): Promise<string[]> {
      const rows = await db
        .select({ number: callerIds.number })
        .from(callerIds)
        .where(and(eq(callerIds.userId, userId), isNotNull(callerIds.verifiedAt)))
        .orderBy(callerIds.verifiedAt);
      return rows.map((r) => r.number);
    },

    async callerId(userId: string, number: string) {
      const [row] = await db
        .select()
        .from(callerIds)
        .where(and(eq(callerIds.userId, userId), eq(callerIds.number, number)));
      return row ?? null;
    },

    /** The customer's numbers with a code not yet expired (tries counted), newest first. */
    async pendingCodes(userId: string, now: Date) {
      const rows = await db
        .select({
          number: callerIds.number,
          expiresAt: callerIds.codeExpiresAt,
          sandboxCode: callerIds.sandboxCode,
          attempts: callerIds.attempts,
        })
        .from(callerIds)
        .where(
          and(
            eq(callerIds.userId, userId),
            isNotNull(callerIds.codeHash),
            gt(callerIds.codeExpiresAt, now),
          ),
        )
        .orderBy(sql`${callerIds.sentAt} desc`);
      return rows.flatMap((r) => (r.expiresAt ? [{ ...r, expiresAt: r.expiresAt }] : []));
    },

    /** A new code for a number (a verified number stays verified until the code is used). */
    async saveCode(
      userId: string,
      number: string,
      code: { hash: string; expiresAt: Date; sandboxCode: string | null; sentAt: Date },
    ) {
      const values = {
        codeHash: code.hash,
        codeExpiresAt: code.expiresAt,
        attempts: 0,
        sandboxCode: code.sandboxCode,
        sentAt: code.sentAt,
      };
      await db
        .insert(callerIds)
        .values({ userId, number, ...values })
        .onConflictDoUpdate({ target: [callerIds.userId, callerIds.number], set: values });
    },

    /** Counts a try atomically; the row after it, or null when no code is waiting. */
    async countTry(userId: string, number: string) {
      const [row] = await db
        .update(callerIds)
        .set({ attempts: sql`${callerIds.attempts} + 1` })
        .where(
          and(
            eq(callerIds.userId, userId),
            eq(callerIds.number, number),
            isNotNull(callerIds.codeHash),
          ),
        )
        .returning();
      return row ?? null;
    },

    async markVerified(userId: string, number: string, at: Date) {
      await db
        .update(callerIds)
        .set({ verifiedAt: at, codeHash: null, codeExpiresAt: null, sandboxCode: null })
        .where(and(eq(callerIds.userId, userId), eq(callerIds.number, number)));
    },

    /** Sandbox: the codes still waiting, for the admin panel. */
    async sandboxCodes(now: Date) {
      return db
        .select({
          number: callerIds.number,
          code: callerIds.sandboxCode,
          expiresAt: callerIds.codeExpiresAt,
          email: users.email,
        })
        .from(callerIds)
        .innerJoin(users, eq(users.id, callerIds.userId))
        .where(and(isNotNull(callerIds.sandboxCode), gt(callerIds.codeExpiresAt, now)))
        .orderBy(sql`${callerIds.sentAt} desc`)
        .limit(50);
    },
  };
}
