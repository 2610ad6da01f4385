import { z } from 'zod';
import { NETWORKS, type Network } from '../domain/crypto.js';

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
