import { BILLING_CURRENCY, moneyText, trimDecimal } from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import {
  confirmationsOf,
  creditPlan,
  DROP_AFTER_MS,
  dayRateCredit,
  recheckFrom,
} from './deposit-credit.js';
import type { DepositSettleRepo } from './deposit-settle.repo.js';
import type { DepositRow, DepositsRepo, OpenDeposit } from './deposits.repo.js';

type NodeHash = (height: number) => Promise<string | null>;

/** The deposit.updated event of a deposit row. */
export function depositEvent(d: DepositRow, required: number) {
  return {
    type: 'deposit.updated' as const,
    data: {
      userId: d.userId,
      id: d.id,
      quoteId: d.quoteId,
      network: d.network,
      currency: d.currency,
      amount: trimDecimal(d.amount),
      status: d.status as 'seen' | 'credited' | 'dropped',
      confirmations: d.confirmations,
      required,
      late: d.late,
      creditAmount: d.creditAmount === null ? null : moneyText(d.creditAmount),
      flagged: d.flaggedAt !== null,
    },
  };
}

/**
 * What a pass does with the deposits it knows once the blocks are scanned: counts
 * confirmations, credits at the required count, sends back to waiting those whose block
 * left the chain, drops those the node no longer shows anywhere, and flags (never
 * debits) credited ones whose block was replaced.
 */
export function createDepositSettling(deps: {
  network: string;
  required: number;
  deposits: Pick<
    DepositsRepo,
    'open' | 'setConfirmations' | 'backToWaiting' | 'recentlyCredited' | 'flag' | 'dropVanished'
  >;
  /** How long a block-less deposit may go unseen before it is dropped (DROP_AFTER_MS). */
  dropAfterMs?: number;
  /** How long after expiry a quote's address is still watched. */
  lateWindowMs: number;
  settle: Pick<DepositSettleRepo, 'credit'>;
  rates: { rate(from: string, to: string): Promise<string> };
  events: Pick<EventBus, 'publish'>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { network, required } = deps;
  const publish = (d: DepositRow) => deps.events.publish(depositEvent(d, required));
  /** Each open deposit: back to waiting if its block left, else its count, credited at `required`. */
  async function settleOpen(tip: number, nodeHash: NodeHash, now: Date): Promise<number> {
    let credited = 0;
    for (const open of await deps.deposits.open(network)) {
      const { deposit } = open;
      if (deposit.blockHeight !== null && deposit.blockHash !== null) {
        if ((await nodeHash(deposit.blockHeight)) !== deposit.blockHash) {
          const back = await deps.deposits.backToWaiting(deposit.id, deposit.blockHash, now);
          if (back) publish(back);
          continue;
        }
      }
      const count = confirmationsOf(tip, deposit.blockHeight);
      if (count >= required) {
        if (await credit(open, count, now)) credited++;
      } else if (count !== deposit.confirmations) {
        const row = await deps.deposits.setConfirmations(deposit.id, count);
        if (row) publish(row);
      }
    }
    return credited;
  }

  /** Credits one deposit by the rules; a missing day's rate leaves it for the next pass. */
  async function credit(open: OpenDeposit, count: number, now: Date): Promise<boolean> {
    const { deposit, quote } = open;
    const plan = creditPlan(quote, { ...deposit, blockTime: null });
    let amount: string;
    let rate: string;
    if (plan.kind === 'locked') ({ amount, rate } = plan);
    else {
      try {
        rate = await deps.rates.rate(deposit.currency, BILLING_CURRENCY);
      } catch (err) {
        deps.log.warn(
          { err, network, deposit: deposit.id },
          'no rate to credit a late deposit yet',
        );
        return false;
      }
      amount = dayRateCredit(deposit.amount, rate);
    }
    const done = await deps.settle.credit({
      depositId: deposit.id,
      amount,
      rate,
      late: plan.late,
      confirmations: count,
      at: now,
    });
    if (!done) return false;
    publish(done.deposit);
    if (done.transaction)
      deps.events.publish({
        type: 'transaction.updated',
        data: {
          id: done.transaction.id,
          userId: done.transaction.userId,
          status: done.transaction.status,
        },
      });
    return true;
  }

  /** Credited deposits of the last 2 × required blocks whose block was replaced: flagged with the evidence. */
  async function recheckCredited(tip: number, nodeHash: NodeHash, now: Date) {
    for (const d of await deps.deposits.recentlyCredited(network, recheckFrom(tip, required))) {
      if (d.blockHeight === null || d.blockHash === null) continue;
      const seen = await nodeHash(d.blockHeight);
      if (seen === d.blockHash) continue;
      const evidence = {
        height: d.blockHeight,
        creditedBlockHash: d.blockHash,
        nodeBlockHash: seen,
      };
      const flagged = await deps.deposits.flag(d.id, evidence, now);
      if (!flagged) continue;
      deps.log.warn({ network, deposit: d.id, ...evidence }, 'a credited deposit left the chain');
      publish(flagged);
    }
  }

  /**
   * Drops the block-less deposits the node has not shown for `dropAfterMs`; only once
   * the scan is at the tip, so one mined in a block not yet read is never dropped.
   */
  async function dropVanished(now: Date) {
    const before = new Date(now.getTime() - (deps.dropAfterMs ?? DROP_AFTER_MS));
    const watchedAfter = new Date(now.getTime() - deps.lateWindowMs);
    for (const d of await deps.deposits.dropVanished(network, { before, watchedAfter, at: now }))
      publish(d);
  }

  return { publish, settleOpen, recheckCredited, dropVanished };
}
