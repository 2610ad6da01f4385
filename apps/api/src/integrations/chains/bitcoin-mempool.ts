import {
  type BitcoinFamily,
  type ChainSetting,
  type DecodedOutput,
  decodeOutputs,
  parseRawTransaction,
  watchedOutputs,
} from './bitcoin-parse.js';
import { type JsonRpcOptions, jsonRpc, jsonRpcResult } from './json-rpc.js';
import { ChainNodeError, type ChainOutput, type IsWatched } from './port.js';

/**
 * The mempool as the watcher sees it: transactions decoded once and remembered by txid
 * while they stay in the mempool, so each `pending()` fetches only the new ones. All
 * outputs with an address are kept (not just watched ones): an address may be watched
 * from the next call on.
 */

/** Transactions fetched per call by default: one call stays bounded on a busy mempool. */
export const DEFAULT_FETCH_LIMIT = 2_000;
/** Decoded transactions remembered at most; beyond it new ones wait for room. */
export const MAX_CACHED = 50_000;
/** Fetches in flight at once. */
const PARALLEL = 8;
/** Bitcoin Core's RPC_INVALID_ADDRESS_OR_KEY: the transaction left the mempool meanwhile. */
const RPC_NOT_FOUND = -5;

export interface MempoolReader {
  pending(isWatched: IsWatched): Promise<ChainOutput[]>;
  /** How many transactions are remembered (for tests). */
  cached(): number;
}

export function createMempoolReader(
  network: BitcoinFamily,
  chain: ChainSetting,
  rpc: JsonRpcOptions,
  fetchLimit = DEFAULT_FETCH_LIMIT,
  maxCached = MAX_CACHED,
): MempoolReader {
  const seen = new Map<string, DecodedOutput[]>();

  async function mempoolTxids(): Promise<string[]> {
    const answer = await jsonRpcResult<unknown>(rpc, 'getrawmempool');
    if (
      !Array.isArray(answer) ||
      !answer.every((t) => typeof t === 'string' && /^[0-9a-fA-F]{64}$/.test(t))
    )
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's mempool does not parse.");
    return (answer as string[]).map((t) => t.toLowerCase());
  }

  async function fetchOne(txid: string): Promise<void> {
    const answer = await jsonRpc<unknown>(rpc, 'getrawtransaction', [txid, true]);
    if ('error' in answer) {
      if (answer.error.code === RPC_NOT_FOUND) return;
      throw new ChainNodeError(
        'CHAIN_BAD_ANSWER',
        `The node refused getrawtransaction (error ${answer.error.code}).`,
      );
    }
    const tx = parseRawTransaction(answer.result);
    if (tx.txid.toLowerCase() !== txid)
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's transaction is not the one asked.");
    seen.set(txid, decodeOutputs(network, chain, tx));
  }

  async function fetchAll(txids: readonly string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < txids.length) {
        const txid = txids[next++] as string;
        await fetchOne(txid);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, txids.length) }, worker));
  }

  async function pending(isWatched: IsWatched): Promise<ChainOutput[]> {
    const txids = await mempoolTxids();
    const current = new Set(txids);
    // Mined or evicted: forgotten, so the cache is bounded by the mempool.
    for (const txid of seen.keys()) if (!current.has(txid)) seen.delete(txid);
    const room = Math.max(0, Math.min(fetchLimit, maxCached - seen.size));
    const unseen = txids.filter((t) => !seen.has(t)).slice(0, room);
    await fetchAll(unseen);
    return txids.flatMap((txid) => {
      const decoded = seen.get(txid);
      return decoded ? watchedOutputs(network, txid, decoded, isWatched) : [];
    });
  }

  return { pending, cached: () => seen.size };
}
