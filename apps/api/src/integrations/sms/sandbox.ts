import { randomUUID } from 'node:crypto';
import { smsParts } from '@parley/shared';
import type { InboundSms, OutgoingSms, Receipt, SmsGateway } from './port.js';

/** Parts the sandbox accepted and sent before `sentBefore`, still waiting for a receipt. */
export type SandboxSentLookup = (
  sentBefore: Date,
  limit: number,
) => Promise<{ upstreamId: string; recipient: string }[]>;

/** Every sandbox id starts so; the lookup finds the sandbox's parts by it. */
export const SANDBOX_ID_PREFIX = 'sbx-';
const BATCH = 200;
/** Receipts reported at once, like an SMSC's window of deliver_sm awaiting answers. */
const RECEIPT_WINDOW = 16;
/** A sweep reports at most this many batches, then waits for the next one. */
const MAX_ROUNDS = 20;

/**
 * The embedded default: accepts every message and, `delayMs` after it was recorded as
 * sent, reports it delivered; a recipient ending in 0000 is reported failed, so the
 * refund path can be tried by hand. Nothing leaves the machine.
 *
 * Its receipts come from stored state, not memory: a sweep reads the parts sent more
 * than `delayMs` ago and still waiting (useSentStore), so a restart, even after
 * SIGKILL, loses none; the receipt path applies each once, whichever instance reports it.
 */
export function createSandboxGateway(options: {
  delayMs: number;
  /** How often to look for due receipts besides the wake-up after each submit. */
  sweepMs?: number;
  now?: () => Date;
}): SmsGateway & { useSentStore(lookup: SandboxSentLookup): void } {
  const now = options.now ?? (() => new Date());
  const listeners = new Set<(receipt: Receipt) => Promise<void>>();
  let lookup: SandboxSentLookup | null = null;
  let interval: NodeJS.Timeout | null = null;
  const wakes = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const receiptFor = (part: { upstreamId: string; recipient: string }): Receipt => {
    const envelope: InboundSms = {
      source: part.recipient.replace(/^\+/, ''),
      destination: '',
      message: '',
      esmClass: 0x04,
      dataCoding: 0,
    };
    return part.recipient.endsWith('0000')
      ? {
          upstreamId: part.upstreamId,
          status: 'failed',
          error: 'UNDELIV (sandbox: number ends in 0000)',
          envelope,
        }
      : { upstreamId: part.upstreamId, status: 'delivered', envelope };
  };

  async function sweep() {
    for (let round = 0; round < MAX_ROUNDS && lookup && !closed; round++) {
      const due = await lookup(new Date(now().getTime() - options.delayMs), BATCH);
      // Several at a time, as an SMSC sends them within its window.
      let next = 0;
      const worker = async () => {
        for (let part = due[next++]; part; part = due[next++])
          await Promise.all([...listeners].map((l) => l(receiptFor(part)).catch(() => {})));
      };
      await Promise.all(Array.from({ length: RECEIPT_WINDOW }, worker));
      if (due.length < BATCH) return;
    }
  }

  function tick() {
    if (closed || !lookup) return;
    if (running) {
      again = true;
      return;
    }
    running = sweep()
      .catch(() => {})
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    mode: 'sandbox',
    useSentStore(found) {
      lookup = found;
      if (!interval && !closed) {
        interval = setInterval(tick, options.sweepMs ?? 1000);
        tick();
      }
    },
    async submit(sms: OutgoingSms) {
      const count = Math.max(1, smsParts(sms.message).parts.length);
      const ids = [...(sms.acceptedParts ?? [])];
      while (ids.length < count) ids.push(`${SANDBOX_ID_PREFIX}${randomUUID()}`);
      // A hint only: the sweep after the delay finds the message in the database.
      if (!closed) {
        const timer = setTimeout(() => {
          wakes.delete(timer);
          tick();
        }, options.delayMs + 50);
        wakes.add(timer);
      }
      return ids;
    },
    onReceipt(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Nothing comes in to a sandbox. */
    onInbound: () => () => {},
    /** Stops sweeping; what is still due is reported by the next start, from the database. */
    async close() {
      closed = true;
      if (interval) clearInterval(interval);
      for (const timer of wakes) clearTimeout(timer);
      wakes.clear();
      await running;
    },
  };
}
