import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { adminRecoveryCodes, adminSecondFactors, sessions } from '../../db/schema/index.js';
import { createSecondFactorSetupRepo } from './second-factor-setup.repo.js';

export type SecondFactorRow = typeof adminSecondFactors.$inferSelect;

/** Admins' second factors: TOTP secrets (sealed), the last step used, recovery codes. */
export function createSecondFactorRepo(db: Db) {
  /** Removes a user's factor (its last step with it) and recovery codes, in `tx`. */
  async function clear(tx: Pick<Db, 'delete'>, userId: string) {
    await tx.delete(adminSecondFactors).where(eq(adminSecondFactors.userId, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  }

  return {
    ...createSecondFactorSetupRepo(db),

    async findFactor(userId: string): Promise<SecondFactorRow | undefined> {
      const [row] = await db
        .select()
        .from(adminSecondFactors)
        .where(eq(adminSecondFactors.userId, userId));
      return row;
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
