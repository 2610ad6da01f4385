import { canonicalTxHash, fromUnits } from '@parley/shared';
import type { ChainOutput, IsWatched } from './port.js';
import { ChainNodeError } from './port.js';
import { lamports, type SolanaTransaction } from './solana-answers.js';

/** SOL has 9 decimals: 1 SOL = 10^9 lamports. */
const SOL_DECIMALS = 9;

/**
 * A SOL payment carrying a watched reference key to the address that reference pays
 * (`recipientOf`). The amount is what that address's balance rose by (post - pre,
 * lamports), so fees and other accounts' movements never count; a failed transaction
 * (meta.err) paid nothing. The output's address is the reference: the quote's key.
 */
export function solOutput(
  tx: SolanaTransaction,
  isWatched: IsWatched,
  recipientOf: (reference: string) => string | undefined,
): ChainOutput | null {
  const meta = tx.meta;
  if (!meta || (meta.err !== null && meta.err !== undefined)) return null;
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  if (meta.preBalances.length !== keys.length || meta.postBalances.length !== keys.length)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', 'The node gave balances that do not match.');
  // The first watched key in account order: one payment credits one quote.
  const reference = keys.find((k) => isWatched(k) && k !== recipientOf(k));
  if (!reference) return null;
  const at = keys.indexOf(recipientOf(reference) ?? '');
  if (at < 0) return null;
  const rise = lamports(meta.postBalances[at]) - lamports(meta.preBalances[at]);
  if (rise <= 0n) return null;
  return {
    txid: canonicalTxHash('solana', tx.transaction.signatures[0] as string),
    output: 'tx',
    address: reference,
    currency: 'SOL',
    amount: fromUnits(rise, SOL_DECIMALS),
  };
}
