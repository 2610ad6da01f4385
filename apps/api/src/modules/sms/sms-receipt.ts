import { countryOfNumber, withPlus } from '@parley/shared/phone';
import type { InboundSms, Receipt } from '../../integrations/sms/port.js';
import { receiptIdCandidates } from '../../integrations/sms/receipt.js';
import type { NewInbound, SmsInboundRepo } from './sms-inbound.repo.js';
import type { SmsSettleRepo } from './sms-settle.repo.js';

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

/** How the outbox applies a delivery receipt (the gateway's onReceipt handler). */
export function createReceiptApplier(deps: {
  repo: Pick<SmsSettleRepo, 'applyReceipt'> & Pick<SmsInboundRepo, 'storeInbound'>;
  log: { warn(o: object, m: string): void };
  now: () => Date;
  /** The outbox is stopping: receipts are refused, to be offered again later. */
  stopping: () => boolean;
}) {
  const { repo, log, now, stopping } = deps;
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
      const { outcome } = await repo.applyReceipt(
        ids,
        source,
        receipt.status,
        receipt.error ?? 'Not delivered',
        now(),
      );
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
