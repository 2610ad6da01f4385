import type { PaymentNoteCode } from '@parley/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { insertNotification, type NoticeInput } from '../../db/notifications.js';
import { paymentQuotes, transactions } from '../../db/schema/index.js';
import { creditApproved } from './payment-credit.repo.js';

type TxRow = typeof transactions.$inferSelect;

/**
 * What a decision did: written, or not written, with the row as it was under the lock
 * (undefined: no such payment) for the service to say why (payment-decisions.ts).
 */
export type Decided =
  | { outcome: 'decided'; row: TxRow; notice: { id: string; code: string } | null }
  | { outcome: 'not-written'; before: (TxRow & { automatic?: boolean }) | undefined };

/** What the audit log keeps of a payment before and after a decision. */
const decisionSnapshot = (r: TxRow) => ({
  status: r.status,
  adminNotes: r.adminNotes,
  noteCodes: r.noteCodes,
  userId: r.userId,
  amount: r.amount,
  amountCurrency: r.amountCurrency,
  currency: r.currency,
  cryptoAmount: r.cryptoAmount,
  txHash: r.txHash,
  creditAmount: r.creditAmount,
});

/** An admin's decision on a payment, as the repo writes it. */
export interface Decision {
  status: 'approved' | 'rejected';
  /** What the admin typed; null for none. */
  notes: string | null;
  /** What the customer is told of it, written with the decision. */
  notice: (row: TxRow) => Omit<NoticeInput, 'userId' | 'at'>;
  /** The server's own notes (the default decision note when none was typed). */
  noteCodes: PaymentNoteCode[];
  by: string;
  ip: string | null;
  at: Date;
  /** Whether a chain watcher credits payments on this network (then never by hand). */
  watched?: (network: string) => boolean;
}

/**
 * Decides a pending payment, once: the row lock taken first means that of any number
 * of concurrent decisions exactly one sees it pending. The update writes only what
 * the rules allow (pending; an approval neither by its submitter nor of a payment
 * sharing its hash); else nothing is written and the row comes back as it was.
 * Approving credits the balance in the same transaction (a purchase then buys its
 * item), and the audit row is written with the decision.
 */
export async function decidePayment(db: Db, id: string, decision: Decision): Promise<Decided> {
  const approving = decision.status === 'approved';
  return db.transaction(async (tx): Promise<Decided> => {
    const [before] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, id))
      .for('update');
    if (!before) return { outcome: 'not-written', before };
    if (approving && before.quoteId && decision.watched?.(before.network)) {
      const [quote] = await tx
        .select({
          watchKeyId: paymentQuotes.watchKeyId,
          paidOnChain: sql<boolean>`exists (select 1 from chain_deposits d where d.quote_id = payment_quotes.id)`,
        })
        .from(paymentQuotes)
        .where(eq(paymentQuotes.id, before.quoteId));
      // A Solana reference quote stays open to a decision by hand (the wallet could not
      // carry the reference) until the watcher finds a payment that carried it.
      if (quote?.watchKeyId || quote?.paidOnChain)
        return { outcome: 'not-written', before: { ...before, automatic: true } };
    }
    const [updated] = await tx
      .update(transactions)
      .set({
        status: decision.status,
        adminNotes: decision.notes,
        noteCodes: decision.noteCodes,
        approvedBy: decision.by,
        approvedAt: decision.at,
        updatedAt: decision.at,
      })
      .where(
        and(
          eq(transactions.id, id),
          eq(transactions.status, 'pending'),
          approving ? eq(transactions.hashConflict, false) : undefined,
          approving ? ne(transactions.userId, decision.by) : undefined,
        ),
      )
      .returning();
    if (!updated) return { outcome: 'not-written', before };
    const row =
      decision.status === 'approved' ? await creditApproved(tx, updated, decision) : updated;
    await writeAudit(tx, {
      actorId: decision.by,
      ip: decision.ip,
      action: decision.status === 'approved' ? 'payment.approve' : 'payment.reject',
      targetType: 'payment',
      targetId: row.id,
      before: decisionSnapshot(before),
      after: decisionSnapshot(row),
    });
    const told = await insertNotification(tx, {
      ...decision.notice(row),
      userId: row.userId,
      at: decision.at,
    });
    return { outcome: 'decided', row, notice: told ? { id: told.id, code: told.code } : null };
  });
}
