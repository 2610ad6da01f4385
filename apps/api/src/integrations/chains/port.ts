import type { CHAIN_ERROR_CODES, CryptoCurrency, Network } from '@parley/shared';

/**
 * The watcher's view of one chain (issue 34): a node behind its own protocol (Bitcoin
 * Core's JSON-RPC, EVM JSON-RPC, TRON's and Solana's HTTP APIs), read block by block.
 * Adapters hold no state Parley depends on: the cursor, the lease and the deposits live
 * in the database (modules/chains), so any instance can pick the work up.
 */

/** A payment to a watched address: one output, token log or native EVM value. */
export interface ChainOutput {
  /** The transaction's hash in its canonical form (canonicalTxHash). */
  txid: string;
  /**
   * Where in the transaction: the vout (`'0'`, `'1'`…) on the Bitcoin family, `'log<N>'`
   * for a token Transfer log (N its place among its transaction's logs, which a
   * transaction mined again in another block keeps), `'tx'` for a native EVM,
   * TRON or Solana transfer. With the network and txid it makes the deposit's unique
   * reference `<network>:<txid>:<output>`.
   */
  output: string;
  /** The receiving address as normalizeAddress writes it (EVM: EIP-55 case). */
  address: string;
  /** The coin or token paid (native coin, USDT, USDC). */
  currency: CryptoCurrency;
  /** Exact decimal in whole coins ("0.00012345"), never a float. */
  amount: string;
}

export interface ChainBlockHeader {
  height: number;
  hash: string;
  /** The previous block's hash: a mismatch with the block scanned before is a reorganisation. */
  parentHash: string;
  /** The time the block claims (miners' clocks; used only to tell on-time from late). */
  time: Date;
}

export interface ChainBlock {
  header: ChainBlockHeader;
  outputs: ChainOutput[];
}

/** Which addresses the watcher is looking for, in normalizeAddress form. */
export type IsWatched = (address: string) => boolean;

export interface ChainWatcher {
  readonly network: Network;
  /**
   * Checks the node answers and is the chain configured (EVM chain id, Bitcoin-family
   * network); rejects with ChainNodeError `CHAIN_MISMATCH` or `CHAIN_UNREACHABLE`.
   */
  check(): Promise<void>;
  /** The height of the node's best block (at the commitment the network settles on). */
  tipHeight(): Promise<number>;
  /** The hash of the best chain's block at `height`, or null above the tip. */
  blockHash(height: number): Promise<string | null>;
  /** The best chain's block at `height` with the outputs paying watched addresses. */
  block(height: number, isWatched: IsWatched): Promise<ChainBlock>;
  /** Outputs not yet in a block that pay watched addresses; [] where the chain shows none. */
  pending(isWatched: IsWatched): Promise<ChainOutput[]>;
  /**
   * Networks whose quotes share one wallet and differ by a key the payment carries
   * (Solana Pay's `reference`): the blocks in heights (from, to] holding payments that
   * carry one of `references` (reference → the wallet it must pay), in height order,
   * their outputs' `address` being the reference. Such a network is not read block by
   * block: the scanner records these and moves its cursor to `to`.
   */
  findByReference?(
    from: number,
    to: number,
    references: ReadonlyMap<string, string>,
  ): Promise<ChainBlock[]>;
}

/**
 * A node's failure as a code (CHAIN_UNREACHABLE: no answer; CHAIN_MISMATCH: another chain
 * than configured; CHAIN_BAD_ANSWER: an answer that does not parse), as the cursor row
 * keeps it and the admin screen translates it.
 */
export type ChainErrorCode = (typeof CHAIN_ERROR_CODES)[number];

/**
 * A node's failure, as a code admins see; the message never holds the RPC URL (it may
 * carry credentials) nor a node's raw answer.
 */
export class ChainNodeError extends Error {
  constructor(
    readonly code: ChainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChainNodeError';
  }
}
