import type { ChainToken } from '../../config/chains-config.js';
import {
  type EvmNetwork,
  logInTransaction,
  nativeTransfers,
  readHeader,
  succeeded,
  TRANSFER_TOPIC,
  tokenTransfers,
} from './evm-block.js';
import { quantity, smallQuantity, toQuantity } from './evm-quantities.js';
import { type JsonRpcOptions, jsonRpcResult } from './json-rpc.js';
import { ChainNodeError, type ChainWatcher } from './port.js';

export type { EvmNetwork } from './evm-block.js';

export interface EvmWatcherOptions {
  network: EvmNetwork;
  /** May carry credentials: json-rpc.ts keeps them out of every message. */
  rpcUrl: string;
  /** The EIP-155 chain id the node must report (CHAIN_<NETWORK>_CHAIN_ID). */
  chainId: number;
  /** The token contracts whose Transfer events are payments. */
  tokens: readonly ChainToken[];
  timeoutMs?: number;
}

/**
 * The watcher of an EVM chain (Ethereum, BNB Smart Chain, Polygon) over standard
 * JSON-RPC (issue 34). Native coin is read from the block's transactions, confirmed
 * successful by their receipts; tokens from one `eth_getLogs` per block, filtered by the
 * block's hash (EIP-234) so the logs belong to the header read, even across a reorg.
 *
 * `pending` is always empty: EVM nodes have no standard view of their mempool (and
 * public providers rarely offer one), so a payment is first seen in its block.
 */
export function createEvmWatcher(opts: EvmWatcherOptions): ChainWatcher {
  const { network } = opts;
  const rpc: JsonRpcOptions = { url: opts.rpcUrl, timeoutMs: opts.timeoutMs };
  const call = <T = unknown>(method: string, params: unknown[] = []) =>
    jsonRpcResult<T>(rpc, method, params);
  const tokens = new Map(opts.tokens.map((t) => [t.contract.toLowerCase(), t]));

  return {
    network,

    async check() {
      const id = quantity(await call('eth_chainId'), 'chain id');
      if (id !== BigInt(opts.chainId))
        throw new ChainNodeError(
          'CHAIN_MISMATCH',
          `The node is chain id ${id}, not the configured ${opts.chainId} (${network}).`,
        );
    },

    async tipHeight() {
      return smallQuantity(await call('eth_blockNumber'), 'block number');
    },

    async blockHash(height) {
      const block = await call('eth_getBlockByNumber', [toQuantity(height), false]);
      if (block === null) return null;
      return readHeader(block, height).hash;
    },

    async block(height, isWatched) {
      const raw = await call('eth_getBlockByNumber', [toQuantity(height), true]);
      if (raw === null)
        throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no block at height ${height}.`);
      const header = readHeader(raw, height);
      const natives = nativeTransfers(raw, network, isWatched);
      const receipts = await Promise.all(
        natives.map((o) => call('eth_getTransactionReceipt', [o.txid])),
      );
      const outputs = natives.filter((_, i) => succeeded(receipts[i], header.hash));
      if (tokens.size > 0) {
        const logs = await call('eth_getLogs', [
          { blockHash: header.hash, address: [...tokens.keys()], topics: [TRANSFER_TOPIC] },
        ]);
        const transfers = tokenTransfers(logs, network, tokens, header.hash, isWatched);
        const txids = [...new Set(transfers.map((t) => t.txid))];
        const tokenReceipts = await Promise.all(
          txids.map((id) => call('eth_getTransactionReceipt', [id])),
        );
        const receiptOf = new Map(txids.map((id, i) => [id, tokenReceipts[i]]));
        for (const t of transfers)
          outputs.push({
            ...t,
            output: logInTransaction(receiptOf.get(t.txid) ?? null, t.output, header.hash),
          });
      }
      return { header, outputs };
    },

    async pending() {
      return [];
    },
  };
}
