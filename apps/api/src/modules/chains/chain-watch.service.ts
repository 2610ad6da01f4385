import { BILLING_CURRENCY } from '@parley/shared';
import type { ChainBlock, ChainWatcher, IsWatched } from '../../integrations/chains/port.js';
import { ChainNodeError } from '../../integrations/chains/port.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { ChainCursorRepo, Cursor } from './chain-cursor.repo.js';
import { NOT_STARTED } from './chain-cursor.repo.js';
import {
  confirmationsOf,
  creditPlan,
  dayRateCredit,
  firstCursor,
  keptBlocks,
  recheckFrom,
} from './deposit-credit.js';
import type { DepositSettleRepo } from './deposit-settle.repo.js';
import type { DepositRow, DepositsRepo, OpenDeposit } from './deposits.repo.js';
import type { WatchedAddressesRepo } from './watched-addresses.repo.js';

/** What one pass did: scanned up to `height`, stood by (another instance leads), or failed on the node. */
export type PassResult =
  | { status: 'scanned'; height: number; tip: number; credited: number }
  | { status: 'standby' }
  | { status: 'lost' }
  | { status: 'node-error'; code: string };

export interface ChainWatchDeps {
  watcher: ChainWatcher;
  confirmations: number;
  lateWindowMs: number;
  pollMs: number;
  instanceId: string;
  cursors: Pick<ChainCursorRepo, 'takeLease' | 'hashAt' | 'setCursor' | 'recordStatus'>;
  deposits: Pick<
    DepositsRepo,
    | 'recordBlock'
    | 'recordPending'
    | 'open'
    | 'setConfirmations'
    | 'backToWaiting'
    | 'recentlyCredited'
    | 'flag'
  >;
  settle: Pick<DepositSettleRepo, 'credit' | 'sweepExpiredUnpaid'>;
  addresses: Pick<WatchedAddressesRepo, 'list'>;
  rates: { rate(from: string, to: string): Promise<string> };
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
  /** Blocks scanned at most per pass, so a far-behind cursor catches up over several. */
  maxBlocksPerPass?: number;
}

/** The cursor was fenced off (another instance leads now): the pass stops where it is. */
class Lost extends Error {}

/**
 * One network's watcher (issue 34): each pass takes the lease, follows the node's best
 * chain block by block from the cursor (walking back over reorganisations), records the
 * outputs paying watched addresses as deposits, and settles them: confirmations, credit
 * once at the required count, back to waiting when their block leaves the chain, and a
 * flag (never a debit) when a credited one's block is replaced.
 */
export function createChainWatch(deps: ChainWatchDeps) {
  const { watcher, confirmations: required, instanceId: owner } = deps;
  const network = watcher.network;
  const kept = keptBlocks(required);
  const maxBlocks = deps.maxBlocksPerPass ?? 500;
  const leaseMs = Math.max(3 * deps.pollMs, 1000);
  let checked = false;

  function publish(d: DepositRow) {
    deps.events.publish({
      type: 'deposit.updated',
      data: {
        userId: d.userId,
        id: d.id,
        quoteId: d.quoteId,
        network: d.network,
        currency: d.currency,
        amount: d.amount,
        status: d.status as 'seen' | 'credited' | 'dropped',
        confirmations: d.confirmations,
        required,
        late: d.late,
        creditAmount: d.creditAmount,
        flagged: d.flaggedAt !== null,
      },
    });
  }

  /** One pass, with its own time, lease and cache of the node's block hashes. */
  async function pass(): Promise<PassResult> {
    const now = deps.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const held = await deps.cursors.takeLease(network, owner, now, leaseUntil);
    if (!held) return { status: 'standby' };
    const hashes = new Map<number, string | null>();
    const nodeHash = async (height: number) => {
      if (!hashes.has(height)) hashes.set(height, await watcher.blockHash(height));
      return hashes.get(height) ?? null;
    };
    const setCursor = async (from: number, to: Cursor) => {
      if (!(await deps.cursors.setCursor({ network, owner, from, to, leaseUntil })))
        throw new Lost();
      return to;
    };

    /** Back from `cursor` to the highest kept block the node still has (bounded by the window). */
    async function agreed(cursor: Cursor): Promise<Cursor> {
      for (let h = cursor.height; h >= Math.max(cursor.height - kept, 0); h--) {
        const stored = h === cursor.height ? cursor.hash : await deps.cursors.hashAt(network, h);
        const node = await nodeHash(h);
        if (stored !== null && stored === node)
          return h === cursor.height
            ? cursor
            : setCursor(cursor.height, { height: h, hash: stored });
        if (stored === null && node !== null) {
          // Deeper than the kept window: rescan from there (writes are idempotent).
          deps.log.warn({ network, height: h }, 'chain reorganisation deeper than the kept blocks');
          return setCursor(cursor.height, { height: h, hash: node });
        }
      }
      throw new ChainNodeError('CHAIN_BAD_ANSWER', 'The node has no block where the chains agree.');
    }

    try {
      if (!checked) {
        await watcher.check();
        checked = true;
      }
      const tip = await watcher.tipHeight();
      const watched = new Set(await deps.addresses.list(network, now, deps.lateWindowMs));
      const isWatched: IsWatched = (address) => watched.has(address);

      let cursor: Cursor = { height: held.height, hash: held.hash };
      if (cursor.height === NOT_STARTED) {
        const start = firstCursor(tip, required);
        const hash = await nodeHash(start);
        if (hash === null)
          throw new ChainNodeError('CHAIN_BAD_ANSWER', 'No block at the start height.');
        cursor = await setCursor(NOT_STARTED, { height: start, hash });
      }
      cursor = await agreed(cursor);
      const last = Math.min(tip, cursor.height + maxBlocks);
      let walks = 0;
      while (cursor.height < last) {
        const block: ChainBlock = await watcher.block(cursor.height + 1, isWatched);
        if (block.header.height !== cursor.height + 1)
          throw new ChainNodeError('CHAIN_BAD_ANSWER', 'The node answered another block height.');
        if (block.header.parentHash !== cursor.hash) {
          // A reorganisation under the scan: walk back, then go on from there.
          if (++walks > 3) break;
          hashes.clear();
          cursor = await agreed(cursor);
          continue;
        }
        const changed = await deps.deposits.recordBlock({
          network,
          owner,
          from: cursor.height,
          block,
          kept,
          now,
          leaseUntil,
        });
        if (changed === null) throw new Lost();
        cursor = { height: block.header.height, hash: block.header.hash };
        for (const d of changed) publish(d);
      }

      for (const d of await deps.deposits.recordPending(
        network,
        await watcher.pending(isWatched),
        now,
      ))
        publish(d);
      const credited = await settleOpen(tip, nodeHash, now);
      await recheckCredited(tip, nodeHash, now);
      for (const t of await deps.settle.sweepExpiredUnpaid(network, now, deps.lateWindowMs))
        deps.events.publish({
          type: 'transaction.updated',
          data: { id: t.id, userId: t.userId, status: 'rejected' },
        });
      await deps.cursors.recordStatus(network, owner, { nodeHeight: tip, error: null, at: now });
      return { status: 'scanned', height: cursor.height, tip, credited };
    } catch (err) {
      if (err instanceof Lost) return { status: 'lost' };
      if (!(err instanceof ChainNodeError)) throw err;
      await deps.cursors.recordStatus(network, owner, { error: err.code, at: now });
      return { status: 'node-error', code: err.code };
    }
  }

  /** Each open deposit: back to waiting if its block left, else its count, credited at `required`. */
  async function settleOpen(
    tip: number,
    nodeHash: (height: number) => Promise<string | null>,
    now: Date,
  ): Promise<number> {
    let credited = 0;
    for (const open of await deps.deposits.open(network)) {
      const { deposit } = open;
      if (deposit.blockHeight !== null && deposit.blockHash !== null) {
        if ((await nodeHash(deposit.blockHeight)) !== deposit.blockHash) {
          const back = await deps.deposits.backToWaiting(deposit.id, deposit.blockHash);
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
  async function recheckCredited(
    tip: number,
    nodeHash: (height: number) => Promise<string | null>,
    now: Date,
  ) {
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

  return { network, pass };
}
export type ChainWatch = ReturnType<typeof createChainWatch>;
