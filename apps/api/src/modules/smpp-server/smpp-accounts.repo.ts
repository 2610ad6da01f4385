import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { type AuditBy, writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { smppAccounts, smppSessions, users } from '../../db/schema/index.js';
import { copyWithFields } from '../../lib/with-fields.js';

/**
 * A session whose instance has not refreshed `seen_at` for this long is taken for dead
 * (its instance stopped without ending it): lists and limits no longer count it.
 */
export const SESSION_STALE_MS = 15_000;

export type SmppAccountRow = typeof smppAccounts.$inferSelect;
export type SmppSessionRow = typeof smppSessions.$inferSelect;
export type NewSmppAccount = Pick<
  typeof smppAccounts.$inferInsert,
  'userId' | 'systemId' | 'passwordHash' | 'label' | 'allowedIps' | 'maxPerSecond'
>;
/** An account as a bind checks it, with whether its owner may use Parley. */
export type BindAccountRow = Pick<
  SmppAccountRow,
  'id' | 'userId' | 'systemId' | 'passwordHash' | 'allowedIps' | 'maxPerSecond'
> & { userDisabled: boolean };
/** A live session with its account's owner, for the admin panel. */
export type AdminSessionRow = SmppSessionRow & {
  systemId: string;
  userId: string;
  email: string;
  maxPerSecond: number;
};

/** Not ended, and refreshed lately by the instance holding it. */
const live = (now: Date) =>
  and(
    isNull(smppSessions.endedAt),
    gt(smppSessions.seenAt, new Date(now.getTime() - SESSION_STALE_MS)),
  );

/** What the audit log keeps of an account: never its password hash. */
const audited = (r: SmppAccountRow) => ({
  systemId: r.systemId,
  label: r.label,
  allowedIps: r.allowedIps,
  maxPerSecond: r.maxPerSecond,
});

/** The customer's accounts, and what a bind reads and writes. */
function accountsRepo(db: Db) {
  return {
    /**
     * Inserts the account and its audit row unless the owner holds `max` already ('limit')
     * or the system ID is taken ('clash'); the owner's row is locked so two creations
     * cannot both pass the count.
     */
    async insert(account: NewSmppAccount, max: number, by: AuditBy) {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, account.userId))
          .for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(smppAccounts)
          .where(eq(smppAccounts.userId, account.userId));
        if ((held?.n ?? 0) >= max) return 'limit' as const;
        const [row] = await tx
          .insert(smppAccounts)
          .values(account)
          .onConflictDoNothing({ target: smppAccounts.systemId })
          .returning();
        if (!row) return 'clash' as const;
        await writeAudit(tx, {
          ...by,
          action: 'smpp_account.created',
          targetType: 'smpp_account',
          targetId: row.id,
          after: audited(row),
        });
        return row;
      });
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smppAccounts)
        .where(eq(smppAccounts.userId, userId));
      return row?.n ?? 0;
    },

    /** The user's accounts, oldest first, and their live sessions. */
    async listOf(userId: string, now: Date) {
      const accounts = await db
        .select()
        .from(smppAccounts)
        .where(eq(smppAccounts.userId, userId))
        .orderBy(asc(smppAccounts.createdAt), asc(smppAccounts.id));
      const sessions =
        accounts.length === 0
          ? []
          : await db
              .select({ session: smppSessions, systemId: smppAccounts.systemId })
              .from(smppSessions)
              .innerJoin(smppAccounts, eq(smppAccounts.id, smppSessions.accountId))
              .where(and(eq(smppAccounts.userId, userId), live(now)))
              .orderBy(asc(smppSessions.boundAt), asc(smppSessions.id));
      return {
        accounts,
        sessions: sessions.map((s) => copyWithFields(s.session, { systemId: s.systemId })),
      };
    },

    /** Deletes the owner's account (its sessions and submits go with it) and audits it. */
    async remove(userId: string, id: string, by: AuditBy): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(smppAccounts)
          .where(and(eq(smppAccounts.id, id), eq(smppAccounts.userId, userId)))
          .returning();
        if (!row) return false;
        await writeAudit(tx, {
          ...by,
          action: 'smpp_account.removed',
          targetType: 'smpp_account',
          targetId: row.id,
          before: audited(row),
        });
        return true;
      });
    },

    async findBySystemId(systemId: string): Promise<BindAccountRow | undefined> {
      const [row] = await db
        .select({
          id: smppAccounts.id,
          userId: smppAccounts.userId,
          systemId: smppAccounts.systemId,
          passwordHash: smppAccounts.passwordHash,
          allowedIps: smppAccounts.allowedIps,
          maxPerSecond: smppAccounts.maxPerSecond,
          disabledAt: users.disabledAt,
        })
        .from(smppAccounts)
        .innerJoin(users, eq(users.id, smppAccounts.userId))
        .where(eq(smppAccounts.systemId, systemId));
      if (!row) return undefined;
      const { disabledAt, ...account } = row;
      return { ...account, userDisabled: disabledAt !== null };
    },

    async recordBind(accountId: string, ip: string, now: Date): Promise<void> {
      await db
        .update(smppAccounts)
        .set({ lastBindAt: now, lastBindIp: ip })
        .where(eq(smppAccounts.id, accountId));
    },
  };
}

/** Live sessions on every instance for the admin panel, and ending one. */
function adminSessionsRepo(db: Db) {
  return {
    /** Every live session on every instance with its customer, newest first. */
    async liveSessions(now: Date): Promise<AdminSessionRow[]> {
      const rows = await db
        .select({
          session: smppSessions,
          systemId: smppAccounts.systemId,
          userId: smppAccounts.userId,
          email: users.email,
          maxPerSecond: smppAccounts.maxPerSecond,
        })
        .from(smppSessions)
        .innerJoin(smppAccounts, eq(smppAccounts.id, smppSessions.accountId))
        .innerJoin(users, eq(users.id, smppAccounts.userId))
        .where(live(now))
        .orderBy(desc(smppSessions.boundAt), asc(smppSessions.id));
      return rows.map(({ session, ...rest }) => copyWithFields(session, rest));
    },

    /**
     * Asks the instance holding a live session to end it (the first request's time is
     * kept) and audits it; false when no such live session exists.
     */
    async requestEnd(sessionId: string, by: AuditBy, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ endRequestedAt: smppSessions.endRequestedAt })
          .from(smppSessions)
          .where(and(eq(smppSessions.id, sessionId), live(now)))
          .for('update');
        if (!before) return false;
        const [row] = await tx
          .update(smppSessions)
          .set({ endRequestedAt: before.endRequestedAt ?? now })
          .where(eq(smppSessions.id, sessionId))
          .returning();
        if (!row) return false;
        await writeAudit(tx, {
          ...by,
          action: 'smpp_session.ended',
          targetType: 'smpp_session',
          targetId: row.id,
          after: { accountId: row.accountId, instanceId: row.instanceId, remoteIp: row.remoteIp },
        });
        return true;
      });
    },
  };
}

export function createSmppAccountsRepo(db: Db) {
  return { ...accountsRepo(db), ...adminSessionsRepo(db) };
}
export type SmppAccountsRepo = ReturnType<typeof createSmppAccountsRepo>;
