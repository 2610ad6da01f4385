import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { Network } from '../../domain/crypto.js';
import {
  acceptedVersions,
  type ChainSetting,
  isPrivateVersion,
  PRIVATE_VERSIONS,
  PUBLIC_VERSIONS,
  type PublicVersionName,
  publicVersionName,
  UNSUPPORTED_VERSIONS,
} from './versions.js';

const base58check = createBase58check(sha256);

/** Why a watch-only key was refused. A refusal never carries the text it refused. */
export const WATCH_KEY_CODES = [
  'WATCH_KEY_INVALID',
  'WATCH_KEY_PRIVATE',
  'WATCH_KEY_WRONG_NETWORK',
  'WATCH_KEY_WRONG_DEPTH',
  'WATCH_KEY_UNSUPPORTED',
  'WATCH_KEY_INDEX_INVALID',
  'WATCH_KEY_INDEX_UNUSABLE',
  'WATCH_KEY_COUNT_INVALID',
] as const;
export type WatchKeyCode = (typeof WATCH_KEY_CODES)[number];

export type Refusal<C extends WatchKeyCode = WatchKeyCode> = { ok: false; code: C };

/** How addresses are made from the key's children. */
export type AddressKind = 'p2wpkh' | 'evm' | 'tron';

/** A validated account-level extended public key (depth 3), ready to derive from. */
export type WatchKey = {
  readonly network: Network;
  readonly chain: ChainSetting;
  readonly kind: AddressKind;
  readonly version: PublicVersionName;
  /** The key as the admin gave it, trimmed: what Parley stores. */
  readonly extendedKey: string;
  /** The account node; public only (it was parsed from a public version). */
  readonly account: HDKey;
};

/** An account key (m/purpose'/coin'/account') sits three levels below the master. */
export const ACCOUNT_DEPTH = 3;
const SERIALIZED_LENGTH = 78;
const MAX_TEXT = 200;

const PRIVATE_PREFIX = new RegExp(`^(${Object.keys(PRIVATE_VERSIONS).join('|')})`);
/** Twelve or more lower-case words: a seed phrase, which is a private key too. */
const SEED_PHRASE = /^[a-z]+(\s+[a-z]+){11,}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const refuse = <C extends WatchKeyCode>(code: C): Refusal<C> => ({ ok: false, code });

function familyOf(network: Network): AddressKind | null {
  if (network === 'bitcoin' || network === 'litecoin') return 'p2wpkh';
  if (network === 'ethereum' || network === 'bsc' || network === 'polygon') return 'evm';
  if (network === 'tron') return 'tron';
  return null;
}

function versionFamily(network: Network): 'bitcoin' | 'litecoin' | 'evm' | 'tron' | null {
  const kind = familyOf(network);
  if (kind === 'p2wpkh') return network as 'bitcoin' | 'litecoin';
  return kind;
}

/** The decoded 78 bytes of a base58check key, or null. */
function decode(text: string): Uint8Array | null {
  try {
    const bytes = base58check.decode(text);
    return bytes.length === SERIALIZED_LENGTH ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Validates an extended public key for `network` (and, for Bitcoin and Litecoin, the chain
 * setting): SLIP-0132 version, depth 3, a point on the curve. Private keys and seed phrases
 * are refused with `WATCH_KEY_PRIVATE`, and no refusal repeats the text.
 */
export function parseWatchKey(
  network: Network,
  text: string,
  chain: ChainSetting = 'mainnet',
): { ok: true; key: WatchKey } | Refusal {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TEXT || CONTROL.test(trimmed))
    return refuse('WATCH_KEY_INVALID');
  if (PRIVATE_PREFIX.test(trimmed) || SEED_PHRASE.test(trimmed)) return refuse('WATCH_KEY_PRIVATE');
  const bytes = decode(trimmed);
  if (!bytes) return refuse('WATCH_KEY_INVALID');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const versionBytes = view.getUint32(0);
  if (isPrivateVersion(versionBytes)) return refuse('WATCH_KEY_PRIVATE');
  const family = versionFamily(network);
  if (!family) return refuse('WATCH_KEY_UNSUPPORTED');
  const version = publicVersionName(versionBytes);
  if (!version) return refuse('WATCH_KEY_INVALID');
  if (!acceptedVersions(family, chain).includes(version))
    return refuse(
      UNSUPPORTED_VERSIONS.includes(version) ? 'WATCH_KEY_UNSUPPORTED' : 'WATCH_KEY_WRONG_NETWORK',
    );
  if (bytes[4] !== ACCOUNT_DEPTH) return refuse('WATCH_KEY_WRONG_DEPTH');
  let account: HDKey;
  try {
    // The private version given is never matched: the key bytes were public above.
    account = HDKey.fromExtendedKey(trimmed, { public: PUBLIC_VERSIONS[version], private: 0 });
  } catch {
    return refuse('WATCH_KEY_INVALID');
  }
  if (account.privateKey !== null) return refuse('WATCH_KEY_PRIVATE');
  const kind = familyOf(network) as AddressKind;
  return { ok: true, key: { network, chain, kind, version, extendedKey: trimmed, account } };
}
