import { compareDecimal } from '@parley/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry } from '../../db/ledger.js';
import { findCatalogueItem, ItemUnavailableError, placeOrder } from '../../db/orders.js';
import { ledgerEntries, paymentQuotes, transactions, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

type NewQuote = typeof paymentQuotes.$inferInsert;
type NewTransaction = typeof transactions.$inferInsert;

const withUser = {
  tx: transactions,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

/** Added to the admin's notes when an approved purchase could not be delivered. */
export const UNAVAILABLE_NOTE =
  '(The item was no longer available: the payment was credited to the balance instead.)';

type TxRow = typeof transactions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Decided =
  | { outcome: 'decided'; row: TxRow }
  | { outcome: 'not-found' }
  | { outcome: 'already'; status: string }
  | { outcome: 'own-payment' };

/** What the audit log keeps of a payment before and after a decision. */
const decisionSnapshot = (r: TxRow) => ({
  status: r.status,
  adminNotes: r.adminNotes,
  userId: r.userId,
  amount: r.amount,
  amountCurrency: r.amountCurrency,
  currency: r.currency,
  cryptoAmount: r.cryptoAmount,
  txHash: r.txHash,
  creditAmount: r.creditAmount,
});

/**
 * Credits an approved payment through the ledger; a purchase then buys its item with
 * what it credited. When the item has gone meanwhile (a number sold to someone else),
 * the money stays on the balance and the notes say so.
 */
async function credit(tx: Tx, row: TxRow, decision: { notes: string; at: Date }) {
  await applyLedgerEntry(tx, {
    userId: row.userId,
    amount: row.creditAmount,
    currency: 'GBP',
    kind: 'deposit',
    reference: `transaction:${row.id}`,
    rate: row.creditRate,
    note: `${row.amount} ${row.amountCurrency} in ${row.currency}`,
  });
  if (row.kind !== 'purchase' || !row.itemId) return row;
  try {
    await tx.transaction(async (sp) => {
      const item = await findCatalogueItem(sp, row.itemId as string);
      if (!item) throw new ItemUnavailableError(row.serviceName);
      // The item's price fixed at submission; what was paid beyond it stays on
      // the balance (and never more than was paid).
      const price = row.chargeAmount ?? row.creditAmount;
      await placeOrder(sp, {
        userId: row.userId,
        item,
        charged: compareDecimal(price, row.creditAmount) < 0 ? price : row.creditAmount,
        chargedRate: row.creditRate,
        paidWith: 'crypto',
        transactionId: row.id,
        at: decision.at,
      });
    });
    return row;
  } catch (err) {
    if (!(err instanceof ItemUnavailableError) && pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    const [noted] = await tx
      .update(transactions)
      .set({ adminNotes: `${decision.notes} ${UNAVAILABLE_NOTE}` })
      .where(eq(transactions.id, row.id))
      .returning();
    return noted ?? row;
  }
}

export function createPaymentsRepo(db: Db) {
  return {
    async createQuote(values: NewQuote) {
      const [row] = await db.insert(paymentQuotes).values(values).returning();
      if (!row) throw new Error('quote insert returned no row');
      return row;
    },
    async findQuote(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(paymentQuotes)
        .where(and(eq(paymentQuotes.id, id), eq(paymentQuotes.userId, userId)));
      return row;
    },
    async createTransaction(values: NewTransaction) {
      const [row] = await db.insert(transactions).values(values).returning();
      if (!row) throw new Error('transaction insert returned no row');
      return row;
    },
    listForUser(userId: string, limit: number) {
      return db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt))
        .limit(limit);
    },
    listAll(limit: number) {
      return db
        .select(withUser)
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .orderBy(desc(transactions.createdAt))
        .limit(limit);
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
     * of concurrent decisions exactly one sees it pending. An admin never approves a
     * payment they submitted. Approving credits the balance in the same transaction (a
     * purchase then buys its item), and the audit row is written with the decision.
     */
    async decide(
      id: string,
      decision: {
        status: 'approved' | 'rejected';
        notes: string;
        by: string;
        ip: string | null;
        at: Date;
      },
    ): Promise<Decided> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(transactions)
          .where(eq(transactions.id, id))
          .for('update');
        if (!before) return { outcome: 'not-found' };
        if (before.status !== 'pending') return { outcome: 'already', status: before.status };
        if (decision.status === 'approved' && before.userId === decision.by)
          return { outcome: 'own-payment' };
        const [updated] = await tx
          .update(transactions)
          .set({
            status: decision.status,
            adminNotes: decision.notes,
            approvedBy: decision.by,
            approvedAt: decision.at,
            updatedAt: decision.at,
          })
          .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
          .returning();
        if (!updated) return { outcome: 'already', status: before.status };
        const row = decision.status === 'approved' ? await credit(tx, updated, decision) : updated;
        await writeAudit(tx, {
          actorId: decision.by,
          ip: decision.ip,
          action: decision.status === 'approved' ? 'payment.approve' : 'payment.reject',
          targetType: 'payment',
          targetId: row.id,
          before: decisionSnapshot(before),
          after: decisionSnapshot(row),
        });
        return { outcome: 'decided', row };
      });
    },

    /** Users whose cached balance is not the sum of their ledger rows. */
    async ledgerMismatches() {
      const sums = db
        .select({
          userId: ledgerEntries.userId,
          total: sql<string>`sum(${ledgerEntries.amount})`.as('total'),
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.userId)
        .as('sums');
      const rows = await db
        .select({
          userId: users.id,
          balance: users.cryptoBalance,
          ledgerSum: sql<string>`coalesce(${sums.total}, 0)::numeric(20,4)::text`,
        })
        .from(users)
        .leftJoin(sums, eq(sums.userId, users.id))
        .where(sql`${users.cryptoBalance} <> coalesce(${sums.total}, 0)`);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return { users: count?.n ?? 0, mismatches: rows };
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
