import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import type { Network } from '../domain/crypto.js';

const base58check = createBase58check(sha256);

/** Bytes of a base58check string (checksum verified), or null. */
function fromBase58check(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** A segwit address for `hrp` (BIP173 v0 with bech32, BIP350 v1+ with bech32m). */
function isSegwit(address: string, hrp: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
      if (prefix !== hrp || words.length === 0) continue;
      const version = words[0] ?? -1;
      const program = codec.fromWords(words.slice(1));
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32))
        return true;
      if (
        version >= 1 &&
        version <= 16 &&
        codec === bech32m &&
        program.length >= 2 &&
        program.length <= 40
      )
        return version !== 1 || program.length === 32;
    } catch {
      // Not this encoding.
    }
  }
  return false;
}

/** A legacy address: base58check of one version byte and a 20-byte hash. */
function isLegacy(address: string, versions: readonly number[]): boolean {
  const bytes = fromBase58check(address);
  return bytes !== null && bytes.length === 21 && versions.includes(bytes[0] ?? -1);
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The EIP-55 mixed-case form of a 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex(keccak_256(Uint8Array.from(lower, (c) => c.charCodeAt(0))));
  let out = '0x';
  for (let i = 0; i < 40; i++)
    out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? (lower[i] ?? '').toUpperCase() : lower[i];
  return out;
}

/**
 * An EVM address: 0x and 40 hex digits. Mixed case must be a correct EIP-55 checksum
 * (it catches typing mistakes); all-lower or all-upper case carries no checksum.
 */
function isEvm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

function isSolana(address: string): boolean {
  try {
    return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Whether `address` is a valid mainnet address on `network`. */
export function isValidAddress(network: Network, address: string): boolean {
  switch (network) {
    case 'bitcoin':
      return isSegwit(address, 'bc') || isLegacy(address, [0x00, 0x05]);
    case 'litecoin':
      return isSegwit(address, 'ltc') || isLegacy(address, [0x30, 0x32, 0x05]);
    case 'ethereum':
    case 'bsc':
    case 'polygon':
      return isEvm(address);
    case 'tron': {
      const bytes = fromBase58check(address);
      return bytes !== null && bytes.length === 21 && bytes[0] === 0x41;
    }
    case 'solana':
      return isSolana(address);
  }
}

/** A bech32 address written in capitals, of any Bitcoin or Litecoin chain (bc, tb, bcrt, ltc, tltc, rltc). */
const UPPER_BECH32 = /^(BC|TB|BCRT|LTC|TLTC|RLTC)1[02-9AC-HJ-NP-Z]+$/;

/** The form we store: EVM addresses in EIP-55 case, bech32 in lower case, others as given. */
export function normalizeAddress(network: Network, address: string): string {
  if (network === 'ethereum' || network === 'bsc' || network === 'polygon')
    return toChecksumAddress(address);
  if (network === 'bitcoin' || network === 'litecoin')
    return UPPER_BECH32.test(address) ? address.toLowerCase() : address;
  return address;
}
