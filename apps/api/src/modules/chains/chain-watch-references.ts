import type { ChainBlock, ChainWatcher } from '../../integrations/chains/port.js';
import { ChainNodeError } from '../../integrations/chains/port.js';
import type { Cursor } from './chain-cursor.repo.js';
import type { DepositRow, DepositsRepo } from './deposits.repo.js';
import type { WatchedAddressesRepo } from './watched-addresses.repo.js';

/**
 * One pass of a network found by reference (Solana Pay, decision 0059): instead of
 * every block from the cursor, the blocks up to the tip holding payments that carry a
 * watched quote's reference, each recorded as the scanner records any block (deposits,
 * kept hash, fenced cursor), then the cursor moved onto the tip. Returns the new cursor,
 * or null when the fence failed (another instance leads now). Only for a chain read at
 * finality: no block between is compared with its parent.
 */
export async function scanReferences(p: {
  watcher: ChainWatcher;
  instanceId: string;
  lateWindowMs: number;
  addresses: Partial<Pick<WatchedAddressesRepo, 'references'>>;
  deposits: Pick<DepositsRepo, 'recordBlock'>;
  cursor: Cursor;
  tip: number;
  kept: number;
  now: Date;
  lease: () => Date;
  nodeHash: (height: number) => Promise<string | null>;
  publish: (d: DepositRow) => void;
}): Promise<Cursor | null> {
  const { watcher, tip, now } = p;
  const network = watcher.network;
  let cursor = p.cursor;
  if (cursor.height >= tip || !watcher.findByReference) return cursor;
  const references = (await p.addresses.references?.(network, now, p.lateWindowMs)) ?? new Map();
  const found =
    references.size > 0 ? await watcher.findByReference(cursor.height, tip, references) : [];
  const record = (block: ChainBlock) =>
    p.deposits.recordBlock({
      network,
      owner: p.instanceId,
      from: cursor.height,
      block,
      tip,
      kept: p.kept,
      now,
      leaseUntil: p.lease(),
    });
  for (const block of found) {
    const rows = await record(block);
    if (rows === null) return null;
    for (const d of rows) p.publish(d);
    cursor = { height: block.header.height, hash: block.header.hash };
  }
  if (cursor.height < tip) {
    const hash = await p.nodeHash(tip);
    if (hash === null) throw new ChainNodeError('CHAIN_BAD_ANSWER', 'No block at the tip.');
    const header = { height: tip, hash, parentHash: cursor.hash, time: now };
    if ((await record({ header, outputs: [] })) === null) return null;
    cursor = { height: tip, hash };
  }
  return cursor;
}
