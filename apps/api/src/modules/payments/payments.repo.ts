import { and, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { asIsoText, preparedRead } from '../../db/raw.js';
import { paymentQuotes, transactions, txHashKey, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { packageNames } from '../orders/orders.store.js';
import { createLedgerCheckQueries } from './ledger-check.repo.js';
import { type Decision, decidePayment } from './payment-decide.repo.js';

export type { Decided, Decision } from './payment-decide.repo.js';

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

/** The columns of a payment its answer shows, from `transactions t`: both lists read them. */
const PAYMENT_COLUMNS = `t.id, t.kind, t.service_name as "serviceName", t.service_price as "servicePrice",
   t.amount::text as amount, t.amount_currency as "amountCurrency", t.currency, t.network,
   t.wallet_address as "walletAddress", t.crypto_amount::text as "cryptoAmount",
   t.tx_hash as "txHash", t.credit_amount::text as "creditAmount", t.status,
   t.admin_notes as "adminNotes", t.note_codes as "noteCodes", t.item_kind as "itemKind",
   t.item_id as "itemId", ${asIsoText('t.approved_at')} as "approvedAt",
   ${asIsoText('t.created_at')} as "createdAt"`;

/**
 * The customer's payments page reads this on every visit (user, limit): a prepared read
 * straight on the driver (decision 0033), only the columns the answer shows. Exported so
 * the bench's raw baseline runs this very statement.
 */
export const PAYMENTS_LIST_SQL = `select ${PAYMENT_COLUMNS}
 from transactions t where t.user_id = $1 order by t.created_at desc limit $2`;

/** A payment as the admin's list shows it: the customer's columns, who paid and who decided. */
export type AdminPaymentRow = PaymentListRow & {
  approvedBy: string | null;
  claimedCryptoAmount: string | null;
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  approverEmail: string | null;
};

/**
 * The admin's payments page (limit, offset[, status]), read on every visit and refresh:
 * prepared on the driver like the customer's list, since mapping drizzle's nested select
 * cost more CPU than the query (docs/performance.md). `where` is the only difference.
 */
const adminPaymentsSql = (where: string) => `select ${PAYMENT_COLUMNS},
   t.claimed_crypto_amount::text as "claimedCryptoAmount", t.approved_by as "approvedBy",
   u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName",
   a.email as "approverEmail"
 from transactions t
 join users u on u.id = t.user_id
 left join users a on a.id = t.approved_by
 ${where}
 order by t.created_at desc, t.id desc limit $1 offset $2`;

export function createPaymentsRepo(db: Db) {
  const listForUserQuery = preparedRead<PaymentListRow>(db, PAYMENTS_LIST_SQL);
  const listAllQuery = preparedRead<AdminPaymentRow>(db, adminPaymentsSql(''));
  const listOfStatusQuery = preparedRead<AdminPaymentRow>(
    db,
    adminPaymentsSql('where t.status = $3'),
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
    listAll(opts: { status?: string; limit: number; offset: number }): Promise<AdminPaymentRow[]> {
      return opts.status
        ? listOfStatusQuery([opts.limit, opts.offset, opts.status])
        : listAllQuery([opts.limit, opts.offset]);
    },

    async findWithUser(id: string) {
      const [row] = await db
        .select(withUser)
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .where(eq(transactions.id, id));
      return row;
    },

    decide: (id: string, decision: Decision) => decidePayment(db, id, decision),

    ...createLedgerCheckQueries(db),
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
