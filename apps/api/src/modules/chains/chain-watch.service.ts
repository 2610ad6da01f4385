import type { ChainBlock, ChainWatcher, IsWatched } from '../../integrations/chains/port.js';
import { ChainNodeError } from '../../integrations/chains/port.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { ChainCursorRepo, Cursor } from './chain-cursor.repo.js';
import { scanReferences } from './chain-watch-references.js';
import { firstCursor, keptBlocks, lastBlockBefore, NOT_STARTED } from './deposit-credit.js';
import type { DepositSettleRepo } from './deposit-settle.repo.js';
import { createDepositSettling } from './deposit-settling.js';
import type { DepositsRepo } from './deposits.repo.js';
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
    | 'dropVanished'
  >;
  settle: Pick<DepositSettleRepo, 'credit' | 'sweepExpiredUnpaid'>;
  addresses: Pick<WatchedAddressesRepo, 'list' | 'oldestSince'> &
    Partial<Pick<WatchedAddressesRepo, 'references'>>;
  rates: { rate(from: string, to: string): Promise<string> };
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
  /** Blocks scanned at most per pass, so a far-behind cursor catches up over several. */
  maxBlocksPerPass?: number;
  /** How long a deposit with no block may go unseen before it is dropped (DROP_AFTER_MS). */
  dropAfterMs?: number;
}

/** The cursor was fenced off (another instance leads now): the pass stops where it is. */
class Lost extends Error {}

/**
 * The first pass's cursor: before the oldest open watched quote (a quote handed out while
 * the node was away may be paid already), else `required` below the tip.
 */
async function startHeight(deps: ChainWatchDeps, tip: number, now: Date): Promise<number> {
  const { watcher, confirmations: required } = deps;
  const oldest = await deps.addresses.oldestSince(watcher.network, now, deps.lateWindowMs);
  if (oldest === null) return firstCursor(tip, required);
  const timeAt = async (h: number) => (await watcher.block(h, () => false)).header.time;
  return firstCursor(tip, required, await lastBlockBefore(oldest, tip, timeAt));
}

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

  const { publish, settleOpen, recheckCredited, dropVanished } = createDepositSettling({
    ...deps,
    network,
    required,
  });
  /** One pass, with its own time, lease and cache of the node's block hashes. */
  async function pass(): Promise<PassResult> {
    const now = deps.now();
    // Every fenced write renews the lease from its own time, so a long pass keeps it.
    const lease = () => new Date(deps.now().getTime() + leaseMs);
    const held = await deps.cursors.takeLease(network, owner, now, lease());
    if (!held) return { status: 'standby' };
    const hashes = new Map<number, string | null>();
    const nodeHash = async (height: number) => {
      if (!hashes.has(height)) hashes.set(height, await watcher.blockHash(height));
      return hashes.get(height) ?? null;
    };
    const setCursor = async (from: number, to: Cursor) => {
      if (!(await deps.cursors.setCursor({ network, owner, from, to, leaseUntil: lease() })))
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
        const start = await startHeight(deps, tip, now);
        const hash = await nodeHash(start);
        if (hash === null)
          throw new ChainNodeError('CHAIN_BAD_ANSWER', 'No block at the start height.');
        cursor = await setCursor(NOT_STARTED, { height: start, hash });
      }
      cursor = await agreed(cursor);
      if (watcher.findByReference) {
        const found = await scanReferences({
          ...deps,
          cursor,
          tip,
          kept,
          now,
          lease,
          nodeHash,
          publish,
        });
        if (!found) throw new Lost();
        cursor = found;
      }
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
          tip,
          kept,
          now,
          leaseUntil: lease(),
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
      if (cursor.height === tip) await dropVanished(now);
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
      // Not started yet: the node is away or on another chain; the log says which.
      if (!checked) deps.log.warn({ network, code: err.code }, err.message);
      await deps.cursors.recordStatus(network, owner, { error: err.code, at: now });
      return { status: 'node-error', code: err.code };
    }
  }

  return { network, pass };
}
export type ChainWatch = ReturnType<typeof createChainWatch>;
