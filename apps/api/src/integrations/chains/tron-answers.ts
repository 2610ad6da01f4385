import { z } from 'zod';
import { ChainNodeError } from './port.js';

/**
 * The parts of java-tron's HTTP answers the TRON watcher reads, checked before use
 * (https://developers.tron.network/reference/ and the java-tron HTTP API pages).
 * Unknown fields pass; missing or mistyped ones are CHAIN_BAD_ANSWER.
 */

const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/);
const height = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const contract = z.object({
  type: z.string(),
  parameter: z.object({ value: z.record(z.string(), z.unknown()) }).optional(),
});

const transaction = z.object({
  txID: hex64,
  ret: z.array(z.object({ contractRet: z.string().optional() })).optional(),
  raw_data: z.object({ contract: z.array(contract) }),
});

export const tronBlock = z.object({
  blockID: hex64,
  block_header: z.object({
    raw_data: z.object({
      number: height.optional(),
      parentHash: hex64,
      timestamp: height.optional(),
    }),
  }),
  transactions: z.array(transaction).optional(),
});
export type TronBlock = z.infer<typeof tronBlock>;

/** Block 0 as check() reads it: only its id (the genesis block has no number field). */
export const tronBlockId = z.object({ blockID: hex64 });
export type TronTransaction = z.infer<typeof transaction>;

const log = z.object({
  address: z.string(),
  topics: z.array(z.string()).optional(),
  data: z.string().optional(),
});

export const tronTxInfos = z.array(
  z.object({
    id: hex64,
    blockNumber: height,
    result: z.string().optional(),
    receipt: z.object({ result: z.string().optional() }).optional(),
    log: z.array(log).optional(),
  }),
);
export type TronTxInfo = z.infer<typeof tronTxInfos>[number];

/** An answer checked against its schema, or CHAIN_BAD_ANSWER naming the endpoint only. */
export function read<T>(schema: z.ZodType<T>, answer: unknown, path: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node's answer to ${path} is malformed.`);
  return parsed.data;
}

/** java-tron answers `{}` for a block it does not have (above its tip). */
export const isEmptyObject = (answer: unknown): boolean =>
  !!answer &&
  typeof answer === 'object' &&
  !Array.isArray(answer) &&
  Object.keys(answer).length === 0;

/**
 * A whole number of sun or lamports as the node wrote it: a JSON number is a float, so
 * only values up to 2^53 - 1 are known exactly; anything else is refused, not rounded.
 */
export function exactUnits(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node gave ${what} that is not exact.`);
  return BigInt(value);
}
