import { and, eq, exists, getTableColumns, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/ledger.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import { failAndRefund, smsWebhookData } from './sms-refund.repo.js';
import type { SmsRow } from './sms-rows.repo.js';

/** What a receipt did: applied, already applied, from the wrong source, or no such part. */
export type ReceiptOutcome = 'applied' | 'settled' | 'mismatch' | 'unknown';

/** The part a receipt names, while no other receipt has settled it. */
const stillSent = (upstreamId: string) =>
  and(eq(smsParts.upstreamId, upstreamId), eq(smsParts.status, 'sent'));

/**
 * Marks a part delivered and, when it was the message's last, the message too: one
 * statement, under the message's lock (the caller's). Answers `settled` when another
 * receipt delivered the part first.
 */
async function deliverPart(tx: Tx, open: { upstreamId: string; messageId: string }, at: Date) {
  const part = tx
    .$with('part')
    .as(
      tx
        .update(smsParts)
        .set({ status: 'delivered' })
        .where(stillSent(open.upstreamId))
        .returning({ messageId: smsParts.messageId }),
    );
  // Both parts of the statement read the same snapshot, the one before `part` writes:
  // the message is delivered when this part's write happened and every other part is
  // delivered already.
  const others = tx
    .select({ one: sql`1` })
    .from(smsParts)
    .where(
      and(
        eq(smsParts.messageId, open.messageId),
        ne(smsParts.upstreamId, open.upstreamId),
        ne(smsParts.status, 'delivered'),
      ),
    );
  const done = tx.$with('done').as(
    tx
      .update(smsMessages)
      .set({ status: 'delivered', doneAt: at, updatedAt: at })
      .where(
        and(
          eq(smsMessages.id, open.messageId),
          eq(smsMessages.status, 'sent'),
          exists(tx.select({ one: sql`1` }).from(part)),
          notExists(others),
        ),
      )
      .returning(),
  );
  const [result] = await tx
    .with(part, done)
    .select({ messageId: part.messageId, row: messageFields(done) })
    .from(part)
    .leftJoin(done, sql`true`);
  if (!result) return { outcome: 'settled' as const };
  const row = result.row?.id ? (result.row as SmsRow) : null;
  if (row) await enqueueWebhook(tx, row.userId, 'sms.delivered', smsWebhookData(row), at);
  return { outcome: 'applied' as const, row };
}

/** A message's columns as a CTE returns them, to select them by name. */
const messageFields = (cte: object) => {
  const fields = cte as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(getTableColumns(smsMessages)).map((key) => [key, fields[key]]),
  ) as { [K in keyof SmsRow]: SQL.Aliased<SmsRow[K]> };
};

/** A delivery receipt as the outbox hands it to the repo. */
export interface ReceiptInput {
  ids: string[];
  source: string | null;
  status: 'delivered' | 'failed';
  error: string;
}
export type ReceiptResult = { outcome: ReceiptOutcome; row?: SmsRow | null };
export type FoundPart = {
  upstreamId: string;
  messageId: string;
  status: string;
  recipient: string;
  userId: string;
};

/**
 * The parts a receipt names, those of them sent to its source (in the order of its ids:
 * the id exactly as given first) and the first still open: the part it settles.
 */
function partFor(found: FoundPart[], { ids, source }: ReceiptInput) {
  const named = found.filter((f) => ids.includes(f.upstreamId));
  const ours = ids.flatMap((id) =>
    named.filter((f) => f.upstreamId === id && f.recipient === source),
  );
  return { named, ours, open: ours.find((f) => f.status === 'sent') };
}

/**
 * Receipts grouped by the customer whose part each settles, customers in one order, each
 * customer's in the order they came: a failed part refunds its customer, locking their
 * balance, so every transaction that refunds several customers locks them in one order
 * and two never wait on each other in a cycle.
 */
export function byCustomer(found: FoundPart[], receipts: readonly ReceiptInput[]) {
  const userOf = (r: ReceiptInput) => {
    const { named, open } = partFor(found, r);
    return (open ?? named[0])?.userId ?? '';
  };
  return receipts
    .map((receipt, i) => ({ i, user: userOf(receipt) }))
    .sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0))
    .map(({ i }) => i);
}

/**
 * One receipt, with the parts of its transaction's receipts found and their messages
 * locked. `found` is read before the lock was granted and kept up to date with this
 * transaction's own writes: a part settled meanwhile may still read sent, and the write,
 * which reads afresh, then finds it not.
 */
export async function applyOne(tx: Tx, found: FoundPart[], receipt: ReceiptInput, at: Date) {
  const { status } = receipt;
  const { named, ours, open } = partFor(found, receipt);
  if (named.length === 0) return { outcome: 'unknown' as const };
  if (!open) return { outcome: ours.length ? ('settled' as const) : ('mismatch' as const) };
  open.status = status;
  if (status === 'delivered') return deliverPart(tx, open, at);
  const [part] = await tx
    .update(smsParts)
    .set({ status })
    .where(stillSent(open.upstreamId))
    .returning({ messageId: smsParts.messageId });
  if (!part) return { outcome: 'settled' as const };
  return {
    outcome: 'applied' as const,
    row: await failAndRefund(tx, part.messageId, receipt.error, at),
  };
}
