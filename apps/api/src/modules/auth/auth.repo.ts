import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, usedChallenges, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function createAuthRepo(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Inserts the user; returns undefined when the email is already registered. */
    async insertUser(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values(user)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },

    async promoteToAdmin(id: string, passwordHash?: string): Promise<void> {
      await db
        .update(users)
        .set({ isAdmin: true, updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, id));
    },

    async insertSession(s: {
      tokenHash: string;
      userId: string;
      idleSeconds: number;
      expiresAt: Date;
    }) {
      await db.insert(sessions).values(s);
    },

    /** The live session for a token hash and its enabled user. */
    async findSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, now),
            isNull(users.disabledAt),
          ),
        );
      return row;
    },

    /** Slides the idle expiry forward. */
    async touchSession(id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({
          lastSeenAt: now,
          expiresAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${sessions.idleSeconds})`,
        })
        .where(eq(sessions.id, id));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSessionsOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /** Records a solved challenge; false if it was already used. */
    async useChallenge(signature: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now));
      const rows = await db
        .insert(usedChallenges)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedChallenges.signature });
      return rows.length === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
