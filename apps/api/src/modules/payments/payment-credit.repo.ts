import { compareDecimal, type PaymentNoteCode } from '@parley/shared';
import { eq } from 'drizzle-orm';
import { applyLedgerEntry } from '../../db/ledger.js';
import { transactions } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { findCatalogueItem, ItemUnavailableError, placeOrder } from '../orders/orders.store.js';
import type { Tx } from './payment-locks.repo.js';

type TxRow = typeof transactions.$inferSelect;

/**
 * Credits an approved payment through the ledger; a purchase then buys its item with
 * what it credited. When the item has gone meanwhile (a number sold to someone else),
 * the money stays on the balance and the note ITEM_UNAVAILABLE_CREDITED says so.
 */
export async function creditApproved(tx: Tx, row: TxRow, decision: { at: Date }) {
  await applyLedgerEntry(tx, {
    userId: row.userId,
    amount: row.creditAmount,
    currency: 'GBP',
    kind: 'deposit',
    reference: `transaction:${row.id}`,
    rate: row.creditRate,
    note: `${row.amount} ${row.amountCurrency} in ${row.currency}`,
  });
  await enqueueWebhook(
    tx,
    row.userId,
    'payment.credited',
    {
      paymentId: row.id,
      amount: row.creditAmount,
      currency: 'GBP',
      crypto: row.cryptoAmount,
      coin: row.currency,
      network: row.network,
      txHash: row.txHash,
      kind: row.kind,
    },
    decision.at,
  );
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
    const noteCodes: PaymentNoteCode[] = [...row.noteCodes, 'ITEM_UNAVAILABLE_CREDITED'];
    const [noted] = await tx
      .update(transactions)
      .set({ noteCodes })
      .where(eq(transactions.id, row.id))
      .returning();
    return noted ?? row;
  }
}
