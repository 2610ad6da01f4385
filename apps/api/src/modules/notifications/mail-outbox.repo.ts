import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';

/** A notice taken for emailing, with what the email needs of its customer. */
export interface ClaimedMail {
  id: string;
  code: string;
  params: Record<string, string>;
  /** Tries so far, this one included. */
  attempts: number;
  email: string;
  language: string | null;
  disabled: boolean;
}

const waiting = and(isNotNull(notifications.emailDue), isNull(notifications.emailedAt));

/**
 * The email outbox's state lives in the notices themselves: `email_due` is when a notice
 * is next tried (pushed forward by each claim, so it is also the claim's lease),
 * `email_attempts` the tries so far, `emailed_at` the server's acceptance.
 */
export function createMailOutboxRepo(db: Db) {
  return {
    /**
     * Takes up to `limit` due notices written since `since`: each try is counted and the
     * next one put `leaseMs` ahead, so no other instance takes it while this one sends
     * (SKIP LOCKED: two instances claiming at once take different rows).
     */
    async claim(limit: number, at: Date, leaseMs: number, since: Date): Promise<ClaimedMail[]> {
      const due = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(waiting, lte(notifications.emailDue, at), gte(notifications.createdAt, since)))
        .orderBy(notifications.emailDue)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notifications)
        .set({
          emailAttempts: sql`${notifications.emailAttempts} + 1`,
          emailDue: new Date(at.getTime() + leaseMs),
        })
        .where(and(inArray(notifications.id, due), waiting, lte(notifications.emailDue, at)))
        .returning();
      if (claimed.length === 0) return [];
      const people = await db
        .select({
          id: users.id,
          email: users.email,
          language: users.language,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(
          inArray(
            users.id,
            claimed.map((n) => n.userId),
          ),
        );
      const byId = new Map(people.map((p) => [p.id, p]));
      return claimed.flatMap((n) => {
        const person = byId.get(n.userId);
        if (!person) return [];
        return [
          {
            id: n.id,
            code: n.code,
            params: n.params,
            attempts: n.emailAttempts,
            email: person.email,
            language: person.language,
            disabled: person.disabledAt !== null,
          },
        ];
      });
    },

    /** The server accepted it: never sent again. */
    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ emailedAt: at, emailDue: null })
        .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)));
    },

    async retryAt(id: string, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ emailDue: at })
        .where(and(eq(notifications.id, id), waiting));
    },

    /** Not emailed, for good (given up, or its customer is disabled); it stays in the list. */
    async giveUp(id: string): Promise<void> {
      await db
        .update(notifications)
        .set({ emailDue: null })
        .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)));
    },

    /** Notices written before `before` and still waiting are emailed no more; how many. */
    async dropStale(before: Date, limit: number): Promise<number> {
      const stale = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(waiting, lt(notifications.createdAt, before)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const dropped = await db
        .update(notifications)
        .set({ emailDue: null })
        .where(and(inArray(notifications.id, stale), waiting))
        .returning({ id: notifications.id });
      return dropped.length;
    },
  };
}
export type MailOutboxRepo = ReturnType<typeof createMailOutboxRepo>;
