/** Currencies a customer can top up with (USDT on two networks). */
export const CRYPTO_CURRENCIES = [
  'BTC',
  'ETH',
  'USDT',
  'USDC',
  'LTC',
  'SOL',
  'BNB',
  'TRX',
  'MATIC',
] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;

/** The short list the footer shows, in the spec's order. */
export const FOOTER_CRYPTO: readonly CryptoCurrency[] = [
  'BTC',
  'USDT',
  'LTC',
  'SOL',
  'ETH',
  'USDC',
  'BNB',
];

/** The chains payments arrive on, by their plain names. */
export const NETWORKS = [
  'bitcoin',
  'litecoin',
  'ethereum',
  'bsc',
  'polygon',
  'tron',
  'solana',
] as const;
export type Network = (typeof NETWORKS)[number];

/** Which chains carry each currency; the first is its default. */
export const CURRENCY_NETWORKS: Record<CryptoCurrency, readonly Network[]> = {
  BTC: ['bitcoin'],
  ETH: ['ethereum'],
  USDT: ['tron', 'ethereum'],
  USDC: ['ethereum'],
  LTC: ['litecoin'],
  SOL: ['solana'],
  BNB: ['bsc'],
  TRX: ['tron'],
  MATIC: ['polygon'],
};

/** The spec's token-standard labels, accepted as names of their chains. */
export const NETWORK_ALIASES: Record<string, Network> = { TRC20: 'tron', ERC20: 'ethereum' };

export const WALLET_TYPES = [
  'trust_wallet',
  'metamask',
  'system',
  'cold_storage',
  'exchange',
] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** The chain a network name or alias means, or null. */
export function networkOf(name: string): Network | null {
  const alias = NETWORK_ALIASES[name.toUpperCase()];
  if (alias) return alias;
  const lower = name.toLowerCase();
  return (NETWORKS as readonly string[]).includes(lower) ? (lower as Network) : null;
}

/** Whether a transaction hash has the shape its chain writes (not whether it exists). */
export function isTxHashFormat(network: Network, hash: string): boolean {
  switch (network) {
    case 'bitcoin':
    case 'litecoin':
    case 'tron':
      return /^[0-9a-fA-F]{64}$/.test(hash);
    case 'ethereum':
    case 'bsc':
    case 'polygon':
      return /^0x[0-9a-fA-F]{64}$/.test(hash);
    case 'solana':
      // A base58 signature of 64 bytes: 86 to 88 characters.
      return /^[1-9A-HJ-NP-Za-km-z]{86,88}$/.test(hash);
  }
}
