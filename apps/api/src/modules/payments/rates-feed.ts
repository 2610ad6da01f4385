import {
  add,
  BILLING_CURRENCY,
  compareDecimal,
  divide,
  type FeedStatus,
  multiply,
  subtract,
} from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedSource, FeedSourceName, RatesConfig } from '../../config/rates-config.js';
import { deadline } from '../../lib/deadline.js';
import {
  type FeedCode,
  readSource,
  type Skip,
  type SourceReading,
  sourceUrl,
} from './rate-sources.js';
import type { RatesService } from './rates.service.js';

export { numberToDecimal, type Skip } from './rate-sources.js';

type FeedConfig = NonNullable<RatesConfig['feed']>;
type Outcome =
  | { source: FeedSourceName; reading: SourceReading }
  | { source: FeedSourceName; reason: string };

const MAX_BODY = 1024 * 1024;
const SCALE = 18;

/** The feed's price less the spread: the customer gets slightly fewer dollars per coin. */
export function withSpread(price: string, spreadPercent: string): string {
  const factor = divide(subtract('100', spreadPercent, 4), '100', 6, 'down');
  return multiply(price, factor, 18, 'down');
}

/** The middle value; with an even count, the mean of the two middle ones (exact). */
export function median(values: readonly string[]): string {
  const sorted = [...values].sort(compareDecimal);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? '0';
  if (sorted.length % 2) return upper;
  return divide(add(sorted[mid - 1] ?? upper, upper, SCALE), '2', SCALE, 'half-up');
}

/** Whether `next` is more than `percent` % away from `current`. */
function movedTooFar(current: string, next: string, percent: string): boolean {
  const diff = subtract(next, current, 18);
  const distance = diff.startsWith('-') ? diff.slice(1) : diff;
  return (
    compareDecimal(distance, multiply(current, divide(percent, '100', 6, 'down'), 18, 'up')) > 0
  );
}

/** A coin is kept as CODE/USD less the spread; the billing currency as USD/GBP, as read. */
const pairOf = (code: FeedCode) =>
  code === BILLING_CURRENCY ? { base: 'USD', quote: code } : { base: code, quote: 'USD' };

/** Each currency any answering source was asked for: its median, or why there is none. */
function combine(readings: { source: FeedSourceName; reading: SourceReading }[]) {
  const codes = new Set<FeedCode>();
  for (const { reading } of readings) {
    for (const code of reading.prices.keys()) codes.add(code);
    for (const s of reading.skipped) codes.add(s.currency);
  }
  const prices = new Map<FeedCode, string>();
  const skipped: Skip[] = [];
  for (const code of codes) {
    const values = readings.flatMap(({ reading }) => reading.prices.get(code) ?? []);
    if (values.length) {
      prices.set(code, median(values));
      continue;
    }
    const reasons = readings.flatMap(({ source, reading }) =>
      reading.skipped
        .filter((s) => s.currency === code)
        .map((s) => (readings.length > 1 ? `${source}: ${s.reason}` : s.reason)),
    );
    skipped.push({ currency: code, reason: reasons.join('; ') });
  }
  return { prices, skipped };
}

/**
 * The rate feed (decision 0041): every interval it reads all its sources at once (each
 * with a deadline), takes for each currency the median of the sources that gave a valid
 * price, and writes it (a coin's less the spread) through the same path as an admin's
 * change (audit row with no actor). A source that fails is left out; when none answers,
 * nothing changes and `status()` says so for the admin's landing. The log says why,
 * never a URL (it may carry an API key). Several instances may run it: the same value
 * the feed wrote less than half an interval ago is not written (nor audited) again.
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
  const stopping = new AbortController();
  const status: FeedStatus = {
    enabled: true,
    sources: feed.sources.map((s) => s.name),
    lastRunAt: null,
    lastAnsweredAt: null,
    answered: [],
    failed: [],
  };

  async function fetchBody(source: FeedSource): Promise<unknown> {
    const cut = deadline(feed.timeoutMs, stopping.signal);
    let text: string;
    try {
      const res = await fetch(sourceUrl(source, feed.ids), {
        signal: cut.signal,
        headers: { accept: 'application/json' },
        redirect: 'error',
      });
      if (!res.ok) throw new FeedError(`HTTP ${res.status}`);
      text = await res.text();
    } finally {
      cut.clear();
    }
    if (text.length > MAX_BODY) throw new FeedError('answer too large');
    try {
      return JSON.parse(text);
    } catch {
      throw new FeedError('not JSON');
    }
  }

  async function readOne(source: FeedSource): Promise<Outcome> {
    try {
      const reading = readSource(source.name, await fetchBody(source), feed.ids);
      if (!reading.prices.size) return { source: source.name, reason: 'no usable price' };
      return { source: source.name, reading };
    } catch (err) {
      const reason =
        err instanceof FeedError
          ? err.message
          : err instanceof Error && err.name === 'TimeoutError'
            ? 'timed out'
            : 'unreachable';
      return { source: source.name, reason };
    }
  }

  async function run(): Promise<{ written: string[]; skipped: Skip[] }> {
    const outcomes = await Promise.all(feed.sources.map(readOne));
    const readings = outcomes.filter((o) => 'reading' in o);
    const failed = outcomes.flatMap((o) => ('reason' in o ? [o] : []));
    const wasAnswering = status.lastRunAt === null || status.answered.length > 0;
    const at = new Date().toISOString();
    Object.assign(status, {
      lastRunAt: at,
      answered: readings.map((r) => r.source),
      failed: failed.map(({ source, reason }) => ({ source, reason })),
      ...(readings.length ? { lastAnsweredAt: at } : {}),
    });
    for (const f of failed) log.debug(f, 'rate feed: source failed');
    if (!readings.length) {
      // Once per outage at warn (an offline machine would otherwise log every interval).
      (wasAnswering ? log.warn : log.debug).call(
        log,
        { failed: status.failed },
        'rate feed: no source answered; rates unchanged',
      );
      return { written: [], skipped: [] };
    }
    const { prices, skipped } = combine(readings);
    const written: string[] = [];
    for (const [code, price] of prices) {
      const { base, quote } = pairOf(code);
      const rate = code === BILLING_CURRENCY ? price : withSpread(price, feed.spreadPercent);
      const current = await rates.current(base, quote);
      // Another instance's fresh write of the same value is not repeated (nor audited).
      if (
        current?.fresh &&
        current.source === 'feed' &&
        compareDecimal(current.rate, rate) === 0 &&
        current.ageMs < feed.intervalMs / 2
      )
        continue;
      // The guard keeps a fresh rate someone chose (an admin, or an earlier read); the
      // shipped seed is only a placeholder, which the first read replaces whatever it says.
      if (
        current?.fresh &&
        current.source !== 'seed' &&
        movedTooFar(current.rate, rate, feed.maxChangePercent)
      ) {
        skipped.push({ currency: code, reason: 'moved too far from the current rate' });
        continue;
      }
      await rates.setFromFeed(base, quote, rate);
      written.push(`${base}/${quote}`);
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
    /** What the last read found, for the admin's landing (this instance's view). */
    status(): FeedStatus {
      return structuredClone(status);
    },
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
    /** Stops the timer, cuts reads in flight, and waits, so nothing writes after close. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await queue;
    },
  };
}
export type RatesFeed = ReturnType<typeof createRatesFeed>;

class FeedError extends Error {}
