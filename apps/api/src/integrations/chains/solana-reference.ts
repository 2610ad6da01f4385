import { randomBytes } from 'node:crypto';
import { base58Encode } from './tron-address.js';

/**
 * A fresh Solana Pay `reference` for one quote: 32 random bytes in base58, the form of a
 * public key (the spec needs no private key behind it). The wallet adds it to the payment
 * as a read-only account key, and the watcher finds the payment by it, since Solana has
 * no public-only derivation of one address per quote.
 */
export function newSolanaReference(): string {
  return base58Encode(randomBytes(32));
}
