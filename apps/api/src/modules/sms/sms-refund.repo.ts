import { compareDecimal } from '@parley/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import type { SmsRow } from './sms-rows.repo.js';

/** What a message's webhook says of it (sms.delivered, sms.failed, sms.expired). */
export const smsWebhookData = (row: SmsRow) => ({
  id: row.id,
  to: row.recipient,
  from: row.senderId,
  status: row.status,
  segments: row.segments,
  cost: row.cost,
  currency: 'GBP',
  error: row.error,
  batchId: row.batchId,
});

/**
 * Ends a message that is not final yet (failed, or expired when its receipt never
 * came) and refunds it, once: the status change and the refund share a transaction,
 * and the ledger's (kind, reference) is unique.
 */
export async function failAndRefund(
  tx: Tx,
  id: string,
  error: string,
  at: Date,
  status: 'failed' | 'expired' = 'failed',
) {
  const from = status === 'expired' ? ['sent'] : ['queued', 'sending', 'sent'];
  const [row] = await tx
    .update(smsMessages)
    .set({ status, error, updatedAt: at, doneAt: at, claimedUntil: null })
    .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, from)))
    .returning();
  if (row && compareDecimal(row.cost, '0') > 0)
    await applyLedgerEntry(tx, {
      userId: row.userId,
      amount: row.cost,
      currency: 'GBP',
      kind: 'refund',
      reference: `sms:${row.id}`,
      rate: row.rate,
      note: `SMS to ${row.recipient} ${status}: ${error}`,
    });
  if (row) await enqueueWebhook(tx, row.userId, `sms.${status}`, smsWebhookData(row), at);
  return row ?? null;
}

/** Records the upstream id of each accepted part, so its receipt finds the message. */
export async function recordParts(tx: Tx, messageId: string, upstreamIds: readonly string[]) {
  if (upstreamIds.length === 0) return;
  await tx
    .insert(smsParts)
    .values(upstreamIds.map((upstreamId, i) => ({ upstreamId, messageId, part: i + 1 })))
    .onConflictDoNothing();
}
