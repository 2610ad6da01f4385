import { z } from 'zod';
import { NETWORKS, type Network } from '../domain/crypto.js';
import { pageOf, pageQuery } from './page.js';
import { singleLine } from './text.js';

/**
 * The key families an admin gives a watch-only key for: Ethereum, BNB Smart Chain and
 * Polygon share one account key (`evm`).
 */
export const KEY_FAMILIES = ['bitcoin', 'litecoin', 'evm', 'tron'] as const;
export type KeyFamily = (typeof KEY_FAMILIES)[number];

/** The networks each family's key serves. */
export const KEY_FAMILY_NETWORKS: Record<KeyFamily, readonly Network[]> = {
  bitcoin: ['bitcoin'],
  litecoin: ['litecoin'],
  evm: ['ethereum', 'bsc', 'polygon'],
  tron: ['tron'],
};

/** The family whose key serves `network`, or null (Solana has none). */
export const keyFamilyOf = (network: Network): KeyFamily | null =>
  KEY_FAMILIES.find((f) => KEY_FAMILY_NETWORKS[f].includes(network)) ?? null;

/** The chain setting a key was read for (Bitcoin family: CHAIN_<NETWORK>_NETWORK). */
export const CHAIN_SETTINGS = ['mainnet', 'testnet', 'regtest'] as const;

/** How many addresses a preview shows by default, and at most. */
export const PREVIEW_DEFAULT = 5;
export const PREVIEW_MAX = 20;

/** What a watcher records as a node's last failure (the admin screen translates it). */
export const CHAIN_ERROR_CODES = [
  'CHAIN_UNREACHABLE',
  'CHAIN_MISMATCH',
  'CHAIN_BAD_ANSWER',
] as const;

const family = z.enum(KEY_FAMILIES, 'Unknown key family');
// Long enough for any pasted text: parseWatchKey says what is wrong with it.
const keyText = z.string().min(1).max(1000);

export const keyFamilyParamsSchema = z.object({ family });

export const watchKeyInputSchema = z.object({ key: keyText });
export type WatchKeyInput = z.infer<typeof watchKeyInputSchema>;

export const watchKeyPreviewInputSchema = z.object({
  family,
  key: keyText,
  count: z.number().int().min(1).max(PREVIEW_MAX).optional(),
});
export type WatchKeyPreviewInput = z.infer<typeof watchKeyPreviewInputSchema>;

export const derivedAddressSchema = z.object({
  index: z.number().int(),
  /** m/84'/0'/0'/0/3 style. */
  path: z.string(),
  address: z.string(),
});
export type DerivedAddress = z.infer<typeof derivedAddressSchema>;

export const watchKeyPreviewSchema = z.object({
  /** The SLIP-0132 version (zpub, xpub, Ltub…). */
  version: z.string(),
  chain: z.enum(CHAIN_SETTINGS),
  addresses: z.array(derivedAddressSchema),
});
export type WatchKeyPreview = z.infer<typeof watchKeyPreviewSchema>;

export const activeWatchKeySchema = z.object({
  id: z.string(),
  /** Public (it cannot spend), but the admin's: the screen shortens it until asked. */
  extendedKey: z.string(),
  version: z.string(),
  chain: z.enum(CHAIN_SETTINGS),
  /** Addresses handed out: the next receive index. */
  handedOut: z.number().int(),
  addedAt: z.string(),
  addedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  addresses: z.array(derivedAddressSchema),
});

export const keyFamilyViewSchema = z.object({
  family,
  networks: z.array(z.enum(NETWORKS)),
  /** The chain a new key is read for (the network setting, mainnet by default). */
  chain: z.enum(CHAIN_SETTINGS),
  key: activeWatchKeySchema.nullable(),
});
export type KeyFamilyView = z.infer<typeof keyFamilyViewSchema>;

const time = z.string().nullable();
export const chainNetworkStatusSchema = z.object({
  network: z.enum(NETWORKS),
  /** A node is set for it (CHAIN_<NETWORK>_RPC_URL); the URL itself is never shown. */
  watched: z.boolean(),
  confirmations: z.number().int(),
  chain: z.enum(CHAIN_SETTINGS).nullable(),
  chainId: z.number().int().nullable(),
  family: family.nullable(),
  keyActive: z.boolean(),
  handedOut: z.number().int().nullable(),
  nodeHeight: z.number().int().nullable(),
  cursorHeight: z.number().int().nullable(),
  /** Blocks the watcher is behind the node. */
  lag: z.number().int().nullable(),
  /** A CHAIN_* code (CHAIN_ERROR_CODES, or another the watcher names). */
  lastError: z.string().nullable(),
  lastErrorAt: time,
  checkedAt: time,
  deposits: z.object({
    seen: z.number().int(),
    credited: z.number().int(),
    dropped: z.number().int(),
  }),
});
export type ChainNetworkStatus = z.infer<typeof chainNetworkStatusSchema>;

/** What the watchers make of a deposit: waiting for confirmations, credited, or dropped. */
export const DEPOSIT_STATUSES = ['seen', 'credited', 'dropped'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** GET /api/admin/chains/deposits: newest first, of one network, status, or flagged only. */
export const chainDepositsQuerySchema = z.object({
  network: z.enum(NETWORKS, 'Unknown network').optional(),
  status: z.enum(DEPOSIT_STATUSES, 'Unknown deposit status').optional(),
  flagged: z.literal('true', 'Only "true" is allowed').optional(),
  ...pageQuery(20, 100),
});
export type ChainDepositsQuery = z.input<typeof chainDepositsQuerySchema>;

/** Why a credited deposit was flagged: its block at that height is no longer the node's. */
export const flagEvidenceSchema = z.object({
  height: z.number().int(),
  creditedBlockHash: z.string(),
  nodeBlockHash: z.string().nullable(),
});
export type FlagEvidence = z.infer<typeof flagEvidenceSchema>;

/** What an admin decides of a flagged deposit: the credit stands, or it is debited back. */
export const DEPOSIT_DECISIONS = ['keep', 'reverse'] as const;
export type DepositDecision = (typeof DEPOSIT_DECISIONS)[number];
/** A decision's note: required, one line, at most this many characters. */
export const DEPOSIT_NOTE_MAX = 500;

/** POST /api/admin/chains/deposits/:id/resolve. */
export const depositResolveInputSchema = z.object({
  decision: z.enum(DEPOSIT_DECISIONS, 'Decision must be keep or reverse'),
  /** Why: kept on the deposit and in the audit log. */
  note: singleLine(
    z
      .string({ error: 'Note is required' })
      .trim()
      .min(1, 'Note is required')
      .max(DEPOSIT_NOTE_MAX, `At most ${DEPOSIT_NOTE_MAX} characters`),
    'Note',
  ),
});
export type DepositResolveInput = z.input<typeof depositResolveInputSchema>;
export const depositIdParamsSchema = z.object({ id: z.uuid('Invalid deposit id') });

/** An admin's decision on a flagged deposit, once taken. */
export const depositResolutionSchema = z.object({
  decision: z.enum(DEPOSIT_DECISIONS),
  note: z.string(),
  by: z.object({ id: z.string(), email: z.string().nullable() }),
  at: z.string(),
});
export type DepositResolution = z.infer<typeof depositResolutionSchema>;

export const chainDepositSchema = z.object({
  id: z.string(),
  reference: z.string(),
  network: z.enum(NETWORKS),
  txid: z.string(),
  /** The transaction on the network's explorer (its URL then the txid). */
  explorerUrl: z.string(),
  /** The output's place: a vout, a token log (`log5`) or a native EVM value (`tx`). */
  output: z.string(),
  address: z.string(),
  derivationIndex: z.number().int().nullable(),
  /** Exact, without trailing zeros ("0.0015"). */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  confirmations: z.number().int(),
  /** Confirmations the network needs before crediting. */
  required: z.number().int(),
  late: z.boolean(),
  /** Pounds credited, as money text ("100.00"); null until credited. */
  creditAmount: z.string().nullable(),
  seenAt: z.string(),
  creditedAt: z.string().nullable(),
  flagged: z.boolean(),
  /** Only for a flagged deposit. */
  evidence: flagEvidenceSchema.nullable(),
  /** Null until an admin decided a flagged deposit (the flag and its evidence stay). */
  resolution: depositResolutionSchema.nullable(),
  customer: z.object({ id: z.string(), email: z.string() }),
  quoteId: z.string(),
});
export type ChainDeposit = z.infer<typeof chainDepositSchema>;
export const chainDepositsPageSchema = pageOf(chainDepositSchema);
export type ChainDepositsPage = z.infer<typeof chainDepositsPageSchema>;
