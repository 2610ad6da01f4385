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
  /** The optional price feed (RATES_FEED_URL); null when not configured. */
  feed: {
    url: string;
    intervalMs: number;
    /** Taken off the feed's price (the customer's disfavour), a decimal string. */
    spreadPercent: string;
    /** A price further than this from a still-fresh stored rate is skipped as absurd. */
    maxChangePercent: string;
    ids: Record<CryptoCurrency, string>;
    timeoutMs: number;
  } | null;
}

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

export function ratesConfig(e: RatesEnv): RatesConfig {
  return {
    maxAge: {
      cryptoMs: (e.RATE_MAX_AGE_CRYPTO_MINUTES ?? 15) * 60_000,
      fiatMs: (e.RATE_MAX_AGE_FIAT_HOURS ?? e.RATE_MAX_AGE_HOURS ?? 24) * 3_600_000,
      overrides: Object.fromEntries(
        Object.entries(e.RATE_MAX_AGE_OVERRIDES ?? {}).map(([code, min]) => [code, min * 60_000]),
      ),
    },
    feed: e.RATES_FEED_URL
      ? {
          url: e.RATES_FEED_URL,
          intervalMs: (e.RATES_FEED_INTERVAL_SECONDS ?? 300) * 1000,
          spreadPercent: e.RATES_FEED_SPREAD_PERCENT ?? '0.5',
          maxChangePercent: e.RATES_FEED_MAX_CHANGE_PERCENT ?? '25',
          ids: { ...DEFAULT_FEED_IDS, ...(e.RATES_FEED_IDS ?? {}) } as Record<
            CryptoCurrency,
            string
          >,
          timeoutMs: 10_000,
        }
      : null,
  };
}
