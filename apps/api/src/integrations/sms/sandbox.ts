import { randomUUID } from 'node:crypto';
import { smsParts } from '@parley/shared';
import type { OutgoingSms, Receipt, SmsGateway } from './port.js';

/**
 * The embedded default: accepts every message and, after `delayMs`, reports it
 * delivered; a recipient ending in 0000 is reported failed, so the refund path can be
 * tried by hand. Nothing leaves the machine.
 */
export function createSandboxGateway(options: { delayMs: number }): SmsGateway {
  const listeners = new Set<(receipt: Receipt) => Promise<void>>();
  /** Receipts not reported yet, by timer: close() reports them at once. */
  const due = new Map<NodeJS.Timeout, Receipt[]>();
  const report = async (receipts: Receipt[]) => {
    for (const r of receipts) await Promise.all([...listeners].map((l) => l(r).catch(() => {})));
  };
  return {
    mode: 'sandbox',
    async submit(sms: OutgoingSms) {
      const count = Math.max(1, smsParts(sms.message).parts.length);
      const ids = [...(sms.acceptedParts ?? [])];
      while (ids.length < count) ids.push(`sbx-${randomUUID()}`);
      const failed = sms.recipient.endsWith('0000');
      const receipts = ids.map(
        (upstreamId): Receipt =>
          failed
            ? { upstreamId, status: 'failed', error: 'UNDELIV (sandbox: number ends in 0000)' }
            : { upstreamId, status: 'delivered' },
      );
      const timer = setTimeout(() => {
        due.delete(timer);
        void report(receipts);
      }, options.delayMs);
      due.set(timer, receipts);
      return ids;
    },
    onReceipt(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reports what is still due, so a restart leaves no message waiting for ever. */
    async close() {
      const pending = [...due];
      due.clear();
      for (const [timer, receipts] of pending) {
        clearTimeout(timer);
        await report(receipts);
      }
    },
  };
}
