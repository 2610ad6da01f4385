import { createHash } from 'node:crypto';
import { base58, createBase58check } from '@scure/base';

/**
 * TRON addresses in the two forms its HTTP API writes (issue 34): hex `41` + 20 bytes
 * (the default) and base58check `T…` (with `visible: true`). Parley stores base58, the
 * form wallets show.
 */

const base58check = createBase58check((data: Uint8Array) =>
  createHash('sha256').update(data).digest(),
);

/** Bitcoin-alphabet base58 (TRON addresses, Solana keys). */
export const base58Encode = (bytes: Uint8Array): string => base58.encode(bytes);

/** `41` + 40 hex digits → `T…`; null when it is not a TRON hex address. */
export function tronHexToBase58(hex: string): string | null {
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) return null;
  return base58check.encode(Buffer.from(hex, 'hex'));
}

/** `T…` → `41` + 40 lower-case hex digits; null when the checksum or version is wrong. */
export function tronBase58ToHex(address: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    return null;
  }
  if (bytes.length !== 21 || bytes[0] !== 0x41) return null;
  return Buffer.from(bytes).toString('hex');
}

/** An address as the API wrote it (hex or base58) in base58, or null when it is neither. */
export function tronAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('41')) return tronHexToBase58(value);
  return tronBase58ToHex(value) ? value : null;
}
