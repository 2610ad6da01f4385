import { countryOfNumber, withPlus } from '@parley/shared/phone';
import type { InboundSms, Receipt } from '../../integrations/sms/port.js';
import { receiptIdCandidates } from '../../integrations/sms/receipt.js';
import { batchedWrites } from '../../lib/batched-writes.js';
import type { NewInbound, SmsInboundRepo } from './sms-inbound.repo.js';
import type { ReceiptInput, ReceiptResult, SmsSettleRepo } from './sms-settle.repo.js';

/** A receipt's source address as a message's recipient is stored (E.164, with its +). */
export function recipientOf(source: string): string | null {
  const digits = source.trim();
  if (!digits) return null;
  return countryOfNumber(withPlus(digits))?.e164 ?? null;
}

/** What is kept of a deliver_sm: printable text (NUL cannot be stored), bounded. */
export function inboundRow(sms: InboundSms, kind: NewInbound['kind']): NewInbound {
  // As the input rules say (domain/text.ts): no control character but TAB, LF, CR;
  // no lone surrogate. NUL could not even be stored.
  const clean = (v: string, max: number) =>
    v
      .slice(0, max)
      .replace(/(?![\t\n\r])\p{Cc}/gu, '\ufffd')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\ufffd');
  return {
    source: clean(sms.source, 64),
    destination: clean(sms.destination, 64),
    message: clean(sms.message, 2000),
    esmClass: sms.esmClass & 0xff,
    dataCoding: sms.dataCoding & 0xff,
    kind,
  };
}

/** Receipts that come together share a transaction, this many at most. */
export const RECEIPTS_PER_WRITE = 16;

/**
 * Receipts applied together in one transaction. When that fails, each is applied again
 * on its own, so a receipt the database refuses fails alone, not the others with it.
 */
function sharedReceipts(repo: Pick<SmsSettleRepo, 'applyReceipts'>, now: () => Date) {
  type Settled = { result: ReceiptResult } | { error: unknown };
  const write = batchedWrites<ReceiptInput, Settled>(
    async (receipts) => {
      try {
        return (await repo.applyReceipts(receipts, now())).map((result) => ({ result }));
      } catch (error) {
        if (receipts.length === 1) return [{ error }];
        // One at a time: as many at once would take every connection of the jobs' pool.
        const settled: Settled[] = [];
        for (const r of receipts)
          settled.push(
            await repo.applyReceipts([r], now()).then(
              ([result]) => ({ result: result as ReceiptResult }),
              (e: unknown) => ({ error: e }),
            ),
          );
        return settled;
      }
    },
    { max: RECEIPTS_PER_WRITE },
  );
  return async (receipt: ReceiptInput): Promise<ReceiptResult> => {
    const settled = await write(receipt);
    if ('error' in settled) throw settled.error;
    return settled.result;
  };
}

/** How the outbox applies a delivery receipt (the gateway's onReceipt handler). */
export function createReceiptApplier(deps: {
  repo: Pick<SmsSettleRepo, 'applyReceipts'> & Pick<SmsInboundRepo, 'storeInbound'>;
  log: { warn(o: object, m: string): void };
  now: () => Date;
  /** The outbox is stopping: receipts are refused, to be offered again later. */
  stopping: () => boolean;
}) {
  const { repo, log, now, stopping } = deps;
  const apply = sharedReceipts(repo, now);
  /**
   * Records a receipt. It can outrun our own record of the submit, so an unknown id is
   * looked up again a few times; one still unknown, or any while stopping, is refused,
   * so the SMSC offers it again later (to whichever instance is up). A receipt whose
   * source is not the message's recipient changes nothing: it is kept as inbound.
   */
  return async function applyReceipt(receipt: Receipt): Promise<void> {
    const ids = receiptIdCandidates(receipt.upstreamId);
    const source = recipientOf(receipt.envelope.source);
    for (let tries = 0; tries < 5; tries++) {
      if (stopping()) break;
      const { outcome } = await apply({
        ids,
        source,
        status: receipt.status,
        error: receipt.error ?? 'Not delivered',
      });
      if (outcome === 'mismatch') {
        log.warn(
          { upstreamId: receipt.upstreamId },
          'SMS: receipt from another source; kept as inbound',
        );
        await repo.storeInbound(inboundRow(receipt.envelope, 'receipt-mismatch'));
        return;
      }
      if (outcome !== 'unknown') return;
      await new Promise((r) => setTimeout(r, 200 * 2 ** tries));
    }
    throw new Error(`No message has upstream id ${receipt.upstreamId} (yet).`);
  };
}
