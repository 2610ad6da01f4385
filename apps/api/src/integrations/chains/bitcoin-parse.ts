import {
  type CryptoCurrency,
  canonicalTxHash,
  fromUnits,
  isTxHashFormat,
  type Network,
  toUnits,
} from '@parley/shared';
import { normalizeAddress } from '@parley/shared/chains';
import { addressOfScript } from '@parley/shared/watch-keys';
import { z } from 'zod';
import { type ChainBlock, ChainNodeError, type ChainOutput, type IsWatched } from './port.js';

/**
 * Reading Bitcoin Core's answers (`getblock <hash> 2`, `getrawtransaction <txid> true`)
 * into the port's shapes. Amounts arrive as the node wrote them (json-rpc's `exactKeys`),
 * so they are never floats here.
 */

/** Satoshis (litoshis): both coins have 8 decimals. */
export const COIN_DECIMALS = 8;
/** The parent of a genesis block, which has none. */
export const NO_PARENT = '0'.repeat(64);

export type BitcoinFamily = Extract<Network, 'bitcoin' | 'litecoin'>;

export const COIN: Record<BitcoinFamily, CryptoCurrency> = { bitcoin: 'BTC', litecoin: 'LTC' };

const hash = z.string().regex(/^[0-9a-fA-F]{64}$/);

const scriptPubKey = z.object({
  /** The script itself: the address is written from it for the configured chain. */
  hex: z.string().optional(),
  /** Bitcoin Core 22 and later. */
  address: z.string().optional(),
  /** Bitcoin Core 0.21 and earlier (Litecoin Core 0.21): one element for a plain address. */
  addresses: z.array(z.string()).optional(),
});

const vout = z.object({
  /** A string: json-rpc keeps `value` exact. */
  value: z.string(),
  n: z.number().int().nonnegative(),
  scriptPubKey: scriptPubKey.optional(),
  /** Litecoin's MWEB outputs: hidden amounts and addresses, nothing to read. */
  ismweb: z.boolean().optional(),
});

export const rawTransaction = z.object({
  txid: hash,
  vout: z.array(vout),
});
export type RawTransaction = z.infer<typeof rawTransaction>;

export const verboseBlock = z.object({
  hash,
  height: z.number().int().nonnegative(),
  previousblockhash: hash.optional(),
  time: z.number().int().nonnegative(),
  tx: z.array(rawTransaction),
});
export type VerboseBlock = z.infer<typeof verboseBlock>;

/** A payment in a transaction, before asking whether its address is watched. */
export interface DecodedOutput {
  output: string;
  address: string;
  amount: string;
}

function bad(what: string): ChainNodeError {
  return new ChainNodeError('CHAIN_BAD_ANSWER', `The node's ${what} does not parse.`);
}

/** A node's amount (`"12.34567891"`) as an exact 8-decimal string. */
export function exactAmount(value: string): string {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(value)) throw bad('amount');
  return fromUnits(toUnits(value, COIN_DECIMALS), COIN_DECIMALS);
}

/** mainnet, testnet or regtest: which chain's prefixes addresses are written with. */
export type ChainSetting = 'mainnet' | 'testnet' | 'regtest';

function outputAddress(
  network: BitcoinFamily,
  chain: ChainSetting,
  spk: z.infer<typeof scriptPubKey> | undefined,
): string | null {
  if (!spk) return null;
  // From the script, for the chain configured: the node's own `address` field changed
  // shape between versions and is written for the node's chain, not necessarily ours.
  if (spk.hex) return addressOfScript(network, chain, spk.hex);
  if (spk.address) return spk.address;
  // Bare multisig lists several keys: no single address is paid.
  if (spk.addresses?.length === 1) return spk.addresses[0] ?? null;
  return null;
}

/** The outputs of one transaction that pay an address, in the stored address form. */
export function decodeOutputs(
  network: BitcoinFamily,
  chain: ChainSetting,
  tx: RawTransaction,
): DecodedOutput[] {
  const out: DecodedOutput[] = [];
  for (const v of tx.vout) {
    if (v.ismweb) continue;
    const address = outputAddress(network, chain, v.scriptPubKey);
    if (!address) continue;
    out.push({
      output: String(v.n),
      address: normalizeAddress(network, address),
      amount: exactAmount(v.value),
    });
  }
  return out;
}

/** A decoded transaction's outputs that pay watched addresses. */
export function watchedOutputs(
  network: BitcoinFamily,
  txid: string,
  decoded: readonly DecodedOutput[],
  isWatched: IsWatched,
): ChainOutput[] {
  return decoded
    .filter((d) => isWatched(d.address))
    .map((d) => ({
      txid: canonicalTxHash(network, txid),
      output: d.output,
      address: d.address,
      currency: COIN[network],
      amount: d.amount,
    }));
}

/** Validates a `getrawtransaction <txid> true` answer. */
export function parseRawTransaction(answer: unknown): RawTransaction {
  const parsed = rawTransaction.safeParse(answer);
  if (!parsed.success || !isTxHashFormat('bitcoin', parsed.data.txid)) throw bad('transaction');
  return parsed.data;
}

/** A `getblock <hash> 2` answer as the port's block, keeping outputs to watched addresses. */
export function parseVerboseBlock(
  network: BitcoinFamily,
  chain: ChainSetting,
  answer: unknown,
  isWatched: IsWatched,
): ChainBlock {
  const parsed = verboseBlock.safeParse(answer);
  if (!parsed.success) throw bad('block');
  const b = parsed.data;
  const outputs = b.tx.flatMap((tx) =>
    watchedOutputs(network, tx.txid, decodeOutputs(network, chain, tx), isWatched),
  );
  return {
    header: {
      height: b.height,
      hash: b.hash.toLowerCase(),
      parentHash: (b.previousblockhash ?? NO_PARENT).toLowerCase(),
      time: new Date(b.time * 1000),
    },
    outputs,
  };
}
