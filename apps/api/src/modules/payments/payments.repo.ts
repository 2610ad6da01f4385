import type { PaymentNoteCode } from '@parley/shared';
import { and, count, desc, eq, inArray, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { insertNotification, type NoticeInput } from '../../db/notifications.js';
import { packageNames } from '../../db/orders.js';
import { asIsoText, preparedRead } from '../../db/raw.js';
import { paymentQuotes, transactions, txHashKey, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { createLedgerCheckQueries } from './ledger-check.repo.js';
import { creditApproved } from './payment-credit.repo.js';
import { lockKey } from './payment-locks.repo.js';
import { createQuotesRepo } from './quotes.repo.js';

type NewTransaction = typeof transactions.$inferInsert;

export type SubmitRefusal = 'TOO_MANY_PENDING_PAYMENTS' | 'TX_HASH_USED' | 'QUOTE_USED';

const withUser = {
  tx: transactions,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

/** The admin who decided a payment. */
const approver = alias(users, 'approver');

export type TxRow = typeof transactions.$inferSelect;

/** A payment as a customer's list shows it: the row's answer columns, times as ISO text. */
export type PaymentListRow = Pick<
  TxRow,
  | 'id'
  | 'kind'
  | 'serviceName'
  | 'servicePrice'
  | 'amount'
  | 'amountCurrency'
  | 'currency'
  | 'network'
  | 'walletAddress'
  | 'cryptoAmount'
  | 'txHash'
  | 'creditAmount'
  | 'status'
  | 'adminNotes'
  | 'noteCodes'
  | 'itemKind'
  | 'itemId'
> & { approvedAt: string | null; createdAt: string };

/**
 * What a decision did: written, or not written, with the row as it was under the lock
 * (undefined: no such payment) for the service to say why (payment-decisions.ts).
 */
export type Decided =
  | { outcome: 'decided'; row: TxRow; notice: { id: string; code: string } | null }
  | { outcome: 'not-written'; before: TxRow | undefined };

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

export function createPaymentsRepo(db: Db) {
  // The customer's payments page reads this on every visit: a prepared read straight on
  // the driver (decision 0033), only the columns the answer shows.
  const listForUserQuery = preparedRead<PaymentListRow>(
    db,
    `select id, kind, service_name as "serviceName", service_price as "servicePrice",
       amount::text as amount, amount_currency as "amountCurrency", currency, network,
       wallet_address as "walletAddress", crypto_amount::text as "cryptoAmount",
       tx_hash as "txHash", credit_amount::text as "creditAmount", status,
       admin_notes as "adminNotes", note_codes as "noteCodes", item_kind as "itemKind",
       item_id as "itemId", ${asIsoText('approved_at')} as "approvedAt",
       ${asIsoText('created_at')} as "createdAt"
     from transactions where user_id = $1 order by created_at desc limit $2`,
  );
  return {
    ...createQuotesRepo(db),
    /**
     * Whether a pending or approved payment holds this canonical hash, on any network
     * (the unique index transactions_tx_hash_live, read before anything is written).
     */
    async hashTaken(txHash: string) {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            sql`${txHashKey(transactions.txHash)} = ${txHashKey(sql`${txHash}::text`)}`,
            inArray(transactions.status, ['pending', 'approved']),
            not(transactions.hashConflict),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    async findQuote(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(paymentQuotes)
        .where(and(eq(paymentQuotes.id, id), eq(paymentQuotes.userId, userId)));
      return row;
    },
    /**
     * Writes a payment unless the customer has `maxPending` awaiting approval (checked
     * under a lock of the customer, so concurrent submissions cannot both pass), or its
     * quote was submitted already, or a pending or approved payment holds its hash on
     * any network (the unique indexes decide).
     */
    async createTransaction(
      values: NewTransaction,
      opts: { maxPending: number },
    ): Promise<{ transaction: typeof transactions.$inferSelect } | { refused: SubmitRefusal }> {
      try {
        return await db.transaction(async (tx) => {
          await lockKey(tx, `payments:user:${values.userId}`);
          const [pending] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(transactions)
            .where(and(eq(transactions.userId, values.userId), eq(transactions.status, 'pending')));
          if ((pending?.n ?? 0) >= opts.maxPending)
            return { refused: 'TOO_MANY_PENDING_PAYMENTS' as const };
          const [row] = await tx.insert(transactions).values(values).returning();
          if (!row) throw new Error('transaction insert returned no row');
          return { transaction: row };
        });
      } catch (err) {
        if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
        const detail = JSON.stringify((err as { cause?: unknown }).cause ?? {}) + String(err);
        return {
          refused: detail.includes('tx_hash') ? ('TX_HASH_USED' as const) : ('QUOTE_USED' as const),
        };
      }
    },
    /** The names these packages are sold under now, in every language. */
    packageNames: (ids: string[]) => packageNames(db, ids),
    listForUser(userId: string, limit: number): Promise<PaymentListRow[]> {
      return listForUserQuery([userId, limit]);
    },
    /** One customer's payments, newest first, a page at a time, and how many in all. */
    /** A customer's payments, newest first (only those of `status` when given). */
    async pageForUser(userId: string, page: number, pageSize: number, status?: string) {
      const mine = and(
        eq(transactions.userId, userId),
        status ? eq(transactions.status, status) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(transactions)
          .where(mine)
          .orderBy(desc(transactions.createdAt), desc(transactions.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(transactions).where(mine),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    /** Newest first, optionally of one status, a page at a time. */
    listAll(opts: { status?: string; limit: number; offset: number }) {
      return db
        .select({ ...withUser, approverEmail: approver.email })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .leftJoin(approver, eq(approver.id, transactions.approvedBy))
        .where(opts.status ? eq(transactions.status, opts.status) : undefined)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(opts.limit)
        .offset(opts.offset);
    },

    async findWithUser(id: string) {
      const [row] = await db
        .select(withUser)
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .where(eq(transactions.id, id));
      return row;
    },

    /**
     * Decides a pending payment, once: the row lock taken first means that of any number
     * of concurrent decisions exactly one sees it pending. The update writes only what
     * the rules allow (pending; an approval neither by its submitter nor of a payment
     * sharing its hash); else nothing is written and the row comes back as it was.
     * Approving credits the balance in the same transaction (a purchase then buys its
     * item), and the audit row is written with the decision.
     */
    async decide(
      id: string,
      decision: {
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
      },
    ): Promise<Decided> {
      const approving = decision.status === 'approved';
      return db.transaction(async (tx): Promise<Decided> => {
        const [before] = await tx
          .select()
          .from(transactions)
          .where(eq(transactions.id, id))
          .for('update');
        if (!before) return { outcome: 'not-written', before };
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
    },

    ...createLedgerCheckQueries(db),
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
