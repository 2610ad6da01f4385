import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { asEpochMs, asIsoText, preparedRead } from '../../db/raw.js';
import { sessions, usedChallenges, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** A live session and the account columns a signed-in request carries, times as text. */
export interface SessionRow {
  sessionId: string;
  idleSeconds: number;
  lastSeenMs: number;
  absoluteExpiresMs: number;
  /** The user's. */
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  cryptoBalance: string;
  isAdmin: boolean;
  /** ISO 8601, as Date.toISOString writes it. */
  createdAt: string;
  updatedAt: string;
}
export type NewUser = typeof users.$inferInsert;

/**
 * Every signed-in request runs this lookup (token hash, now): a prepared read straight on
 * the driver (decision 0033), and only what a request needs (the user it answers, the
 * sliding expiry), not the password hash and the rest of the account. Exported so the
 * bench's raw baseline runs this very statement.
 */
export const SESSION_LOOKUP_SQL = `select s.id as "sessionId", s.idle_seconds as "idleSeconds",
   ${asEpochMs('s.last_seen_at')} as "lastSeenMs",
   ${asEpochMs('s.absolute_expires_at')} as "absoluteExpiresMs",
   u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
   u.profile_image_url as "profileImageUrl", u.crypto_balance::text as "cryptoBalance",
   u.is_admin as "isAdmin", ${asIsoText('u.created_at')} as "createdAt",
   ${asIsoText('u.updated_at')} as "updatedAt"
 from sessions s join users u on u.id = s.user_id
 where s.token_hash = $1 and s.expires_at > $2 and s.absolute_expires_at > $2
   and u.disabled_at is null`;

export function createAuthRepo(db: Db) {
  const findSessionQuery = preparedRead<SessionRow>(db, SESSION_LOOKUP_SQL);

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

    /**
     * Makes the user an admin with a new password and ends their sessions, so nothing
     * signed in under the old role or password carries over.
     */
    async promoteToAdmin(id: string, passwordHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ isAdmin: true, passwordHash, updatedAt: new Date() })
          .where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
      });
    },

    /** The admin list shows updatedAt as the last sign-in. */
    async recordSignIn(id: string, at: Date): Promise<void> {
      await db.update(users).set({ updatedAt: at }).where(eq(users.id, id));
    },

    async insertSession(s: {
      tokenHash: string;
      userId: string;
      idleSeconds: number;
      expiresAt: Date;
      absoluteExpiresAt: Date;
    }) {
      await db.insert(sessions).values(s);
    },

    /** The live session for a token hash and its enabled user. */
    async findSession(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
      const [row] = await findSessionQuery([tokenHash, now.toISOString()]);
      return row;
    },

    /** Slides the idle expiry forward, never past the absolute one. */
    async touchSession(id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({
          lastSeenAt: now,
          expiresAt: sql`least(${now.toISOString()}::timestamptz + make_interval(secs => ${sessions.idleSeconds}), ${sessions.absoluteExpiresAt})`,
        })
        .where(eq(sessions.id, id));
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /**
     * Sets a new password and ends every session of the user except `keepTokenHash`,
     * in one transaction: nothing signed in with the old password outlives it.
     */
    async changePassword(id: string, passwordHash: string, keepTokenHash: string) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, id), ne(sessions.tokenHash, keepTokenHash)));
      });
    },

    /** Ends every session of the user, on every device. */
    async deleteSessionsOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpiredSessionsOf(userId: string, now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
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
