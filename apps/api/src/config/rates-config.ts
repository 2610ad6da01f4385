import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@parley/shared';
import { z } from 'zod';

/** CoinGecko's ids of the coins Parley takes; RATES_FEED_IDS overrides any of them. */
export const DEFAULT_FEED_IDS: Record<CryptoCurrency, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  LTC: 'litecoin',
  SOL: 'solana',
  BNB: 'binancecoin',
  TRX: 'tron',
  MATIC: 'matic-network',
};

export interface RatesConfig {
  maxAge: {
    /** Any pair with a crypto currency on either side. */
    cryptoMs: number;
    /** Pairs of two fiat currencies. */
    fiatMs: number;
    /** Per currency (RATE_MAX_AGE_OVERRIDES); a pair takes the stricter of its two. */
    overrides: Record<string, number>;
  };
  /**
   * The price feed: public sources read by default (RATES_FEED_SOURCES), or one
   * CoinGecko-shaped URL (RATES_FEED_URL); null when turned off (and under NODE_ENV=test).
   */
  feed: {
    sources: FeedSource[];
    intervalMs: number;
    /** Taken off the feed's price (the customer's disfavour), a decimal string. */
    spreadPercent: string;
    /** A price further than this from a still-fresh stored rate is skipped as absurd. */
    maxChangePercent: string;
    ids: Record<CryptoCurrency, string>;
    /** Each source's deadline per read; all sources are read at once. */
    timeoutMs: number;
  } | null;
}

export const FEED_SOURCE_NAMES = ['coingecko', 'coinbase', 'kraken'] as const;
export type FeedSourceName = (typeof FEED_SOURCE_NAMES)[number];

/**
 * One price source: `url` is the vendor's base URL (the path is added per vendor), or,
 * when `exact`, the whole URL to read (RATES_FEED_URL).
 */
export interface FeedSource {
  name: FeedSourceName;
  url: string;
  exact: boolean;
}

/** The public endpoints read when nothing else is configured (decision 0041). */
export const DEFAULT_FEED_SOURCES: Record<FeedSourceName, string> = {
  coingecko: 'https://api.coingecko.com',
  coinbase: 'https://api.coinbase.com',
  kraken: 'https://api.kraken.com',
};

/** `off`, or a comma-separated list of source names, each optionally `=base URL`. */
const feedSources = z.string().transform((raw, ctx) => {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 1 && items[0]?.toLowerCase() === 'off') return 'off' as const;
  const out: FeedSource[] = [];
  for (const item of items) {
    const at = item.indexOf('=');
    const name = (at < 0 ? item : item.slice(0, at)).trim().toLowerCase();
    const url = at < 0 ? null : item.slice(at + 1).trim();
    const known = (FEED_SOURCE_NAMES as readonly string[]).includes(name);
    const urlOk = url === null || z.url({ protocol: /^https?$/ }).safeParse(url).success;
    if (!known || !urlOk || out.some((s) => s.name === name)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be off, or ${FEED_SOURCE_NAMES.join(', ')} (each once, optionally =http(s) URL), comma-separated`,
      });
      return z.NEVER;
    }
    const source = name as FeedSourceName;
    out.push({
      name: source,
      url: (url ?? DEFAULT_FEED_SOURCES[source]).replace(/\/+$/, ''),
      exact: false,
    });
  }
  if (!out.length) {
    ctx.addIssue({ code: 'custom', message: 'must name at least one source, or be off' });
    return z.NEVER;
  }
  return out;
});

const percent = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 0.5')
    .refine((v) => Number(v) <= max, `must be at most ${max}`);

/** `CODE=value,CODE=value` lists: currency codes, upper-case, each named once. */
function codeList<T>(value: z.ZodType<T>, valueHint: string) {
  return z.string().transform((raw, ctx) => {
    const out: Record<string, T> = {};
    for (const item of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [code = '', text = '', ...extra] = item.split('=').map((s) => s.trim());
      const parsed = value.safeParse(text);
      if (!/^[A-Z]{3,5}$/.test(code) || extra.length || !parsed.success || code in out) {
        ctx.addIssue({
          code: 'custom',
          message: `must be CODE=${valueHint} pairs, comma-separated`,
        });
        return z.NEVER;
      }
      out[code] = parsed.data;
    }
    return out;
  });
}

/** The environment keys of exchange-rate expiry and the feed (read by config/env.ts). */
export const ratesEnvShape = {
  RATE_MAX_AGE_CRYPTO_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .min(1, 'must be at least 1')
    .max(60 * 24 * 365),
  RATE_MAX_AGE_FIAT_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.01, 'must be positive')
    .max(24 * 365),
  /** Deprecated: the old single maximum age, now read as RATE_MAX_AGE_FIAT_HOURS. */
  RATE_MAX_AGE_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.01, 'must be positive')
    .max(24 * 365),
  RATE_MAX_AGE_OVERRIDES: codeList(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 365),
    'minutes',
  ),
  RATES_FEED_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  RATES_FEED_SOURCES: feedSources,
  RATES_FEED_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.1, 'must be at least 0.1')
    .max(60, 'must be at most 60'),
  RATES_FEED_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(86_400),
  RATES_FEED_SPREAD_PERCENT: percent(50),
  RATES_FEED_MAX_CHANGE_PERCENT: percent(1000),
  RATES_FEED_IDS: codeList(z.string().regex(/^[a-z0-9-]{1,100}$/), 'coin-id'),
};

type RatesEnv = { [K in keyof typeof ratesEnvShape]?: z.output<(typeof ratesEnvShape)[K]> };

export function ratesProblems(e: RatesEnv): string[] {
  const problems: string[] = [];
  for (const code of Object.keys(e.RATES_FEED_IDS ?? {}))
    if (!(CRYPTO_CURRENCIES as readonly string[]).includes(code))
      problems.push(`RATES_FEED_IDS: ${code} is not a currency Parley takes`);
  return problems;
}

/**
 * Which sources the feed reads: RATES_FEED_SOURCES when set (`off` for none);
 * otherwise RATES_FEED_URL alone when set; otherwise the public sources, except under
 * NODE_ENV=test, whose runs must never reach the internet.
 */
function sourcesOf(e: RatesEnv, nodeEnv: string): FeedSource[] {
  const exact: FeedSource[] = e.RATES_FEED_URL
    ? [{ name: 'coingecko', url: e.RATES_FEED_URL, exact: true }]
    : [];
  if (e.RATES_FEED_SOURCES === 'off') return [];
  if (e.RATES_FEED_SOURCES)
    // RATES_FEED_URL, when also set, replaces the CoinGecko entry with its exact URL.
    return e.RATES_FEED_SOURCES.map((s) => (s.name === 'coingecko' && exact[0]) || s);
  if (exact.length) return exact;
  if (nodeEnv === 'test') return [];
  return FEED_SOURCE_NAMES.map((name) => ({ name, url: DEFAULT_FEED_SOURCES[name], exact: false }));
}

export function ratesConfig(e: RatesEnv, nodeEnv = 'development'): RatesConfig {
  const sources = sourcesOf(e, nodeEnv);
  return {
    maxAge: {
      cryptoMs: (e.RATE_MAX_AGE_CRYPTO_MINUTES ?? 15) * 60_000,
      fiatMs: (e.RATE_MAX_AGE_FIAT_HOURS ?? e.RATE_MAX_AGE_HOURS ?? 24) * 3_600_000,
      overrides: Object.fromEntries(
        Object.entries(e.RATE_MAX_AGE_OVERRIDES ?? {}).map(([code, min]) => [code, min * 60_000]),
      ),
    },
    feed: sources.length
      ? {
          sources,
          intervalMs: (e.RATES_FEED_INTERVAL_SECONDS ?? 300) * 1000,
          spreadPercent: e.RATES_FEED_SPREAD_PERCENT ?? '0.5',
          maxChangePercent: e.RATES_FEED_MAX_CHANGE_PERCENT ?? '25',
          ids: { ...DEFAULT_FEED_IDS, ...(e.RATES_FEED_IDS ?? {}) } as Record<
            CryptoCurrency,
            string
          >,
          timeoutMs: Math.round((e.RATES_FEED_TIMEOUT_SECONDS ?? 5) * 1000),
        }
      : null,
  };
}
