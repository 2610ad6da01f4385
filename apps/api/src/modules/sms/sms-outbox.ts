import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type Receipt,
  type SmsGateway,
} from '../../integrations/sms/port.js';
import { receiptIdCandidates } from '../../integrations/sms/receipt.js';
import type { SmsRepo, SmsRow } from './sms.repo.js';

export const ABANDONED =
  'Interrupted while sending; refunded and not retried, so it is never sent twice.';

export interface OutboxOptions {
  repo: SmsRepo;
  gateway: SmsGateway;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  pollMs?: number;
  batchSize?: number;
  /** How long a claim lasts; a sender that dies leaves its messages for recovery after it. */
  leaseMs?: number;
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
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let current: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  /**
   * Records a receipt. It can outrun our own record of the submit, so an unknown id is
   * looked up again a few times before it is let go; while stopping, it is refused so
   * the SMSC sends it again to whichever instance is up.
   */
  async function applyReceipt(receipt: Receipt): Promise<void> {
    const ids = receiptIdCandidates(receipt.upstreamId);
    for (let tries = 0; ; tries++) {
      if (stopping) throw new Error('Parley is stopping; send the receipt again later.');
      const row = await repo.applyReceipt(
        ids,
        receipt.status,
        receipt.error ?? 'Not delivered',
        now(),
      );
      if (row || tries >= 4) return;
      await new Promise((r) => setTimeout(r, 200 * 2 ** tries));
    }
  }
  const offReceipt = gateway.onReceipt(applyReceipt);

  async function sendOne(row: SmsRow) {
    try {
      const ids = await gateway.submit({
        id: row.id,
        senderId: row.senderId,
        recipient: row.recipient,
        message: row.message,
        acceptedParts: row.acceptedParts,
        reference: row.reference,
      });
      await repo.markSent(
        row.id,
        ids.map((id) => id.toLowerCase()),
        now(),
      );
    } catch (err) {
      if (err instanceof GatewayRejectedError) {
        await repo.fail(row.id, err.message, now());
      } else if (row.attempts >= maxAttempts) {
        await repo.fail(
          row.id,
          `Not sent after ${row.attempts} tries: ${(err as Error).message}`,
          now(),
        );
      } else {
        const accepted = err instanceof GatewayUnavailableError ? err.accepted : row.acceptedParts;
        if (!(err instanceof GatewayUnavailableError))
          log.error({ err, id: row.id }, 'SMS: send failed');
        await repo.retryLater(
          row.id,
          accepted,
          new Date(now().getTime() + (options.retryDelayMs ?? retryDelayMs)(row.attempts)),
          (err as Error).message,
        );
      }
    }
  }

  async function drain() {
    await repo.recoverAbandoned(now(), ABANDONED);
    while (!stopped) {
      const rows = await repo.claim(options.batchSize ?? 40, now(), leaseMs);
      if (rows.length === 0) return;
      // A few submits in flight at once (SMPP windowing); the gateway keeps the rate.
      let next = 0;
      const worker = async () => {
        for (let row = rows[next++]; row; row = rows[next++]) {
          // Put back what this instance took but did not start.
          if (stopped) await repo.retryLater(row.id, row.acceptedParts, now(), '');
          else await sendOne(row);
        }
      };
      await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
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
    },
  };
}
export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
