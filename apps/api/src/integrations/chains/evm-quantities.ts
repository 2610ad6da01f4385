import { fromUnits, trimDecimal } from '@parley/shared';
import { ChainNodeError } from './port.js';

/**
 * The EVM JSON-RPC's encodings, read strictly (issue 34): a node's answer that is not one
 * of them is CHAIN_BAD_ANSWER, never a NaN nor an amount read wrong.
 */

/** A QUANTITY: 0x and up to 64 hex digits (a uint256); leading zeros tolerated. */
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
/** 32 bytes of DATA: hashes, topics, a uint256 in a log's data. */
const WORD = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const bad = (what: string) =>
  new ChainNodeError('CHAIN_BAD_ANSWER', `The node's ${what} is not in the EVM JSON-RPC format.`);

/** A hex quantity as an exact integer. */
export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value)) throw bad(what);
  return BigInt(value);
}

/** A hex quantity that must fit a JavaScript number (heights, indexes, timestamps). */
export function smallQuantity(value: unknown, what: string): number {
  const n = quantity(value, what);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw bad(what);
  return Number(n);
}

/** A height as the node takes it ("0x1a"). */
export function toQuantity(height: number): string {
  if (!Number.isSafeInteger(height) || height < 0)
    throw new RangeError(`Not a block height: ${height}`);
  return `0x${height.toString(16)}`;
}

/** A 32-byte hash or word, in lower case. */
export function word(value: unknown, what: string): string {
  if (typeof value !== 'string' || !WORD.test(value)) throw bad(what);
  return value.toLowerCase();
}

/** A 20-byte address, in lower case (the caller writes it in EIP-55 case). */
export function address(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw bad(what);
  return value.toLowerCase();
}

/** The address in a 32-byte topic (an indexed `address` parameter): its last 20 bytes. */
export function topicAddress(value: unknown, what: string): string {
  return `0x${word(value, what).slice(-40)}`;
}

/** An integer number of base units as a decimal of whole coins, without needless zeros. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  if (units < 0n) throw new RangeError('Negative amount');
  return trimDecimal(fromUnits(units, decimals));
}
