import type { SmsGateway } from '../../integrations/sms/port.js';
import type { SmsInboundRepo } from './sms-inbound.repo.js';
import type { SmsOutboxRepo } from './sms-outbox.repo.js';
import { createReceiptApplier, inboundRow } from './sms-receipt.js';
import type { SmsRow } from './sms-rows.repo.js';
import { afterFailedSubmit, sendWrites } from './sms-send-steps.js';
import type { SmsSettleRepo } from './sms-settle.repo.js';

/** What the outbox needs of the database: sending, settling and keeping inbound messages. */
export type OutboxRepo = Pick<
  SmsOutboxRepo,
  'claim' | 'renewLeases' | 'markSent' | 'retryLater' | 'fail'
> &
  Pick<SmsSettleRepo, 'applyReceipts' | 'expireOverdue' | 'recoverAbandoned' | 'releaseOwnClaims'> &
  Pick<SmsInboundRepo, 'storeInbound'>;

export const ABANDONED =
  'Interrupted while sending; refunded and not retried, so it is never sent twice.';
export const EXPIRED =
  'No delivery receipt within its validity period; refunded, as delivery was not confirmed.';

export { inboundRow, recipientOf } from './sms-receipt.js';
export { NOT_RESENT } from './sms-send-steps.js';

export interface OutboxOptions {
  repo: OutboxRepo;
  gateway: SmsGateway;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  pollMs?: number;
  batchSize?: number;
  /** How long a claim lasts; a sender that dies leaves its messages for recovery after it. */
  leaseMs?: number;
  /** This instance's stable id: its claims, left by a crash, are settled at start. */
  instanceId?: string;
  /** A `sent` message with no receipt after this long expires and is refunded. */
  receiptTimeoutMs?: number;
  /** After this many tries an undeliverable message fails and is refunded. */
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  /** How many messages are handed over at once. */
  concurrency?: number;
  now?: () => Date;
}

/** 2, 4, 8… seconds, at most five minutes, with some jitter. */
export const retryDelayMs = (attempt: number) =>
  Math.min(2 ** attempt * 1000, 300_000) * (0.8 + Math.random() * 0.4);

/**
 * How often a pass also settles crashed claims and overdue receipts: two transactions,
 * which on every wake-up under load came to a few per handful of messages, and once a
 * second made most of an idle instance's database traffic. An eighth of the shorter of
 * the lease and the receipt timeout, so neither is settled more than an eighth late:
 * 15 s with the defaults (a two-minute lease), never more often than once a second.
 */
export const settleEveryMs = (leaseMs: number, receiptTimeoutMs: number) =>
  Math.min(15_000, Math.max(1000, Math.min(leaseMs, receiptTimeoutMs) / 8));

/**
 * The SMS outbox: takes queued messages from the database and hands them to the
 * gateway, a few at a time (the gateway keeps to the upstream's rate), and applies
 * receipts. An outage leaves messages queued, retried with backoff; a stop lets the
 * message in hand finish and puts the rest back.
 */
export function createSmsOutbox(options: OutboxOptions) {
  const { repo, gateway, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 30;
  const receiptTimeoutMs = options.receiptTimeoutMs ?? 48 * 3_600_000;
  const instanceId = options.instanceId ?? null;
  const retryDelay = options.retryDelayMs ?? retryDelayMs;
  const settleEvery = settleEveryMs(leaseMs, receiptTimeoutMs);
  let ownClaimsReleased = instanceId === null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let current: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  const concurrency = options.concurrency ?? 8;
  const writes = sendWrites({ repo, log, now, leaseMs, max: concurrency });
  const applyReceipt = createReceiptApplier({ repo, log, now, stopping: () => stopping });
  const offReceipt = gateway.onReceipt(applyReceipt);
  const offInbound = gateway.onInbound(async (sms) => {
    if (stopping) throw new Error('stopping');
    await repo.storeInbound(inboundRow(sms, 'message'));
  });

  async function sendOne(row: SmsRow) {
    // Another instance may have recovered it after a long wait: then it is not ours.
    if (!(await writes.handOver({ id: row.id, attempt: row.attempts }))) return;
    let ids: string[];
    try {
      ids = await gateway.submit({
        id: row.id,
        senderId: row.senderId,
        recipient: row.recipient,
        message: row.message,
        acceptedParts: row.acceptedParts,
        reference: row.reference,
      });
    } catch (err) {
      await afterFailedSubmit({ repo, log, now, maxAttempts, retryDelay }, row, err);
      return;
    }
    await writes.recordSent(
      row.id,
      ids.map((id) => id.toLowerCase()),
    );
  }

  /**
   * Settles what waits on nothing any more: crashed claims and overdue receipts. False
   * when overdue receipts are left over for the next pass.
   */
  async function settle(): Promise<boolean> {
    if (!ownClaimsReleased && instanceId) {
      await repo.releaseOwnClaims(instanceId, now(), ABANDONED);
      ownClaimsReleased = true;
    }
    await repo.recoverAbandoned(now(), ABANDONED);
    // Bounded: at most 20 batches a pass; the next pass takes the rest.
    for (let round = 0; round < 20 && !stopped; round++) {
      const at = now();
      const expired = await repo.expireOverdue(
        new Date(at.getTime() - receiptTimeoutMs),
        at,
        EXPIRED,
      );
      if (expired === 0) return true;
    }
    return false;
  }

  let settledAt = Number.NEGATIVE_INFINITY; // now and then, not at each message's wake-up
  async function drain() {
    const at = now().getTime();
    // Until its own old claims are released nothing is claimed (a failed settle throws).
    // 100 ms early counts: a 1 s poll's jitter must not skip a turn.
    const due = at - settledAt >= settleEvery - 100 || at < settledAt;
    if (!ownClaimsReleased || due) {
      // A backlog of overdue receipts goes on at the next poll, not a whole interval later.
      if (await settle()) settledAt = at;
    }
    while (!stopped) {
      const rows = await repo.claim(options.batchSize ?? 40, now(), leaseMs, instanceId);
      if (rows.length === 0) return;
      // A few submits in flight at once (SMPP windowing); the gateway keeps the rate.
      let next = 0;
      const worker = async () => {
        for (let row = rows[next++]; row; row = rows[next++]) {
          // Put back what this instance took but did not start.
          if (stopped) await repo.retryLater(row.id, row.acceptedParts, now(), '');
          // One message's database trouble must not stop the others; its claim runs
          // out and recovery settles it.
          else
            await sendOne(row).catch((err) =>
              log.error({ err, id: row.id }, 'SMS: send step failed'),
            );
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    }
  }

  function tick() {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = drain()
      .catch((err) => log.error({ err }, 'SMS: outbox pass failed'))
      .finally(() => {
        current = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(tick, options.pollMs ?? 1000);
      tick();
    },
    /** New messages are waiting: look now rather than at the next poll. */
    wake: () => tick(),
    /**
     * Stops sending: waits for the message in hand; what is still queued stays queued
     * for next time. Receipts are still recorded until detach().
     */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
    /** After the gateway is closed: no more receipts are taken. */
    detach() {
      stopping = true;
      offReceipt();
      offInbound();
    },
  };
}
export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
