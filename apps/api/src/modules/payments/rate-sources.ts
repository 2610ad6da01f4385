import {
  BILLING_CURRENCY,
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  compareDecimal,
  divide,
  multiply,
} from '@parley/shared';
import type { FeedSource, FeedSourceName } from '../../config/rates-config.js';

/**
 * What the feed prices: each coin in USD (stored as CODE/USD), and the billing currency
 * (stored as USD/GBP, so keyed 'GBP' here).
 */
export type FeedCode = CryptoCurrency | typeof BILLING_CURRENCY;
export type Skip = { currency: FeedCode; reason: string };
export type SourceReading = { prices: Map<FeedCode, string>; skipped: Skip[] };

/** Rates are stored with 18 decimals; every source's value is brought there. */
const SCALE = 18;
/** Prices outside this range are no coin's price: a broken source, not a market. */
const MIN_PRICE = '0.00000001';
const MAX_PRICE = '100000000';
const DECIMAL_TEXT = /^\d{1,20}(\.\d{1,30})?$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (v: unknown, key: string): unknown =>
  isObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;

/**
 * A JSON number as an exact decimal string: the shortest spelling JavaScript gives,
 * with an exponent (1.5e-7) moved into the digits rather than rounded.
 */
export function numberToDecimal(value: number): string {
  const text = String(value);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = `${m[1]}${m[2] ?? ''}`;
  const point = (m[1]?.length ?? 0) + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A value as a source wrote it: a decimal in range, or the reason it is not one. */
function check(value: unknown, kind: 'number' | 'string'): { price: string } | { reason: string } {
  if (value === undefined) return { reason: 'missing' };
  let text: string;
  if (kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'not a number' };
    if (value <= 0) return { reason: 'not positive' };
    text = numberToDecimal(value);
  } else {
    if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return { reason: 'not a number' };
    text = value;
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return { reason: 'out of range' };
  if (compareDecimal(text, '0') <= 0) return { reason: 'not positive' };
  if (compareDecimal(text, MIN_PRICE) < 0 || compareDecimal(text, MAX_PRICE) > 0)
    return { reason: 'out of range' };
  return { price: multiply(text, '1', SCALE, 'half-up') };
}

/** 1 / value, for sources that quote the other way round. */
const inverse = (price: string) => divide('1', price, SCALE, 'half-up');

function collect(
  codes: readonly FeedCode[],
  priceOf: (code: FeedCode) => { price: string } | { reason: string },
): SourceReading {
  const prices = new Map<FeedCode, string>();
  const skipped: Skip[] = [];
  for (const currency of codes) {
    const result = priceOf(currency);
    if ('price' in result) prices.set(currency, result.price);
    else skipped.push({ currency, reason: result.reason });
  }
  return { prices, skipped };
}

/**
 * CoinGecko's simple price (`{"bitcoin":{"usd":51234.5}}`): each coin's USD price must be
 * a finite JSON number in range. It prices coins only.
 */
export function readCoinGecko(body: unknown, ids: Record<CryptoCurrency, string>): SourceReading {
  return collect(CRYPTO_CURRENCIES, (code) =>
    check(own(own(body, ids[code as CryptoCurrency]), 'usd'), 'number'),
  );
}

/** Coinbase's exchange rates of USD: `data.rates[CODE]` is CODE per dollar, as a string. */
const COINBASE_CODES: Partial<Record<FeedCode, string>> = { MATIC: 'POL' };
export function readCoinbase(body: unknown): SourceReading {
  const data = own(body, 'data');
  const rates = own(data, 'rates');
  const usd = own(data, 'currency') === 'USD' && isObject(rates);
  return collect([...CRYPTO_CURRENCIES, BILLING_CURRENCY], (code) => {
    if (!usd) return { reason: 'missing' };
    const result = check(own(rates, COINBASE_CODES[code] ?? code), 'string');
    // USD/GBP is GBP per dollar as given; a coin's dollar price is the inverse.
    return 'price' in result && code !== BILLING_CURRENCY
      ? check(inverse(result.price), 'string')
      : result;
  });
}

/**
 * Kraken's ticker: `result[pair].c[0]` is the last trade's price, a string. Kraken
 * answers an error for the whole request when one pair is unknown, so only pairs it
 * lists are asked for; the answer names some pairs differently (XXBTZUSD for XBTUSD).
 */
const KRAKEN_PAIRS: Partial<Record<FeedCode, readonly string[]>> = {
  BTC: ['XBTUSD', 'XXBTZUSD'],
  ETH: ['ETHUSD', 'XETHZUSD'],
  USDT: ['USDTUSD', 'USDTZUSD'],
  USDC: ['USDCUSD'],
  LTC: ['LTCUSD', 'XLTCZUSD'],
  SOL: ['SOLUSD'],
  TRX: ['TRXUSD'],
  GBP: ['GBPUSD', 'ZGBPZUSD'],
};
export function readKraken(body: unknown): SourceReading {
  const errors = own(body, 'error');
  const result = own(body, 'result');
  const ok = Array.isArray(errors) && errors.length === 0 && isObject(result);
  const codes = Object.keys(KRAKEN_PAIRS) as FeedCode[];
  return collect(codes, (code) => {
    if (!ok) return { reason: 'missing' };
    const name = (KRAKEN_PAIRS[code] ?? []).find((n) => own(result, n) !== undefined);
    const last = name ? own(result, name) : undefined;
    const close = own(last, 'c');
    const checked = check(Array.isArray(close) ? close[0] : undefined, 'string');
    // GBPUSD is dollars per pound; Parley keeps pounds per dollar.
    return 'price' in checked && code === BILLING_CURRENCY
      ? check(inverse(checked.price), 'string')
      : checked;
  });
}

/** The URL a source is read from. */
export function sourceUrl(source: FeedSource, ids: Record<CryptoCurrency, string>): string {
  if (source.exact) return source.url;
  switch (source.name) {
    case 'coingecko':
      return `${source.url}/api/v3/simple/price?ids=${CRYPTO_CURRENCIES.map((c) => ids[c]).join(',')}&vs_currencies=usd`;
    case 'coinbase':
      return `${source.url}/v2/exchange-rates?currency=USD`;
    case 'kraken':
      return `${source.url}/0/public/Ticker?pair=${Object.values(KRAKEN_PAIRS)
        .map((names) => names?.[0])
        .join(',')}`;
  }
}

export function readSource(
  name: FeedSourceName,
  body: unknown,
  ids: Record<CryptoCurrency, string>,
): SourceReading {
  if (name === 'coingecko') return readCoinGecko(body, ids);
  if (name === 'coinbase') return readCoinbase(body);
  return readKraken(body);
}
