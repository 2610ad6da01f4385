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
