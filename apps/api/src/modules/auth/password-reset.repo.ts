import { and, eq, gt, isNull } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { passwordResets, sessions, users } from '../../db/schema/index.js';

/** Who a reset link may be made for. */
export interface ResetHolder {
  id: string;
  email: string;
  language: string | null;
  isAdmin: boolean;
  disabled: boolean;
}

export interface NewReset {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  /** An admin's link: who issued it and from where, for the audit row. */
  issuedBy?: { actorId: string; ip: string | null };
}

export function createPasswordResetRepo(db: Db) {
  const holder = {
    id: users.id,
    email: users.email,
    language: users.language,
    isAdmin: users.isAdmin,
    disabledAt: users.disabledAt,
  };
  const toHolder = (row: { disabledAt: Date | null } & Omit<ResetHolder, 'disabled'>) => {
    const { disabledAt, ...rest } = row;
    return { ...rest, disabled: disabledAt !== null };
  };

  return {
    async findByEmail(email: string): Promise<ResetHolder | undefined> {
      const [row] = await db.select(holder).from(users).where(eq(users.email, email));
      return row && toHolder(row);
    },

    async findById(id: string): Promise<ResetHolder | undefined> {
      const [row] = await db.select(holder).from(users).where(eq(users.id, id));
      return row && toHolder(row);
    },

    /**
     * Stores a new link (its hash) in place of the user's unused ones; an admin's link is
     * audited in the same transaction.
     */
    async insert(reset: NewReset): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId: reset.userId,
          tokenHash: reset.tokenHash,
          expiresAt: reset.expiresAt,
          issuedBy: reset.issuedBy?.actorId ?? null,
        });
        if (reset.issuedBy)
          await writeAudit(tx, {
            actorId: reset.issuedBy.actorId,
            ip: reset.issuedBy.ip,
            action: 'user.password_reset_issue',
            targetType: 'user',
            targetId: reset.userId,
            after: { expiresAt: reset.expiresAt.toISOString() },
          });
      });
    },

    /**
     * Uses a live link of an enabled user: marks it used, sets the new password and ends
     * every session of the user, in one transaction (the row lock makes two uses of one
     * link end with one success). The user's id, or undefined for no such link.
     */
    async consume(tokenHash: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .select({ id: passwordResets.id, userId: passwordResets.userId })
          .from(passwordResets)
          .innerJoin(users, eq(users.id, passwordResets.userId))
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
              isNull(users.disabledAt),
            ),
          )
          .for('update', { of: passwordResets });
        if (!reset) return undefined;
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return undefined;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
        await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
        return reset.userId;
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
