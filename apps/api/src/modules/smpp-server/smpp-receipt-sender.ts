import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { receiptPdu } from './smpp-receipt-pdu.js';
import type { ClaimedReceipt, SmppReceiptsRepo } from './smpp-receipts.repo.js';
import type { LocalSession } from './smpp-session.js';

/** Receipts sent at once to one session: within a gateway's usual window. */
const RECEIPTS_IN_FLIGHT = 10;
/** How long a claimed receipt is held: unanswered, it comes back after this. */
const LEASE_MS = 30_000;
/** deliver_sm_resp statuses that ask for the receipt again later; any other ends it. */
const TRY_AGAIN = new Set([0x14, 0x58, 0x64]);

/**
 * Sends due receipts to the receivers bound on this instance, spread over an account's
 * sessions in turn. Acknowledged, a receipt is done; refused for good, it is dropped
 * (logged); busy or unanswered, its lease brings it back later.
 */
export function createReceiptSender(deps: {
  repo: SmppReceiptsRepo;
  live: () => LocalSession[];
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  intervalMs: number;
}) {
  let turn = 0;
  const receivers = () => deps.live().filter((s) => s.bindType !== 'transmitter');

  function receiverOf(accountId: string): LocalSession | undefined {
    const list = receivers().filter((s) => s.account.id === accountId);
    turn += 1;
    return list[turn % Math.max(list.length, 1)];
  }

  async function sendOne(r: ClaimedReceipt) {
    const session = receiverOf(r.accountId);
    if (!session) return deps.repo.release(r.id);
    const status = await session.deliver(receiptPdu(r));
    if (status === null || TRY_AGAIN.has(status)) return;
    if (status !== 0)
      deps.log.warn({ status, systemId: session.account.systemId }, 'smpp: receipt refused');
    await deps.repo.sent(r.id);
  }

  return createPeriodicJob({
    name: 'smpp: receipts',
    intervalMs: deps.intervalMs,
    log: deps.log,
    pass: async () => {
      const accounts = [...new Set(receivers().map((s) => s.account.id))];
      const due = await deps.repo.claim(accounts, LEASE_MS, 200);
      for (let i = 0; i < due.length; i += RECEIPTS_IN_FLIGHT)
        await Promise.all(due.slice(i, i + RECEIPTS_IN_FLIGHT).map(sendOne));
    },
  });
}
