import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { toChecksumAddress } from '../addresses.js';
import type { Refusal, WatchKey } from './parse.js';
import type { ChainSetting } from './versions.js';

const base58check = createBase58check(sha256);

/** The highest non-hardened child index (BIP32): 2^31 - 1. */
export const MAX_INDEX = 0x7fffffff;
/** How many addresses `firstAddresses` shows at most. */
export const MAX_PREVIEW = 100;

/** Bech32 prefixes of native segwit addresses (BIP173; Litecoin Core's chain params). */
const HRP: Record<'bitcoin' | 'litecoin', Record<ChainSetting, string>> = {
  bitcoin: { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' },
  litecoin: { mainnet: 'ltc', testnet: 'tltc', regtest: 'rltc' },
};

const TRON_PREFIX = 0x41;

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Last 20 bytes of keccak-256 over the uncompressed key without its 0x04 byte. */
function keccakAddress(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

function encode(key: WatchKey, publicKey: Uint8Array): string {
  switch (key.kind) {
    case 'p2wpkh': {
      const hrp = HRP[key.network as 'bitcoin' | 'litecoin'][key.chain];
      const address = p2wpkh(publicKey, {
        bech32: hrp,
        pubKeyHash: 0,
        scriptHash: 0,
        wif: 0,
      }).address;
      if (!address) throw new Error('p2wpkh gave no address');
      return address;
    }
    case 'evm':
      return toChecksumAddress(`0x${hex(keccakAddress(publicKey))}`);
    case 'tron':
      return base58check.encode(Uint8Array.of(TRON_PREFIX, ...keccakAddress(publicKey)));
  }
}

/** The receive chain (child 0) of each account key, derived once. */
const receiveChains = new WeakMap<WatchKey, HDKey>();

function receiveChain(key: WatchKey): HDKey {
  let node = receiveChains.get(key);
  if (!node) {
    node = key.account.deriveChild(0);
    receiveChains.set(key, node);
  }
  return node;
}

/**
 * The receive address `/0/index` of a watch key. `WATCH_KEY_INDEX_UNUSABLE` is BIP32's
 * one-in-2^127 child that does not exist: the caller moves on to the next index.
 */
export function deriveAddress(
  key: WatchKey,
  index: number,
): { ok: true; address: string } | Refusal<'WATCH_KEY_INDEX_INVALID' | 'WATCH_KEY_INDEX_UNUSABLE'> {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_INDEX)
    return { ok: false, code: 'WATCH_KEY_INDEX_INVALID' };
  let publicKey: Uint8Array | null;
  try {
    publicKey = receiveChain(key).deriveChild(index).publicKey;
  } catch {
    return { ok: false, code: 'WATCH_KEY_INDEX_UNUSABLE' };
  }
  if (!publicKey) return { ok: false, code: 'WATCH_KEY_INDEX_UNUSABLE' };
  return { ok: true, address: encode(key, publicKey) };
}

/** The first `n` receive addresses, for an admin to compare with their wallet. */
export function firstAddresses(
  key: WatchKey,
  n: number,
):
  | { ok: true; addresses: { index: number; address: string }[] }
  | Refusal<'WATCH_KEY_COUNT_INVALID'> {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PREVIEW)
    return { ok: false, code: 'WATCH_KEY_COUNT_INVALID' };
  const addresses: { index: number; address: string }[] = [];
  for (let index = 0; addresses.length < n && index <= MAX_INDEX; index++) {
    const derived = deriveAddress(key, index);
    if (derived.ok) addresses.push({ index, address: derived.address });
  }
  return { ok: true, addresses };
}
