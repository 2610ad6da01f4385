import { type CryptoCurrency, NETWORKS, type Network } from '@parley/shared';
import { z } from 'zod';
import { count, optional } from './env-fields.js';

/** The networks read from a node: every network Parley takes payments on. */
export type WatchedNetwork = Network;

/** A token a network's watcher reads Transfer events of. */
export interface ChainToken {
  currency: Extract<CryptoCurrency, 'USDT' | 'USDC'>;
  /** The contract address (EVM: EIP-55 case; TRON: base58). */
  contract: string;
  decimals: number;
}

export interface ChainNetworkConfig {
  network: Network;
  /** The node's URL; may carry credentials, so it is never logged nor shown. */
  rpcUrl: string;
  /** Blocks on top of a payment's own (itself counted) before it is credited. */
  confirmations: number;
  /** EVM networks: the chain id the node must report. */
  chainId: number | null;
  /** Bitcoin family: which chain the keys and addresses belong to. */
  chain: 'mainnet' | 'testnet' | 'regtest';
  /**
   * TRON and Solana: the genesis the node must report (TRON block 0's blockID, Solana's
   * getGenesisHash), as neither API has a chain id; null elsewhere.
   */
  genesis: string | null;
  tokens: ChainToken[];
}

export interface ChainsConfig {
  /** Only networks with CHAIN_<NETWORK>_RPC_URL; the others keep the manual flow. */
  networks: Partial<Record<Network, ChainNetworkConfig>>;
  /** How long after a quote expires a payment to its address is still watched and credited. */
  lateWindowMs: number;
  /** How often each watcher asks its node for new blocks. */
  pollMs: number;
  /**
   * Crash tests only (never in production): the point where a watcher stops for good,
   * so a test can SIGKILL the process there (CHAIN_TEST_PAUSE).
   */
  testPause?: ChainPausePoint | null;
}

/**
 * Where a crash test stops a watcher: inside a block's transaction once its payments
 * are written (before the cursor moves), inside a credit's transaction once the ledger
 * row is written (before it commits), or just after a credit committed.
 */
export const CHAIN_PAUSE_POINTS = ['block', 'credit', 'credited'] as const;
export type ChainPausePoint = (typeof CHAIN_PAUSE_POINTS)[number];

/**
 * Confirmations by default: Bitcoin 2 (a reorg of two blocks is rare enough for small
 * top-ups), Litecoin 6 (a quarter of Bitcoin's block time and far less hash power),
 * Ethereum 12 (an epoch's worth of slots, short of finality's ~64), BNB Smart Chain 15
 * (its fast-finality quorum), Polygon 64 (it has reorganised dozens of blocks deep),
 * TRON 20 (19 of 27 super representatives make a block irreversible), Solana 1 with the
 * `finalized` commitment (the adapter asks for finalized blocks only).
 */
export const DEFAULT_CONFIRMATIONS: Record<Network, number> = {
  bitcoin: 2,
  litecoin: 6,
  ethereum: 12,
  bsc: 15,
  polygon: 64,
  tron: 20,
  solana: 1,
};

/** EVM chain ids on mainnet (EIP-155). */
export const DEFAULT_CHAIN_IDS: Partial<Record<Network, number>> = {
  ethereum: 1,
  bsc: 56,
  polygon: 137,
};

/**
 * The tokens each network's watcher reads, on their mainnet contracts, with the decimals
 * those contracts declare: a token's decimals differ between chains, and a wrong count
 * would credit a payment 10^12 times too much or too little. Sources:
 * - USDT: Tether's list of supported protocols (https://tether.to/en/supported-protocols);
 *   6 decimals on Ethereum, TRON and Polygon, 18 on BNB Smart Chain (BEP-20, the contract's
 *   `decimals()`, shown on https://bscscan.com/token/0x55d398326f99059ff775485246999027b3197955).
 * - USDC: Circle's contract list (https://developers.circle.com/stablecoins/usdc-contract-addresses):
 *   6 decimals on Ethereum and Polygon PoS (native USDC, not the bridged USDC.e). BNB Smart
 *   Chain's USDC is Binance's pegged token (BEP-20), 18 decimals
 *   (https://bscscan.com/token/0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d).
 */
export const DEFAULT_TOKENS: Partial<Record<Network, ChainToken[]>> = {
  ethereum: [
    { currency: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    { currency: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
  ],
  bsc: [
    { currency: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
    { currency: 'USDC', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
  ],
  polygon: [
    { currency: 'USDT', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
    { currency: 'USDC', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
  ],
  tron: [{ currency: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 }],
};

/**
 * The genesis of each TRON and Solana network a node may be on, by the name
 * CHAIN_TRON_NETWORK / CHAIN_SOLANA_NETWORK takes (the first is the default). TRON: block
 * 0's blockID (`/wallet/getblockbynum {"num": 0}`) on mainnet and Nile. Solana: the
 * clusters' getGenesisHash answers (https://solana.com/docs/references/clusters names the
 * clusters; these hashes are also their CAIP-2 chain ids). Another network (Shasta, a
 * private cluster, solana-test-validator, whose genesis is new per ledger) is named by
 * CHAIN_TRON_GENESIS / CHAIN_SOLANA_GENESIS instead.
 */
export const GENESIS: { tron: Record<string, string>; solana: Record<string, string> } = {
  tron: {
    mainnet: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
    nile: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
  },
  solana: {
    'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
    testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  },
};
const GENESIS_FORM = {
  tron: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'must be a block id (64 hex digits)' }),
  solana: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, { error: 'must be a base58 hash' }),
};

const BITCOIN_FAMILY: readonly Network[] = ['bitcoin', 'litecoin'];
const EVM: readonly Network[] = ['ethereum', 'bsc', 'polygon'];

const envKey = (network: Network) => network.toUpperCase();

const rpcUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const contract = z.string().regex(/^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/, {
  error: 'must be a contract address (0x and 40 hex digits, or a TRON T… address)',
});

/** The environment keys of the chain watchers (read by config/env.ts). */
export const chainsEnvShape: Record<string, z.ZodType> = {
  CHAIN_LATE_PAYMENT_DAYS: count(0, 365),
  CHAIN_POLL_SECONDS: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .min(0.05, 'must be at least 0.05')
      .max(3600, 'must be at most 3600'),
  ),
  CHAIN_TEST_PAUSE: optional(
    z.enum(CHAIN_PAUSE_POINTS, { error: "must be 'block', 'credit' or 'credited'" }),
  ),
};
for (const network of NETWORKS) {
  const k = envKey(network);
  chainsEnvShape[`CHAIN_${k}_RPC_URL`] = optional(rpcUrl);
  chainsEnvShape[`CHAIN_${k}_CONFIRMATIONS`] = count(1, 10_000);
  if (EVM.includes(network)) chainsEnvShape[`CHAIN_${k}_CHAIN_ID`] = count(1, 2 ** 31);
  if (BITCOIN_FAMILY.includes(network))
    chainsEnvShape[`CHAIN_${k}_NETWORK`] = optional(
      z.enum(['mainnet', 'testnet', 'regtest'], {
        error: "must be 'mainnet', 'testnet' or 'regtest'",
      }),
    );
  if (network === 'tron' || network === 'solana') {
    const names = Object.keys(GENESIS[network]) as [string, ...string[]];
    chainsEnvShape[`CHAIN_${k}_NETWORK`] = optional(
      z.enum(names, { error: `must be one of ${names.map((n) => `'${n}'`).join(', ')}` }),
    );
    chainsEnvShape[`CHAIN_${k}_GENESIS`] = optional(GENESIS_FORM[network]);
  }
  for (const token of DEFAULT_TOKENS[network] ?? []) {
    chainsEnvShape[`CHAIN_${k}_${token.currency}_CONTRACT`] = optional(contract);
    chainsEnvShape[`CHAIN_${k}_${token.currency}_DECIMALS`] = count(0, 36);
  }
}

type ChainsEnv = Record<string, unknown>;

/** TRON's and Solana's genesis: the one given, else the named network's, else mainnet's. */
function genesisOf(network: Network, e: ChainsEnv): string | null {
  if (network !== 'tron' && network !== 'solana') return null;
  const k = envKey(network);
  const given = e[`CHAIN_${k}_GENESIS`] as string | undefined;
  if (given) return network === 'tron' ? given.toLowerCase() : given;
  const known = GENESIS[network];
  const name = (e[`CHAIN_${k}_NETWORK`] as string | undefined) ?? Object.keys(known)[0];
  return known[name as string] ?? null;
}

/** The chain watchers' settings from the parsed environment. */
export function chainsConfig(e: ChainsEnv): ChainsConfig {
  const networks: ChainsConfig['networks'] = {};
  for (const network of NETWORKS) {
    const k = envKey(network);
    const url = e[`CHAIN_${k}_RPC_URL`] as string | undefined;
    if (!url) continue;
    networks[network] = {
      network,
      rpcUrl: url,
      confirmations:
        (e[`CHAIN_${k}_CONFIRMATIONS`] as number | undefined) ?? DEFAULT_CONFIRMATIONS[network],
      chainId: EVM.includes(network)
        ? ((e[`CHAIN_${k}_CHAIN_ID`] as number | undefined) ?? DEFAULT_CHAIN_IDS[network] ?? null)
        : null,
      chain: BITCOIN_FAMILY.includes(network)
        ? ((e[`CHAIN_${k}_NETWORK`] as ChainNetworkConfig['chain'] | undefined) ?? 'mainnet')
        : 'mainnet',
      genesis: genesisOf(network, e),
      tokens: (DEFAULT_TOKENS[network] ?? []).map((t) => ({
        currency: t.currency,
        contract: (e[`CHAIN_${k}_${t.currency}_CONTRACT`] as string | undefined) ?? t.contract,
        decimals: (e[`CHAIN_${k}_${t.currency}_DECIMALS`] as number | undefined) ?? t.decimals,
      })),
    };
  }
  const lateDays = (e.CHAIN_LATE_PAYMENT_DAYS as number | undefined) ?? 7;
  const pollSeconds = (e.CHAIN_POLL_SECONDS as number | undefined) ?? 10;
  return {
    networks,
    lateWindowMs: lateDays * 86_400_000,
    pollMs: Math.round(pollSeconds * 1000),
    testPause: (e.CHAIN_TEST_PAUSE as ChainPausePoint | undefined) ?? null,
  };
}
