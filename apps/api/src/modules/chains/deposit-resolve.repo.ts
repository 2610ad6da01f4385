import {
  BILLING_CURRENCY,
  compareDecimal,
  type DepositDecision,
  trimDecimal,
} from '@parley/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry } from '../../db/ledger.js';
import { insertNotification, type NoticeInput } from '../../db/notifications.js';
import { chainDeposits } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import type { DepositRow } from './deposits.repo.js';

/** An admin's decision on a flagged deposit, as the repo writes it. */
export interface DepositResolution {
  decision: DepositDecision;
  note: string;
  by: string;
  ip: string | null;
  at: Date;
  /** What the customer is told of a reversal, written with it. */
  reversalNotice: (row: DepositRow) => Omit<NoticeInput, 'userId' | 'at'>;
}

/** What a resolution did: written, or refused and why (nothing was written). */
export type Resolved =
  | {
      outcome: 'resolved';
      row: DepositRow;
      /** The reversal's ledger row; null when kept (or nothing was credited: dust). */
      entryId: string | null;
      notice: { id: string; code: string } | null;
    }
  | { outcome: 'refused'; reason: 'not-found' | 'not-flagged' | 'resolved' | 'balance-short' };

/** What the audit log keeps of a deposit before and after a decision. */
const snapshot = (r: DepositRow) => ({
  reference: r.reference,
  userId: r.userId,
  network: r.network,
  amount: r.amount,
  currency: r.currency,
  creditAmount: r.creditAmount,
  flaggedAt: r.flaggedAt?.toISOString() ?? null,
  flagEvidence: r.flagEvidence,
  resolution: r.resolution,
  resolutionNote: r.resolutionNote,
});

/** The reversal's ledger reference: unique with its kind, so no deposit is debited twice. */
export const reversalReference = (depositReference: string) => `${depositReference}:reversal`;

class Refused extends Error {
  constructor(readonly reason: 'not-found' | 'not-flagged' | 'resolved') {
    super(reason);
  }
}

/** Flagged deposits decided by hand (tables chain_deposits, ledger_entries, audit_log). */
export function createDepositResolveRepo(db: Db) {
  return {
    /**
     * Decides a flagged deposit once. The row lock taken first means that of concurrent
     * decisions exactly one sees it unresolved. Reversing debits the credit (kind
     * `adjustment`, reference `<deposit>:reversal`) in the same transaction: the
     * balance's CHECK refuses a debit it does not cover, and then nothing is written.
     */
    async resolve(id: string, r: DepositResolution): Promise<Resolved> {
      try {
        return await db.transaction(async (tx): Promise<Resolved> => {
          const [before] = await tx
            .select()
            .from(chainDeposits)
            .where(eq(chainDeposits.id, id))
            .for('update');
          if (!before) throw new Refused('not-found');
          if (!before.flaggedAt || before.status !== 'credited') throw new Refused('not-flagged');
          if (before.resolvedAt) throw new Refused('resolved');
          const credit = before.creditAmount ?? '0';
          const debit = r.decision === 'reverse' && compareDecimal(credit, '0') > 0;
          const entry = debit
            ? await applyLedgerEntry(tx, {
                userId: before.userId,
                amount: `-${credit}`,
                currency: BILLING_CURRENCY,
                kind: 'adjustment',
                reference: reversalReference(before.reference),
                note: `Reversed: ${trimDecimal(before.amount)} ${before.currency} on ${before.network} left the chain`,
              })
            : null;
          const [row] = await tx
            .update(chainDeposits)
            .set({
              resolution: r.decision,
              resolutionNote: r.note,
              resolvedBy: r.by,
              resolvedAt: r.at,
              updatedAt: r.at,
            })
            .where(and(eq(chainDeposits.id, id), isNull(chainDeposits.resolvedAt)))
            .returning();
          if (!row) throw new Refused('resolved');
          await writeAudit(tx, {
            actorId: r.by,
            ip: r.ip,
            action: `deposit.${r.decision}`,
            targetType: 'chain_deposit',
            targetId: id,
            before: snapshot(before),
            after: {
              ...snapshot(row),
              ...(entry ? { entryId: entry.id, balanceAfter: entry.balanceAfter } : {}),
            },
          });
          // A dust deposit credited nothing: reversing it takes nothing, so nothing to tell.
          const told = entry
            ? await insertNotification(tx, {
                ...r.reversalNotice(row),
                userId: row.userId,
                at: r.at,
              })
            : null;
          return {
            outcome: 'resolved',
            row,
            entryId: entry?.id ?? null,
            notice: told ? { id: told.id, code: told.code } : null,
          };
        });
      } catch (err) {
        if (err instanceof Refused) return { outcome: 'refused', reason: err.reason };
        const code = pgErrorCode(err);
        if (code === CHECK_VIOLATION) return { outcome: 'refused', reason: 'balance-short' };
        if (code === UNIQUE_VIOLATION) return { outcome: 'refused', reason: 'resolved' };
        throw err;
      }
    },
  };
}
export type DepositResolveRepo = ReturnType<typeof createDepositResolveRepo>;
