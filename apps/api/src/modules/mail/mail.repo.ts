import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { timestamptz } from '../../db/raw.js';
import { mailCredentials, mailDomains, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

export type MailCredentialRow = typeof mailCredentials.$inferSelect;
export type MailDomainRow = typeof mailDomains.$inferSelect;

/** Locks the customer's row and counts what they hold: two creations take turns. */
async function heldUnderLock(
  tx: Tx,
  userId: string,
  table: typeof mailCredentials | typeof mailDomains,
) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [held] = await tx.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return held?.n ?? 0;
}

/** SMTP users, sending domains and suppressions of the customers' relays. */
export function createMailRepo(db: Db) {
  async function credentialWhere(where: SQL) {
    const [row] = await db
      .select({
        credential: mailCredentials,
        disabled: sql<boolean>`${users.disabledAt} is not null`,
      })
      .from(mailCredentials)
      .innerJoin(users, eq(users.id, mailCredentials.userId))
      .where(where);
    return row;
  }
  return {
    /** A new SMTP user unless the customer holds `max` ('limit') or the name clashes. */
    async insertCredential(row: typeof mailCredentials.$inferInsert, max: number) {
      return db.transaction(async (tx) => {
        if ((await heldUnderLock(tx, row.userId, mailCredentials)) >= max) return 'limit' as const;
        const [made] = await tx
          .insert(mailCredentials)
          .values(row)
          .onConflictDoNothing({ target: mailCredentials.username })
          .returning();
        return made ?? ('clash' as const);
      });
    },
    credentials: (userId: string) =>
      db
        .select()
        .from(mailCredentials)
        .where(eq(mailCredentials.userId, userId))
        .orderBy(asc(mailCredentials.createdAt)),
    async removeCredential(userId: string, id: string) {
      const gone = await db
        .delete(mailCredentials)
        .where(and(eq(mailCredentials.id, id), eq(mailCredentials.userId, userId)))
        .returning({ id: mailCredentials.id });
      return gone.length > 0;
    },
    /** The user the edge authenticates, with whether its owner may use Parley. */
    credentialByUsername: (username: string) =>
      credentialWhere(eq(mailCredentials.username, username)),
    credentialById: (id: string) => credentialWhere(eq(mailCredentials.id, id)),
    async touchCredential(id: string, at: Date) {
      await db.update(mailCredentials).set({ lastUsedAt: at }).where(eq(mailCredentials.id, id));
    },

    /** A new sending domain unless the customer holds `max` ('limit') or added it ('exists'). */
    async insertDomain(row: typeof mailDomains.$inferInsert, max: number) {
      return db.transaction(async (tx) => {
        if ((await heldUnderLock(tx, row.userId, mailDomains)) >= max) return 'limit' as const;
        const [made] = await tx.insert(mailDomains).values(row).onConflictDoNothing().returning();
        return made ?? ('exists' as const);
      });
    },
    domains: (userId: string) =>
      db
        .select()
        .from(mailDomains)
        .where(eq(mailDomains.userId, userId))
        .orderBy(asc(mailDomains.domain)),
    async domain(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(mailDomains)
        .where(and(eq(mailDomains.id, id), eq(mailDomains.userId, userId)));
      return row;
    },
    /** The customer's verified domain of this name, with its key. */
    async verifiedDomain(userId: string, domain: string) {
      const [row] = await db
        .select()
        .from(mailDomains)
        .where(
          and(
            eq(mailDomains.userId, userId),
            eq(mailDomains.domain, domain),
            sql`${mailDomains.verifiedAt} is not null`,
          ),
        );
      return row;
    },
    /**
     * Writes a check's findings; verified from `verifiedAt` (kept from an earlier
     * success while still right). 'taken' when another customer verified the name first.
     */
    async recordCheck(
      id: string,
      status: Record<string, string>,
      verifiedAt: Date | null,
      at: Date,
    ) {
      try {
        const [row] = await db
          .update(mailDomains)
          .set({
            recordStatus: status,
            checkedAt: at,
            verifiedAt: verifiedAt
              ? sql`coalesce(${mailDomains.verifiedAt}, ${timestamptz(verifiedAt)})`
              : null,
          })
          .where(eq(mailDomains.id, id))
          .returning();
        return row;
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'taken' as const;
        throw err;
      }
    },
    async removeDomain(userId: string, id: string) {
      const gone = await db
        .delete(mailDomains)
        .where(and(eq(mailDomains.id, id), eq(mailDomains.userId, userId)))
        .returning({ id: mailDomains.id });
      return gone.length > 0;
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
