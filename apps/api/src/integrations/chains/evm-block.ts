import type { CryptoCurrency } from '@parley/shared';
import { normalizeAddress } from '@parley/shared/chains';
import type { ChainToken } from '../../config/chains-config.js';
import {
  address,
  quantity,
  smallQuantity,
  topicAddress,
  unitsToDecimal,
  word,
} from './evm-quantities.js';
import { type ChainBlockHeader, ChainNodeError, type ChainOutput, type IsWatched } from './port.js';

/** The EVM networks one adapter serves: the same JSON-RPC, another chain id and coin. */
export type EvmNetwork = 'ethereum' | 'bsc' | 'polygon';

/** Each network's native coin, paid as a transaction's `value` (18 decimals on all three). */
export const NATIVE_COIN: Record<EvmNetwork, CryptoCurrency> = {
  ethereum: 'ETH',
  bsc: 'BNB',
  polygon: 'MATIC',
};
const NATIVE_DECIMALS = 18;

/** keccak-256 of `Transfer(address,address,uint256)`: the ERC-20 Transfer event's topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const bad = (message: string) => new ChainNodeError('CHAIN_BAD_ANSWER', message);

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(`The node's ${what} is not an object.`);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw bad(`The node's ${what} is not a list.`);
  return value;
}

/** The header of an `eth_getBlockByNumber` answer, checked to be the height asked for. */
export function readHeader(raw: unknown, height: number): ChainBlockHeader {
  const block = record(raw, 'block');
  if (smallQuantity(block.number, 'block number') !== height)
    throw bad(`The node answered another block than height ${height}.`);
  return {
    height,
    hash: word(block.hash, 'block hash'),
    parentHash: word(block.parentHash, 'parent hash'),
    time: new Date(smallQuantity(block.timestamp, 'block time') * 1000),
  };
}

/**
 * The block's transactions moving native coin to a watched address. Only a transaction's
 * own `to` and `value` are read: coin a contract moves on (an internal transfer) leaves
 * no trace here, so it is not seen. Whether each one succeeded is for the receipt to say.
 */
export function nativeTransfers(
  raw: unknown,
  network: EvmNetwork,
  isWatched: IsWatched,
): ChainOutput[] {
  const outputs: ChainOutput[] = [];
  for (const item of list(record(raw, 'block').transactions, 'transaction list')) {
    const tx = record(item, 'transaction');
    const txid = word(tx.hash, 'transaction hash');
    const value = quantity(tx.value, 'transaction value');
    // A contract creation has no recipient.
    if (tx.to === null || tx.to === undefined || value === 0n) continue;
    const to = normalizeAddress(network, address(tx.to, 'transaction recipient'));
    if (!isWatched(to)) continue;
    outputs.push({
      txid,
      output: 'tx',
      address: to,
      currency: NATIVE_COIN[network],
      amount: unitsToDecimal(value, NATIVE_DECIMALS),
    });
  }
  return outputs;
}

/**
 * Whether a transaction's receipt says it succeeded (`status` 0x1) in the block read:
 * a failed one moved no value. A receipt from another block means the chain moved
 * under the watcher, which then reads the height again.
 */
export function succeeded(raw: unknown, blockHash: string): boolean {
  return quantity(receiptOf(raw, blockHash).status, 'receipt status') === 1n;
}

function receiptOf(raw: unknown, blockHash: string): Record<string, unknown> {
  if (raw === null) throw bad('The node has no receipt for a transaction in its block.');
  const receipt = record(raw, 'receipt');
  if (word(receipt.blockHash, 'receipt block hash') !== blockHash)
    throw bad('The block changed while it was read.');
  return receipt;
}

/**
 * A token log's place within its transaction (`log<i>`, i its position among the
 * receipt's logs), from its block-wide `log<logIndex>`. The block-wide index changes when
 * the transaction is mined again in another block; its place in the transaction does
 * not, so neither does the deposit's reference, and a re-mined payment is never a
 * second deposit.
 */
export function logInTransaction(raw: unknown, blockOutput: string, blockHash: string): string {
  const logs = list(receiptOf(raw, blockHash).logs, 'receipt logs');
  const blockIndex = BigInt(blockOutput.slice('log'.length));
  const i = logs.findIndex((l) => quantity(record(l, 'log').logIndex, 'log index') === blockIndex);
  if (i < 0) throw bad('The receipt does not hold the transfer log.');
  return `log${i}`;
}

/**
 * Token Transfer logs to watched addresses, from `eth_getLogs` filtered on the block's
 * hash, the token contracts and the Transfer topic. Logs of another shape (an indexed
 * amount, as ERC-721's Transfer has) or with nothing moved are not payments.
 */
export function tokenTransfers(
  raw: unknown,
  network: EvmNetwork,
  tokens: ReadonlyMap<string, ChainToken>,
  blockHash: string,
  isWatched: IsWatched,
): ChainOutput[] {
  const outputs: ChainOutput[] = [];
  for (const item of list(raw, 'log list')) {
    const log = record(item, 'log');
    if (log.removed === true) continue;
    const token = tokens.get(address(log.address, 'log address'));
    const topics = list(log.topics, 'log topics');
    if (!token || topics.length !== 3 || word(topics[0], 'log topic') !== TRANSFER_TOPIC) continue;
    if (word(log.blockHash, 'log block hash') !== blockHash)
      throw bad('The node answered logs of another block.');
    const units = quantity(word(log.data, 'log data'), 'log data');
    const to = normalizeAddress(network, topicAddress(topics[2], 'log recipient'));
    if (units === 0n || !isWatched(to)) continue;
    outputs.push({
      txid: word(log.transactionHash, 'log transaction hash'),
      output: `log${smallQuantity(log.logIndex, 'log index')}`,
      address: to,
      currency: token.currency,
      amount: unitsToDecimal(units, token.decimals),
    });
  }
  return outputs;
}
