import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  type KeyFamily,
  keyFamilyOf,
  type Network,
} from '@parley/shared';
import { deriveAddress, parseWatchKey, type WatchKey } from '@parley/shared/watch-keys';
import type { ChainsConfig } from '../../config/chains-config.js';
import { newSolanaReference } from '../../integrations/chains/solana-reference.js';
import type { QuoteAddressRepo, WatchKeyRow } from './quote-address.repo.js';

/**
 * Where a watched quote's address comes from: the key, and its receive address at an
 * index (null for an index that gives none: the next one is taken instead).
 */
export interface DerivedPlace {
  keyId: string;
  address: (index: number) => string | null;
}

/**
 * Addresses per quote (issue 34): a network is watched when its watcher is configured
 * and its key family has an active watch key; a quote there gets the key's next receive
 * address. Keys are parsed once and kept by id (a replaced key gets a new id).
 */
export function createQuoteAddresses(deps: {
  networks: ChainsConfig['networks'];
  repo: Pick<QuoteAddressRepo, 'activeKey' | 'activeFamilies'>;
  /** Told (by code only: the key is public but long) when a stored key cannot be read. */
  onUnusableKey?: (keyId: string, code: string) => void;
}) {
  const parsed = new Map<string, WatchKey | null>();

  function parse(row: WatchKeyRow, network: Network): WatchKey | null {
    if (parsed.has(row.id)) return parsed.get(row.id) ?? null;
    const chain = row.chain as 'mainnet' | 'testnet' | 'regtest';
    const result = parseWatchKey(network, row.extendedKey, chain);
    const key = result.ok ? result.key : null;
    if (!result.ok) deps.onUnusableKey?.(row.id, result.code);
    parsed.set(row.id, key);
    return key;
  }

  /** Whether payments on the network are watched by a configured watcher. */
  const configured = (network: Network) => deps.networks[network] !== undefined;

  /** The watcher reads this coin: the network's own, or one of the tokens it follows. */
  function reads(network: Network, currency: CryptoCurrency): boolean {
    const config = deps.networks[network];
    if (!config || !CURRENCY_NETWORKS[currency].includes(network)) return false;
    if (currency !== 'USDT' && currency !== 'USDC') return true;
    return config.tokens.some((t) => t.currency === currency);
  }

  return {
    configured,
    /** Confirmations a payment on the network needs; null when it is not watched. */
    confirmations: (network: Network): number | null =>
      deps.networks[network]?.confirmations ?? null,

    /** The key a new quote in the coin takes its address from; null: a fixed wallet. */
    async placeFor(network: Network, currency: CryptoCurrency): Promise<DerivedPlace | null> {
      const family = keyFamilyOf(network);
      if (!family || !reads(network, currency)) return null;
      const row = await deps.repo.activeKey(family);
      if (!row) return null;
      const key = parse(row, network);
      if (!key) return null;
      return {
        keyId: row.id,
        address: (index) => {
          const derived = deriveAddress(key, index);
          return derived.ok ? derived.address : null;
        },
      };
    },

    /**
     * A new Solana Pay reference for a SOL quote to the fixed wallet when Solana's watcher
     * is configured (Solana has no public-only derivation: quotes share the wallet and
     * differ by this key); null elsewhere, where the quote stays manual or derived.
     */
    referenceFor(network: Network, currency: CryptoCurrency): string | null {
      return network === 'solana' && currency === 'SOL' && configured('solana')
        ? newSolanaReference()
        : null;
    },

    /** The coins a watcher reads whose key family has an active key: payable without a wallet. */
    async watchedCoins(): Promise<{ currency: CryptoCurrency; network: Network }[]> {
      const nets = (Object.keys(deps.networks) as Network[]).filter((n) => keyFamilyOf(n));
      if (nets.length === 0) return [];
      const families = new Set(await deps.repo.activeFamilies());
      return nets
        .filter((n) => families.has(keyFamilyOf(n) as KeyFamily))
        .flatMap((network) =>
          CRYPTO_CURRENCIES.filter((c) => reads(network, c)).map((currency) => ({
            currency,
            network,
          })),
        );
    },
  };
}
export type QuoteAddresses = ReturnType<typeof createQuoteAddresses>;

/** No network watched: every quote pays a fixed wallet (tests, and no chains config). */
export const noQuoteAddresses: QuoteAddresses = createQuoteAddresses({
  networks: {},
  repo: { activeKey: async () => undefined, activeFamilies: async () => [] },
});
