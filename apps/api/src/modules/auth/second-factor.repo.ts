import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { adminRecoveryCodes, adminSecondFactors, sessions, users } from '../../db/schema/index.js';

export type SecondFactorRow = typeof adminSecondFactors.$inferSelect;

/** Admins' second factors: TOTP secrets (sealed), the last step used, recovery codes. */
export function createSecondFactorRepo(db: Db) {
  /** Removes a user's factor (its last step with it) and recovery codes, in `tx`. */
  async function clear(tx: Pick<Db, 'delete'>, userId: string) {
    await tx.delete(adminSecondFactors).where(eq(adminSecondFactors.userId, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  }

  return {
    async findFactor(userId: string): Promise<SecondFactorRow | undefined> {
      const [row] = await db
        .select()
        .from(adminSecondFactors)
        .where(eq(adminSecondFactors.userId, userId));
      return row;
    },

    /**
     * Starts (or restarts) a set-up: a new sealed secret reachable by the token's hash
     * until `expiresAt`. Does nothing to a confirmed factor; false then.
     */
    async savePendingFactor(p: {
      userId: string;
      secretCiphertext: string;
      setupTokenHash: string;
      setupExpiresAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(adminSecondFactors)
        .values(p)
        .onConflictDoUpdate({
          target: adminSecondFactors.userId,
          set: {
            secretCiphertext: p.secretCiphertext,
            setupTokenHash: p.setupTokenHash,
            setupExpiresAt: p.setupExpiresAt,
          },
          setWhere: isNull(adminSecondFactors.confirmedAt),
        })
        .returning({ userId: adminSecondFactors.userId });
      return rows.length === 1;
    },

    /** The unconfirmed factor behind a live set-up token, with its admin. */
    async findPendingSetup(setupTokenHash: string, now: Date) {
      const [row] = await db
        .select({ factor: adminSecondFactors, user: users })
        .from(adminSecondFactors)
        .innerJoin(users, eq(users.id, adminSecondFactors.userId))
        .where(
          and(
            eq(adminSecondFactors.setupTokenHash, setupTokenHash),
            gt(adminSecondFactors.setupExpiresAt, now),
            isNull(adminSecondFactors.confirmedAt),
            isNull(users.disabledAt),
            eq(users.isAdmin, true),
          ),
        );
      return row;
    },

    /**
     * Confirms the pending factor behind the token: stores the recovery codes' hashes and
     * the step of the code that confirmed it, and writes the audit row, in one
     * transaction. False when the set-up was confirmed (or replaced) meanwhile.
     */
    async confirmFactor(p: {
      userId: string;
      setupTokenHash: string;
      step: number;
      recoveryCodeHashes: string[];
      now: Date;
      ip: string | null;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(adminSecondFactors)
          .set({
            confirmedAt: p.now,
            setupTokenHash: null,
            setupExpiresAt: null,
            lastTotpStep: p.step,
          })
          .where(
            and(
              eq(adminSecondFactors.userId, p.userId),
              eq(adminSecondFactors.setupTokenHash, p.setupTokenHash),
              isNull(adminSecondFactors.confirmedAt),
            ),
          )
          .returning({ userId: adminSecondFactors.userId });
        if (done.length !== 1) return false;
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, p.userId));
        await tx
          .insert(adminRecoveryCodes)
          .values(p.recoveryCodeHashes.map((codeHash) => ({ userId: p.userId, codeHash })));
        await writeAudit(tx, {
          actorId: p.userId,
          action: 'second_factor.enable',
          targetType: 'user',
          targetId: p.userId,
          after: { recoveryCodes: p.recoveryCodeHashes.length },
          ip: p.ip,
        });
        return true;
      });
    },

    /**
     * Takes a time step's code: records `step` as the last one used, only when it is
     * later than the one recorded. One conditional UPDATE, so of two sign-ins racing
     * with the same code (on any instance) one wins; false for a replay or an older
     * step, and for a factor that is not confirmed.
     */
    async useTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(adminSecondFactors)
        .set({ lastTotpStep: step })
        .where(
          and(
            eq(adminSecondFactors.userId, userId),
            isNotNull(adminSecondFactors.confirmedAt),
            or(isNull(adminSecondFactors.lastTotpStep), lt(adminSecondFactors.lastTotpStep, step)),
          ),
        )
        .returning({ userId: adminSecondFactors.userId });
      return rows.length === 1;
    },

    /** Uses one recovery code; false when it is unknown or was used before. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(adminRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminRecoveryCodes.userId, userId),
            eq(adminRecoveryCodes.codeHash, codeHash),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ userId: adminRecoveryCodes.userId });
      return rows.length === 1;
    },

    /** Replaces the user's factor with a confirmed one (ADMIN_TOTP_SECRET); no recovery codes. */
    async provisionFactor(userId: string, secretCiphertext: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await clear(tx, userId);
        await tx.insert(adminSecondFactors).values({ userId, secretCiphertext, confirmedAt: now });
        await writeAudit(tx, {
          actorId: null,
          action: 'second_factor.provision',
          targetType: 'user',
          targetId: userId,
        });
      });
    },

    /**
     * Removes the admin's second factor and ends their sessions, so the next sign-in
     * sets a new one up. False when there was none.
     */
    async resetFactor(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const had = await tx
          .select({ userId: adminSecondFactors.userId })
          .from(adminSecondFactors)
          .where(eq(adminSecondFactors.userId, userId));
        await clear(tx, userId);
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await writeAudit(tx, {
          actorId: null,
          action: 'second_factor.reset',
          targetType: 'user',
          targetId: userId,
        });
        return had.length > 0;
      });
    },
  };
}
export type SecondFactorRepo = ReturnType<typeof createSecondFactorRepo>;
