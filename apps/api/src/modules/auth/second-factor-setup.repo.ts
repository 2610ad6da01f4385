import { and, eq, gt, isNull } from 'drizzle-orm';
import { adminsOnly } from '../../db/admins.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { adminRecoveryCodes, adminSecondFactors, users } from '../../db/schema/index.js';

/** An admin's second-factor set-up: started with a sealed secret, confirmed with a code. */
export function createSecondFactorSetupRepo(db: Db) {
  return {
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
            adminsOnly,
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
  };
}
