import {
  BILLING_CURRENCY,
  compareDecimal,
  type PaymentNoteCode,
  trimDecimal,
} from '@parley/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { chainDeposits, transactions, users } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { findCatalogueItem, ItemUnavailableError, placeOrder } from '../orders/orders.store.js';
import type { DepositRow } from './deposits.repo.js';

type TxRow = typeof transactions.$inferSelect;

/** What a deposit credits, decided by the rules (deposit-credit.ts). */
export interface CreditTerms {
  depositId: string;
  /** GBP, two places; "0.00" for dust (no ledger row). */
  amount: string;
  rate: string;
  late: boolean;
  confirmations: number;
  at: Date;
}

/** Test hooks: a fault after the credit's writes, inside its transaction. */
export interface SettleFaults {
  afterCredit?: () => void | Promise<void>;
}

/**
 * A purchase waiting on this quote buys its item from the balance now that the deposit
 * is on it, when the balance covers the price fixed at submission; else the money
 * stays on the balance and the note says why.
 */
async function buyWaitingItem(tx: Tx, row: TxRow, at: Date): Promise<PaymentNoteCode | null> {
  if (row.kind !== 'purchase' || !row.itemId) return null;
  const price = row.chargeAmount ?? row.creditAmount;
  const [user] = await tx
    .select({ free: sql<string>`(${users.cryptoBalance} - ${users.held})::text` })
    .from(users)
    .where(eq(users.id, row.userId))
    .for('update');
  if (!user || compareDecimal(user.free, price) < 0) return 'BALANCE_SHORT_CREDITED';
  try {
    await tx.transaction(async (sp) => {
      const item = await findCatalogueItem(sp, row.itemId as string);
      if (!item) throw new ItemUnavailableError(row.serviceName);
      await placeOrder(sp, {
        userId: row.userId,
        item,
        charged: price,
        chargedRate: row.creditRate,
        paidWith: 'crypto',
        transactionId: row.id,
        at,
      });
    });
    return null;
  } catch (err) {
    if (err instanceof ItemUnavailableError || pgErrorCode(err) === UNIQUE_VIOLATION)
      return 'ITEM_UNAVAILABLE_CREDITED';
    if (pgErrorCode(err) === CHECK_VIOLATION) return 'BALANCE_SHORT_CREDITED';
    throw err;
  }
}

/**
 * The deposit's transaction was already credited by an admin from its hash on the same
 * quote (a Solana quote's manual path, decided before the watcher saw it).
 */
async function approvedByHand(tx: Tx, depositId: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      select 1 from chain_deposits d
      join transactions t on t.quote_id = d.quote_id and t.tx_hash = d.txid
      where d.id = ${depositId} and t.status = 'approved'
      limit 1`),
  );
  return rows.length > 0;
}

/** Credits and the payments they close (tables chain_deposits, ledger_entries, transactions). */
export function createDepositSettleRepo(db: Db, faults: SettleFaults = {}) {
  return {
    /**
     * Credits an open deposit exactly once, in one transaction: the deposit `seen` →
     * `credited` (0 rows: another instance did it, nothing more happens), its ledger row
     * (reference = the deposit's, unique), and the pending payment of its quote approved
     * (a purchase then buys its item when the balance covers it). Null when not open.
     */
    async credit(
      c: CreditTerms,
    ): Promise<{ deposit: DepositRow; transaction: TxRow | null } | null> {
      return db.transaction(async (tx) => {
        // Paid by hand already: the deposit closes with 0.00 and no second ledger row.
        const byHand = await approvedByHand(tx, c.depositId);
        const [deposit] = await tx
          .update(chainDeposits)
          .set({
            status: 'credited',
            creditAmount: byHand ? '0.00' : c.amount,
            creditRate: c.rate,
            late: c.late,
            confirmations: c.confirmations,
            creditedAt: c.at,
            updatedAt: c.at,
          })
          .where(and(eq(chainDeposits.id, c.depositId), eq(chainDeposits.status, 'seen')))
          .returning();
        if (!deposit) return null;
        if (!byHand && compareDecimal(c.amount, '0') > 0)
          await applyLedgerEntry(tx, {
            userId: deposit.userId,
            amount: c.amount,
            currency: BILLING_CURRENCY,
            kind: 'deposit',
            reference: deposit.reference,
            rate: c.rate,
            note: `${trimDecimal(deposit.amount)} ${deposit.currency} on ${deposit.network}${c.late ? ' (late)' : ''}`,
          });
        const [pending] = await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.quoteId, deposit.quoteId), eq(transactions.status, 'pending')))
          .for('update');
        let closed: TxRow | null = null;
        if (pending) {
          const extra = await buyWaitingItem(tx, pending, c.at);
          const noteCodes: PaymentNoteCode[] = [
            ...pending.noteCodes,
            'CREDITED_ON_CHAIN',
            ...(extra ? [extra] : []),
          ];
          const [row] = await tx
            .update(transactions)
            .set({ status: 'approved', noteCodes, approvedAt: c.at, updatedAt: c.at })
            .where(eq(transactions.id, pending.id))
            .returning();
          closed = row ?? null;
        }
        if (!byHand && compareDecimal(c.amount, '0') > 0)
          await enqueueWebhook(
            tx,
            deposit.userId,
            'payment.credited',
            {
              paymentId: closed?.id ?? null,
              depositId: deposit.id,
              amount: c.amount,
              currency: BILLING_CURRENCY,
              crypto: trimDecimal(deposit.amount),
              coin: deposit.currency,
              network: deposit.network,
              txHash: deposit.txid,
              late: c.late,
            },
            c.at,
          );
        await faults.afterCredit?.();
        return { deposit, transaction: closed };
      });
    },

    /**
     * Rejects the pending payments of the network's watched quotes that nothing paid,
     * late window included (EXPIRED_UNPAID); a dropped payment paid nothing; a Solana
     * reference quote's payment claimed with a hash stays for an admin. Returns the
     * payments closed.
     */
    async sweepExpiredUnpaid(network: string, now: Date, lateWindowMs: number) {
      const before = new Date(now.getTime() - lateWindowMs);
      return rowsOf<{ id: string; userId: string }>(
        await db.execute(sql`
          update transactions t
          set status = 'rejected', updated_at = ${timestamptz(now)},
            note_codes = t.note_codes || '["EXPIRED_UNPAID"]'::jsonb
          from payment_quotes q
          where t.quote_id = q.id and t.status = 'pending' and q.network = ${network}
            and (q.watch_key_id is not null or (q.reference is not null and t.tx_hash is null))
            and q.expires_at < ${timestamptz(before)}
            and not exists (select 1 from chain_deposits d
              where d.quote_id = q.id and d.status <> 'dropped')
          returning t.id, t.user_id as "userId"`),
      );
    },
  };
}
export type DepositSettleRepo = ReturnType<typeof createDepositSettleRepo>;
