import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  compareDecimal,
  divide,
  multiply,
  subtract,
} from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RatesConfig } from '../../config/rates-config.js';
import type { RatesService } from './rates.service.js';

type FeedConfig = NonNullable<RatesConfig['feed']>;

/** The feed prices coins in USD; Parley's crypto rates are kept as CODE/USD. */
const QUOTE = 'USD';
/** Prices outside this range are no coin's price: a broken feed, not a market. */
const MIN_PRICE = 1e-8;
const MAX_PRICE = 1e8;
const MAX_BODY = 1024 * 1024;

export type Skip = { currency: CryptoCurrency; reason: string };

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

/**
 * Reads a CoinGecko simple-price answer (`{"bitcoin":{"usd":51234.5}}`) strictly: each
 * currency's USD price must be a finite JSON number within a sane range. Anything else
 * is skipped with its reason, never guessed.
 */
export function readFeed(
  body: unknown,
  ids: Record<CryptoCurrency, string>,
): { prices: Map<CryptoCurrency, string>; skipped: Skip[] } {
  const prices = new Map<CryptoCurrency, string>();
  const skipped: Skip[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  for (const currency of CRYPTO_CURRENCIES) {
    const entry = isObject(body) && Object.hasOwn(body, ids[currency]) ? body[ids[currency]] : null;
    const price = isObject(entry) && Object.hasOwn(entry, 'usd') ? entry.usd : undefined;
    if (price === undefined) skipped.push({ currency, reason: 'missing' });
    else if (typeof price !== 'number' || !Number.isFinite(price))
      skipped.push({ currency, reason: 'not a number' });
    else if (price <= 0) skipped.push({ currency, reason: 'not positive' });
    else if (price < MIN_PRICE || price > MAX_PRICE)
      skipped.push({ currency, reason: 'out of range' });
    else prices.set(currency, numberToDecimal(price));
  }
  return { prices, skipped };
}

/** The feed's price less the spread: the customer gets slightly fewer dollars per coin. */
export function withSpread(price: string, spreadPercent: string): string {
  const factor = divide(subtract('100', spreadPercent, 4), '100', 6, 'down');
  return multiply(price, factor, 18, 'down');
}

/** Whether `next` is more than `percent` % away from `current`. */
function movedTooFar(current: string, next: string, percent: string): boolean {
  const diff = subtract(next, current, 18);
  const distance = diff.startsWith('-') ? diff.slice(1) : diff;
  return (
    compareDecimal(distance, multiply(current, divide(percent, '100', 6, 'down'), 18, 'up')) > 0
  );
}

/**
 * The optional rate feed: fetches RATES_FEED_URL every interval (with a deadline), and
 * writes each valid price, less the spread, through the same path as an admin's change
 * (audit row with no actor). A bad answer changes nothing; the log says why, never the
 * URL (it may carry an API key). Several instances may run it: the same value the feed
 * wrote less than half an interval ago is not written (nor audited) again.
 */
export function createRatesFeed(deps: {
  rates: Pick<RatesService, 'setFromFeed' | 'current'>;
  feed: FeedConfig;
  log: FastifyBaseLogger;
}) {
  const { rates, feed, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let running = false;

  async function fetchBody(): Promise<unknown> {
    const res = await fetch(feed.url, {
      signal: AbortSignal.timeout(feed.timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!res.ok) throw new FeedError(`HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_BODY) throw new FeedError('answer too large');
    try {
      return JSON.parse(text);
    } catch {
      throw new FeedError('not JSON');
    }
  }

  async function run(): Promise<{ written: string[]; skipped: Skip[] }> {
    let body: unknown;
    try {
      body = await fetchBody();
    } catch (err) {
      const reason =
        err instanceof FeedError
          ? err.message
          : err instanceof Error && err.name === 'TimeoutError'
            ? 'timed out'
            : 'unreachable';
      log.warn({ reason }, 'rate feed: no usable answer; rates unchanged');
      return { written: [], skipped: [] };
    }
    const { prices, skipped } = readFeed(body, feed.ids);
    const written: string[] = [];
    for (const [currency, price] of prices) {
      const rate = withSpread(price, feed.spreadPercent);
      const current = await rates.current(currency, QUOTE);
      if (
        current?.source === 'feed' &&
        compareDecimal(current.rate, rate) === 0 &&
        current.ageMs < feed.intervalMs / 2
      )
        continue;
      if (current?.fresh && movedTooFar(current.rate, rate, feed.maxChangePercent)) {
        skipped.push({ currency, reason: 'moved too far from the current rate' });
        continue;
      }
      await rates.setFromFeed(currency, QUOTE, rate);
      written.push(`${currency}/${QUOTE}`);
    }
    for (const s of skipped) log.warn(s, 'rate feed: value skipped');
    return { written, skipped };
  }

  /** One refresh, after any that is running. */
  function runOnce(): Promise<{ written: string[]; skipped: Skip[] }> {
    const next = queue.then(run);
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    /** Tests call it directly rather than wait for the timer. */
    runOnce,
    start(): void {
      const tick = () => {
        if (running) return;
        running = true;
        runOnce()
          .catch((err: unknown) =>
            log.error({ err: err instanceof Error ? err.name : 'error' }, 'rate feed failed'),
          )
          .finally(() => {
            running = false;
          });
      };
      tick();
      timer = setInterval(tick, feed.intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a refresh in flight, so nothing writes after close. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
  };
}
export type RatesFeed = ReturnType<typeof createRatesFeed>;

class FeedError extends Error {}
