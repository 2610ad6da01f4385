import { createHash } from 'node:crypto';

/**
 * TRON addresses in the two forms its HTTP API writes (issue 34): hex `41` + 20 bytes
 * (the default) and base58check `T…` (with `visible: true`). Parley stores base58, the
 * form wallets show. Written here rather than imported: the API package has no base58
 * dependency and these twenty lines are the whole of what it needs.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** Bitcoin-alphabet base58 (TRON addresses, Solana keys). */
export function base58Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const c of text) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Uint8Array.from([...new Uint8Array(zeros), ...body]);
}

/** `41` + 40 hex digits → `T…`; null when it is not a TRON hex address. */
export function tronHexToBase58(hex: string): string | null {
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) return null;
  const payload = Buffer.from(hex, 'hex');
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, checksum]));
}

/** `T…` → `41` + 40 lower-case hex digits; null when the checksum or version is wrong. */
export function tronBase58ToHex(address: string): string | null {
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return null;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  if (!Buffer.from(checksum).equals(Buffer.from(bytes.subarray(21)))) return null;
  return Buffer.from(payload).toString('hex');
}

/** An address as the API wrote it (hex or base58) in base58, or null when it is neither. */
export function tronAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('41')) return tronHexToBase58(value);
  return tronBase58ToHex(value) ? value : null;
}
