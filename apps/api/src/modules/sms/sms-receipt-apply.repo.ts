import {
  and,
  eq,
  getTableColumns,
  inArray,
  ne,
  notExists,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/ledger.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { enqueueWebhooks } from '../../db/webhooks.js';
import { failAndRefund, smsWebhookData } from './sms-refund.repo.js';
import type { SmsRow } from './sms-rows.repo.js';

/** What a receipt did: applied, already applied, from the wrong source, or no such part. */
export type ReceiptOutcome = 'applied' | 'settled' | 'mismatch' | 'unknown';

/** A part a receipt settles, and its message. */
type OpenPart = { upstreamId: string; messageId: string };

/**
 * Marks parts delivered and each message whose parts are then all delivered: one
 * statement for all of them, under their messages' locks (the caller's), and one for
 * the webhooks of the messages delivered. Answers, by upstream id, the parts it marked
 * (those another receipt settled first are missing) with their message when it was
 * delivered.
 */
async function deliverParts(tx: Tx, open: readonly OpenPart[], at: Date) {
  const ids = open.map((p) => p.upstreamId);
  const part = tx.$with('part').as(
    tx
      .update(smsParts)
      .set({ status: 'delivered' })
      .where(and(inArray(smsParts.upstreamId, ids), eq(smsParts.status, 'sent')))
      .returning({ upstreamId: smsParts.upstreamId, messageId: smsParts.messageId }),
  );
  // Every part of the statement reads the same snapshot, the one before `part` writes:
  // a message is delivered when parts of it were written here and every part not
  // written here is delivered already.
  const others = tx
    .select({ one: sql`1` })
    .from(smsParts)
    .where(
      and(
        eq(smsParts.messageId, smsMessages.id),
        notInArray(smsParts.upstreamId, tx.select({ id: part.upstreamId }).from(part)),
        ne(smsParts.status, 'delivered'),
      ),
    );
  const done = tx.$with('done').as(
    tx
      .update(smsMessages)
      .set({ status: 'delivered', doneAt: at, updatedAt: at })
      .where(
        and(
          inArray(smsMessages.id, tx.select({ id: part.messageId }).from(part)),
          eq(smsMessages.status, 'sent'),
          notExists(others),
        ),
      )
      .returning(),
  );
  const rows = await tx
    .with(part, done)
    .select({ upstreamId: part.upstreamId, row: messageFields(done) })
    .from(part)
    .leftJoin(done, sql`"done"."id" = "part"."message_id"`);
  const delivered = new Map<string, SmsRow>();
  for (const { row } of rows) if (row?.id) delivered.set(row.id, row as SmsRow);
  const changes = [...delivered.values()].map((r) => ({
    userId: r.userId,
    data: smsWebhookData(r),
  }));
  await enqueueWebhooks(tx, 'sms.delivered', changes, at);
  return new Map(rows.map((r) => [r.upstreamId, r.row?.id ? (r.row as SmsRow) : null]));
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
    .map((receipt, i) => ({ i, userId: userOf(receipt) }))
    .sort(customerOrder)
    .map(({ i }) => i);
}

/** The one order of customers that every transaction refunding several of them keeps. */
export const customerOrder = (a: { userId: string }, b: { userId: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/**
 * Applies receipts, in the order given, to the parts found for them (their messages
 * locked). `found` is read before the locks were granted and is kept up to date with
 * the receipts applied here: a part settled meanwhile by another transaction may still
 * read sent, and the write, which reads afresh, then finds it not. A failed part fails
 * and refunds its message at once (the caller's order keeps refunds in customer order);
 * delivered parts are then marked together, which ends the same: a message with a
 * failed part is never delivered, and one already failed stays so.
 */
export async function applyAll(
  tx: Tx,
  found: FoundPart[],
  receipts: readonly ReceiptInput[],
  order: readonly number[],
  at: Date,
): Promise<ReceiptResult[]> {
  const results: ReceiptResult[] = [];
  const delivering: { i: number; part: FoundPart }[] = [];
  for (const i of order) {
    const receipt = receipts[i] as ReceiptInput;
    const { named, ours, open } = partFor(found, receipt);
    if (named.length === 0) results[i] = { outcome: 'unknown' };
    else if (!open) results[i] = { outcome: ours.length ? 'settled' : 'mismatch' };
    else {
      open.status = receipt.status;
      if (receipt.status === 'delivered') delivering.push({ i, part: open });
      else results[i] = await failPart(tx, open, receipt.error, at);
    }
  }
  if (delivering.length === 0) return results;
  const marked = await deliverParts(
    tx,
    delivering.map((d) => d.part),
    at,
  );
  // A message delivered by several of these parts is told to the last receipt whose part
  // was marked here (one settled by another transaction meanwhile answers `settled`).
  const last = new Map<string, number>();
  for (const { i, part } of delivering)
    if (marked.has(part.upstreamId)) last.set(part.messageId, i);
  for (const { i, part } of delivering) {
    const row = marked.get(part.upstreamId);
    results[i] =
      row === undefined
        ? { outcome: 'settled' }
        : { outcome: 'applied', row: last.get(part.messageId) === i ? row : null };
  }
  return results;
}

/** A failed receipt's part, and its message failed and refunded once. */
async function failPart(tx: Tx, open: OpenPart, error: string, at: Date): Promise<ReceiptResult> {
  const [part] = await tx
    .update(smsParts)
    .set({ status: 'failed' })
    .where(and(eq(smsParts.upstreamId, open.upstreamId), eq(smsParts.status, 'sent')))
    .returning({ messageId: smsParts.messageId });
  if (!part) return { outcome: 'settled' };
  return { outcome: 'applied', row: await failAndRefund(tx, part.messageId, error, at) };
}
