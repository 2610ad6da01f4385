import { canonicalTxHash, fromUnits } from '@parley/shared';
import type { ChainToken } from '../../config/chains-config.js';
import type { ChainBlock, ChainOutput, ChainWatcher, IsWatched } from './port.js';
import { ChainNodeError } from './port.js';
import { tronAddress, tronBase58ToHex } from './tron-address.js';
import {
  exactUnits,
  isEmptyObject,
  read,
  type TronBlock,
  type TronTransaction,
  type TronTxInfo,
  tronBlock,
  tronBlockId,
  tronTxInfos,
} from './tron-answers.js';
import { tronPost } from './tron-http.js';

/**
 * Mainnet's block 0 (`/wallet/getblockbynum {"num": 0}`). The HTTP API reports no chain
 * id, so the genesis block is what tells mainnet from Nile or Shasta.
 */
export const TRON_MAINNET_GENESIS =
  '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc';

/** keccak256("Transfer(address,address,uint256)"), as TRON writes topics: hex, no 0x. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** TRX has 6 decimals: 1 TRX = 1,000,000 sun. */
const TRX_DECIMALS = 6;

export interface TronWatcherOptions {
  /** The full node's HTTP API base URL (may carry credentials; never shown). */
  rpcUrl: string;
  /** The TRC-20 contracts read (base58 `T…`), USDT by default in the settings. */
  tokens: ChainToken[];
  timeoutMs?: number;
  /** Block 0's id the node must have; mainnet's unless a test network is configured. */
  genesisBlockId?: string;
}

const bad = (what: string) => new ChainNodeError('CHAIN_BAD_ANSWER', what);

/** A native TRX payment: a successful TransferContract to a watched address. */
function trxOutput(tx: TronTransaction, isWatched: IsWatched): ChainOutput | null {
  const [contract] = tx.raw_data.contract;
  if (contract?.type !== 'TransferContract') return null;
  // Only SUCCESS moved the coins; anything else (or no result at all) paid nothing.
  if (tx.ret?.[0]?.contractRet !== 'SUCCESS') return null;
  const value = contract.parameter?.value ?? {};
  const to = tronAddress(value.to_address);
  if (!to) throw bad('The node gave a TRX transfer without a valid receiver.');
  if (!isWatched(to)) return null;
  const sun = exactUnits(value.amount, 'a TRX amount');
  if (sun === 0n) return null;
  return {
    txid: canonicalTxHash('tron', tx.txID),
    output: 'tx',
    address: to,
    currency: 'TRX',
    amount: fromUnits(sun, TRX_DECIMALS),
  };
}

/** A log's emitting contract in base58: 20 bytes of hex (41 implied) or, if visible, T…. */
function logContract(address: string): string | null {
  return /^[0-9a-fA-F]{40}$/.test(address) ? tronAddress(`41${address}`) : tronAddress(address);
}

/**
 * TRC-20 Transfer events of the configured contracts to watched addresses. N in `log<N>`
 * is the log's place within its own transaction: it stays the same if the transaction
 * is mined again in another block, so a re-mined payment keeps its deposit's reference.
 */
function tokenOutputs(infos: TronTxInfo[], tokens: ChainToken[], isWatched: IsWatched) {
  const outputs: ChainOutput[] = [];
  const byContract = new Map(tokens.map((t) => [t.contract, t]));
  for (const info of infos) {
    let index = 0;
    const failed =
      (info.result !== undefined && info.result !== 'SUCCESS') ||
      (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS');
    for (const log of info.log ?? []) {
      const n = index++;
      if (failed) continue;
      const token = byContract.get(logContract(log.address) ?? '');
      const topics = log.topics ?? [];
      if (!token || topics[0]?.toLowerCase() !== TRANSFER_TOPIC || topics.length !== 3) continue;
      const data = log.data ?? '';
      if (!/^[0-9a-fA-F]{64}$/.test(topics[2] ?? '') || !/^[0-9a-fA-F]{64}$/.test(data))
        throw bad('The node gave a malformed TRC-20 Transfer log.');
      const to = tronAddress(`41${(topics[2] as string).slice(24)}`);
      if (!to || !isWatched(to)) continue;
      const units = BigInt(`0x${data}`);
      if (units === 0n) continue;
      outputs.push({
        txid: canonicalTxHash('tron', info.id),
        output: `log${n}`,
        address: to,
        currency: token.currency,
        amount: fromUnits(units, token.decimals),
      });
    }
  }
  return outputs;
}

/**
 * The TRON watcher over java-tron's HTTP API: heights are block numbers, blocks come
 * from `/wallet/getblockbynum`, token events from `/wallet/gettransactioninfobyblocknum`.
 * TRON confirms by depth (the settings' confirmations), not by a commitment level.
 */
export function createTronWatcher(opts: TronWatcherOptions): ChainWatcher {
  const http = { url: opts.rpcUrl, timeoutMs: opts.timeoutMs };
  const genesis = (opts.genesisBlockId ?? TRON_MAINNET_GENESIS).toLowerCase();
  for (const token of opts.tokens)
    if (!tronBase58ToHex(token.contract))
      throw new Error(`The ${token.currency} contract is not a TRON address.`);

  async function blockAt(height: number): Promise<TronBlock | null> {
    const path = '/wallet/getblockbynum';
    const answer = await tronPost(http, path, { num: height });
    if (isEmptyObject(answer)) return null;
    const block = read(tronBlock, answer, path);
    const number = block.block_header.raw_data.number ?? 0;
    if (number !== height) throw bad(`The node answered ${path} with another block.`);
    return block;
  }

  async function tipHeight(): Promise<number> {
    const path = '/wallet/getnowblock';
    const block = read(tronBlock, await tronPost(http, path), path);
    const number = block.block_header.raw_data.number;
    if (number === undefined) throw bad(`The node's answer to ${path} has no block number.`);
    return number;
  }

  return {
    network: 'tron',

    async check() {
      await tipHeight();
      const path = '/wallet/getblockbynum';
      const answer = await tronPost(http, path, { num: 0 });
      const zero = isEmptyObject(answer) ? null : read(tronBlockId, answer, path);
      if (!zero || zero.blockID.toLowerCase() !== genesis)
        throw new ChainNodeError(
          'CHAIN_MISMATCH',
          'The TRON node is on another chain than configured (its block 0 differs from CHAIN_TRON_NETWORK / CHAIN_TRON_GENESIS); the watcher does not start.',
        );
    },

    tipHeight,

    async blockHash(height) {
      const block = await blockAt(height);
      return block ? block.blockID.toLowerCase() : null;
    },

    async block(height, isWatched): Promise<ChainBlock> {
      const block = await blockAt(height);
      if (!block) throw bad(`The node has no TRON block ${height}.`);
      const outputs: ChainOutput[] = [];
      for (const tx of block.transactions ?? []) {
        const out = trxOutput(tx, isWatched);
        if (out) outputs.push(out);
      }
      if (opts.tokens.length > 0 && (block.transactions?.length ?? 0) > 0) {
        const path = '/wallet/gettransactioninfobyblocknum';
        const answer = await tronPost(http, path, { num: height });
        const infos = isEmptyObject(answer) ? [] : read(tronTxInfos, answer, path);
        if (infos.some((i) => i.blockNumber !== height))
          throw bad(`The node answered ${path} with another block.`);
        // One info per transaction: a node missing some would hide token payments.
        if (infos.length !== (block.transactions?.length ?? 0))
          throw bad(`The node's answer to ${path} does not cover the block.`);
        outputs.push(...tokenOutputs(infos, opts.tokens, isWatched));
      }
      const raw = block.block_header.raw_data;
      if (raw.timestamp === undefined) throw bad(`TRON block ${height} has no timestamp.`);
      return {
        header: {
          height,
          hash: block.blockID.toLowerCase(),
          parentHash: raw.parentHash.toLowerCase(),
          time: new Date(raw.timestamp),
        },
        outputs,
      };
    },

    // The HTTP API shows no pending transactions to an address; blocks come every 3 s.
    async pending() {
      return [];
    },
  };
}
