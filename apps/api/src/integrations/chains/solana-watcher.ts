import { jsonRpc, jsonRpcResult } from './json-rpc.js';
import type { ChainBlock, ChainBlockHeader, ChainOutput, ChainWatcher } from './port.js';
import { ChainNodeError } from './port.js';
import { read, type SolanaBlock, solanaBlock, solanaHash, solanaSlot } from './solana-answers.js';
import { createReferenceLookup } from './solana-lookup.js';
import { solOutput } from './solana-payment.js';

/** Mainnet-beta's genesis hash (getGenesisHash): the chain's identity, as there is no id. */
export const SOLANA_MAINNET_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

/**
 * getBlock's answers for a slot with no block: -32007 "Slot N was skipped, or missing due
 * to ledger jump to recent snapshot", -32009 "… missing in long-term storage".
 */
const SKIPPED = new Set([-32007, -32009]);
/** -32004 "Block not available for slot N": not there yet, worth asking again later. */
const NOT_AVAILABLE = -32004;

/** How far back a skipped slot looks for a real block to borrow its time from. */
const TIME_LOOKBACK = 32;

export interface SolanaWatcherOptions {
  /** The RPC URL (may carry credentials; never shown). */
  rpcUrl: string;
  /**
   * The receiving wallet block() reads payments to. The watcher Parley runs finds them
   * by reference instead (findByReference), each reference with its own quote's wallet.
   */
  address?: string;
  timeoutMs?: number;
  /** The genesis hash the node must report; mainnet-beta's unless configured. */
  genesisHash?: string;
}

type SlotAnswer = { kind: 'block'; block: SolanaBlock } | { kind: 'skipped' } | { kind: 'none' };

/** The hash Parley records for a slot that has no block. */
export const skippedHash = (slot: number) => `skipped:${slot}`;

/** A block's header: its parent is the slot just before it, skipped or not (see below). */
function headerOf(slot: number, block: SolanaBlock): ChainBlockHeader {
  return {
    height: slot,
    hash: block.blockhash,
    parentHash: block.parentSlot === slot - 1 ? block.previousBlockhash : skippedHash(slot - 1),
    // A block without a recorded time (old ledgers) is dated when it is read.
    time: typeof block.blockTime === 'number' ? new Date(block.blockTime * 1000) : new Date(),
  };
}

/**
 * The Solana watcher over its JSON-RPC API, at `finalized` commitment: heights are slots,
 * and a finalized slot is never rolled back, hence one confirmation by default.
 *
 * A skipped slot (no block was produced) is an empty block whose hash is `skipped:<slot>`.
 * Every slot's parent is the slot just before it (its blockhash or `skipped:<slot-1>`),
 * not the last real block: the scanner compares a block's parent with the hash it kept
 * for the height below, and a real parent there would look like a reorganisation after
 * every skipped slot.
 */
export function createSolanaWatcher(opts: SolanaWatcherOptions): ChainWatcher {
  const rpc = { url: opts.rpcUrl, timeoutMs: opts.timeoutMs };
  const genesis = opts.genesisHash ?? SOLANA_MAINNET_GENESIS;

  async function tipHeight(): Promise<number> {
    const slot = await jsonRpcResult(rpc, 'getSlot', [{ commitment: 'finalized' }]);
    return read(solanaSlot, slot, 'getSlot');
  }

  async function slotAt(slot: number, details: 'full' | 'none'): Promise<SlotAnswer> {
    const answer = await jsonRpc<unknown>(rpc, 'getBlock', [
      slot,
      {
        commitment: 'finalized',
        encoding: 'json',
        transactionDetails: details,
        rewards: false,
        maxSupportedTransactionVersion: 0,
      },
    ]);
    if ('error' in answer) {
      if (SKIPPED.has(answer.error.code)) return { kind: 'skipped' };
      if (answer.error.code === NOT_AVAILABLE)
        throw new ChainNodeError(
          'CHAIN_UNREACHABLE',
          `The node has no block for slot ${slot} yet.`,
        );
      throw new ChainNodeError(
        'CHAIN_BAD_ANSWER',
        `The node refused getBlock (error ${answer.error.code}).`,
      );
    }
    if (answer.result === null) return { kind: 'none' };
    return { kind: 'block', block: read(solanaBlock, answer.result, 'getBlock') };
  }

  const hashOf = (slot: number, answer: SlotAnswer) =>
    answer.kind === 'block' ? answer.block.blockhash : skippedHash(slot);

  /** A skipped slot's time: the closest real block's before it (a bounded walk back). */
  async function timeBefore(slot: number): Promise<Date> {
    for (let s = slot - 1; s >= 0 && s >= slot - TIME_LOOKBACK; s--) {
      const answer = await slotAt(s, 'none');
      if (answer.kind === 'block' && typeof answer.block.blockTime === 'number')
        return new Date(answer.block.blockTime * 1000);
    }
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no block near slot ${slot}.`);
  }

  async function skippedBlock(slot: number): Promise<ChainBlock> {
    const before = slot > 0 ? await slotAt(slot - 1, 'none') : null;
    if (before?.kind === 'none')
      throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no slot ${slot - 1}.`);
    const time =
      before?.kind === 'block' && typeof before.block.blockTime === 'number'
        ? new Date(before.block.blockTime * 1000)
        : await timeBefore(slot - 1);
    return {
      header: {
        height: slot,
        hash: skippedHash(slot),
        parentHash: before ? hashOf(slot - 1, before) : '',
        time,
      },
      outputs: [],
    };
  }

  /** A slot's header, read without its transactions; a slot with a payment has a block. */
  async function header(slot: number) {
    const answer = await slotAt(slot, 'none');
    if (answer.kind !== 'block')
      throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no block for slot ${slot}.`);
    return headerOf(slot, answer.block);
  }

  return {
    network: 'solana',

    findByReference: createReferenceLookup({ rpc, header }),

    async check() {
      const hash = read(solanaHash, await jsonRpcResult(rpc, 'getGenesisHash'), 'getGenesisHash');
      if (hash !== genesis)
        throw new ChainNodeError(
          'CHAIN_MISMATCH',
          'The Solana node is on another cluster than configured (its genesis hash differs from CHAIN_SOLANA_NETWORK / CHAIN_SOLANA_GENESIS); the watcher does not start.',
        );
    },

    tipHeight,

    async blockHash(slot) {
      if (slot > (await tipHeight())) return null;
      const answer = await slotAt(slot, 'none');
      return answer.kind === 'none' ? null : hashOf(slot, answer);
    },

    async block(slot, isWatched): Promise<ChainBlock> {
      const answer = await slotAt(slot, 'full');
      if (answer.kind === 'skipped') return skippedBlock(slot);
      if (answer.kind === 'none')
        throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no finalized slot ${slot}.`);
      const { block } = answer;
      const outputs: ChainOutput[] = [];
      for (const tx of block.transactions ?? []) {
        const out = solOutput(tx, isWatched, () => opts.address);
        if (out) outputs.push(out);
      }
      return { header: headerOf(slot, block), outputs };
    },

    // Only finalized blocks are read; there is no mempool to look at.
    async pending() {
      return [];
    },
  };
}
