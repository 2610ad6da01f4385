import {
  columnMax,
  DECIMAL_COLUMNS,
  divide,
  fromUnits,
  minDecimal,
  multiply,
  toUnits,
} from './money.js';

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

/** How people name each chain (proper names, the same in every language). */
export const NETWORK_NAMES: Record<Network, string> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  ethereum: 'Ethereum',
  bsc: 'BNB Smart Chain',
  polygon: 'Polygon',
  tron: 'TRON',
  solana: 'Solana',
};

/** A chain's name, or the stored text when it is not a chain we know. */
export const networkName = (network: string): string =>
  NETWORK_NAMES[network as Network] ?? network;

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

/**
 * The one form a transaction hash is stored and compared in: hex hashes in lower case
 * (EVM ones keep their 0x prefix, which their format requires), base58 (Solana) as it
 * is, since its letter case is part of the value. Call it on a hash that passed
 * isTxHashFormat.
 */
export function canonicalTxHash(network: Network, hash: string): string {
  const trimmed = hash.trim();
  return network === 'solana' ? trimmed : trimmed.toLowerCase();
}

/**
 * The smallest amount from `base` upwards, in steps of one unit of the `scale`-th
 * decimal, that none of `held` equals: the amount a quote asks for when other open
 * quotes on the same address hold some amounts already (so a payment on chain points
 * at one quote). `held` may be written with any number of decimals up to 18.
 */
export function firstFreeAmount(base: string, held: readonly string[], scale: number): string {
  const FINE = 18;
  const taken = new Set(held.map((h) => toUnits(h, FINE)));
  const step = 10n ** BigInt(FINE - scale);
  let units = toUnits(base, FINE);
  while (taken.has(units)) units += step;
  return fromUnits(units / step, scale);
}

/**
 * The largest fiat amount a quote may be for at these rates (1 coin = `rate` fiat,
 * 1 fiat = `creditRate` in the billing currency): the amount itself, what it credits
 * (both numeric(20,2)) and its crypto amount (numeric(38,18), with a digit to spare for
 * the units firstFreeAmount adds) must each fit their column.
 */
export function largestQuotableAmount(rate: string, creditRate: string): string {
  const { money, fine } = DECIMAL_COLUMNS;
  const coins = '9'.repeat(fine.precision - fine.scale - 1);
  return (
    minDecimal([
      columnMax(money),
      multiply(coins, rate, money.scale, 'down'),
      divide(columnMax(money), creditRate, money.scale, 'down'),
    ]) ?? columnMax(money)
  );
}

/** Decimal places a quoted crypto amount carries (the chains allow as many or more). */
export const CRYPTO_DECIMALS: Record<CryptoCurrency, number> = {
  BTC: 8,
  ETH: 8,
  USDT: 6,
  USDC: 6,
  LTC: 8,
  SOL: 9,
  BNB: 8,
  TRX: 6,
  MATIC: 8,
};

/** How long a quoted crypto amount holds (the payment page counts it down). */
export const QUOTE_TTL_MINUTES = 15;

/** The smallest top-up, in US dollars. */
export const MIN_TOP_UP_USD = '100';

/** The currency balances are kept and shown in. */
export const BILLING_CURRENCY = 'GBP';

/**
 * What a top-up is called in a payment, as the Add Funds flow names it. It marks a
 * top-up on the way in; a stored payment says so by its kind (`topup`), which the
 * browser words in the reader's language.
 */
export const TOP_UP_SERVICE_NAME = 'Add Funds';

/**
 * The notes the server itself puts on a payment, stored as codes and worded by the
 * browser in the reader's language (`payments.notes.<CODE>`): the decision when the
 * admin wrote no note, and a purchase whose item had gone by the time it was approved.
 * What an admin types is kept as typed, in `adminNotes`.
 */
export const PAYMENT_NOTE_CODES = [
  'APPROVED_BY_ADMIN',
  'REJECTED_BY_ADMIN',
  'ITEM_UNAVAILABLE_CREDITED',
  /** The watcher saw the quote's payment confirmed on chain and credited it. */
  'CREDITED_ON_CHAIN',
  /** A purchase credited on chain whose balance then fell short of the item. */
  'BALANCE_SHORT_CREDITED',
  /** A watched quote's payment never arrived, late window included. */
  'EXPIRED_UNPAID',
] as const;
export type PaymentNoteCode = (typeof PAYMENT_NOTE_CODES)[number];

/** "USDT-TRC20" → USDT on tron; "BTC" → BTC on its default chain; null if unknown. */
export function parsePaymentCurrency(
  label: string,
): { currency: CryptoCurrency; network: Network } | null {
  const [code = '', standard] = label.split('-');
  if (!(CRYPTO_CURRENCIES as readonly string[]).includes(code)) return null;
  const currency = code as CryptoCurrency;
  const network = standard ? networkOf(standard) : CURRENCY_NETWORKS[currency][0];
  if (!network || !CURRENCY_NETWORKS[currency].includes(network)) return null;
  return { currency, network };
}

/** The label a payment carries: USDT gets its token standard, others their code. */
export function paymentCurrencyLabel(currency: CryptoCurrency, network: Network): string {
  if (currency !== 'USDT') return currency;
  return network === 'tron' ? 'USDT-TRC20' : 'USDT-ERC20';
}
