import { z } from 'zod';
import { ChainNodeError } from './port.js';

/**
 * The parts of Solana's JSON-RPC answers the watcher reads (https://solana.com/docs/rpc),
 * checked before use: getBlock with `encoding: 'json'`, where account keys are base58
 * strings and balances are lamports. Unknown fields pass.
 */

const base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/);
const slot = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const transaction = z.object({
  meta: z
    .object({
      err: z.unknown().optional(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
      loadedAddresses: z
        .object({ writable: z.array(base58), readonly: z.array(base58) })
        .optional(),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(base58).min(1),
    message: z.object({ accountKeys: z.array(base58) }),
  }),
});
export type SolanaTransaction = z.infer<typeof transaction>;

/** getTransaction's answer (the same transaction, with its slot); null when unknown. */
export const solanaConfirmedTransaction = transaction.extend({ slot }).nullable();

/** getSignaturesForAddress's answer: newest first, a failed transaction's `err` set. */
export const solanaSignatures = z.array(
  z.object({ signature: base58, slot, err: z.unknown().optional() }),
);

export const solanaBlock = z.object({
  blockhash: base58,
  previousBlockhash: base58,
  parentSlot: slot,
  blockTime: z.number().int().nullable().optional(),
  transactions: z.array(transaction).optional(),
});
export type SolanaBlock = z.infer<typeof solanaBlock>;

export const solanaSlot = slot;
export const solanaHash = base58;

/** An answer checked against its schema, or CHAIN_BAD_ANSWER naming the method only. */
export function read<T>(schema: z.ZodType<T>, answer: unknown, method: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node's answer to ${method} is malformed.`);
  return parsed.data;
}

/** Lamports as the node wrote them: JSON numbers are exact only up to 2^53 - 1. */
export function lamports(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', 'The node gave a balance that is not exact.');
  return BigInt(value);
}
