import {
  CRYPTO_CURRENCIES,
  divide,
  type ExchangeRate,
  multiply,
  trimDecimal,
} from '@parley/shared';
import type { RatesConfig } from '../../config/rates-config.js';
import { AppError } from '../../lib/app-error.js';
import { AUTOMATIC, type AuditBy } from '../../lib/audit-by.js';
import type { RatesRepo } from './rates.repo.js';

type Row = NonNullable<Awaited<ReturnType<RatesRepo['find']>>>;

/** Rates are kept with 18 decimals; a derived rate is rounded there too. */
const SCALE = 18;

const isCrypto = (code: string) => (CRYPTO_CURRENCIES as readonly string[]).includes(code);

/** How old a rate between these two currencies may get: the stricter of the two. */
export function maxAgeMsOf(maxAge: RatesConfig['maxAge'], base: string, quote: string): number {
  const of = (code: string) =>
    maxAge.overrides[code] ?? (isCrypto(code) ? maxAge.cryptoMs : maxAge.fiatMs);
  return Math.min(of(base), of(quote));
}

/**
 * Exchange rates: every conversion goes through here. A rate older than its pair's
 * maximum age (minutes for crypto, hours for fiat) is refused, never guessed; a missing
 * pair is tried inverted, then through USD. Every change, by an admin or the feed, goes
 * through `set`, which writes the audit row with it.
 */
export function createRatesService(deps: {
  repo: RatesRepo;
  maxAge: RatesConfig['maxAge'];
  /** Called after every change, before it is answered (drops this instance's price caches). */
  onChange?: () => void;
  now?: () => Date;
}) {
  const { repo, maxAge } = deps;
  const now = deps.now ?? (() => new Date());
  const ageMs = (row: Row, at: Date) => at.getTime() - row.updatedAt.getTime();
  const stale = (row: Row, at: Date) => ageMs(row, at) > maxAgeMsOf(maxAge, row.base, row.quote);

  const toRate = (r: Row, at: Date): ExchangeRate => ({
    base: r.base,
    quote: r.quote,
    rate: trimDecimal(r.rate),
    source: r.source,
    updatedAt: r.updatedAt.toISOString(),
    stale: stale(r, at),
    ageSeconds: Math.max(0, Math.floor(ageMs(r, at) / 1000)),
    maxAgeSeconds: Math.floor(maxAgeMsOf(maxAge, r.base, r.quote) / 1000),
  });

  /** 1 `from` in `to`, from one stored row read either way, or null. */
  async function leg(from: string, to: string, at: Date): Promise<string | null> {
    const direct = await repo.find(from, to);
    const inverse = direct ? undefined : await repo.find(to, from);
    const row = direct ?? inverse;
    if (!row) return null;
    if (stale(row, at))
      throw new AppError(
        'RATE_UNAVAILABLE',
        `The ${row.base}/${row.quote} exchange rate is out of date; an admin needs to update it.`,
      );
    return direct ? row.rate : divide('1', row.rate, SCALE, 'half-up');
  }

  async function set(
    base: string,
    quote: string,
    rate: string,
    source: string,
    by: AuditBy,
  ): Promise<ExchangeRate> {
    if (base === quote) throw new AppError('BAD_REQUEST', 'A rate needs two different currencies.');
    const at = now();
    const row = await repo.set(base, quote, rate, source, at, by);
    deps.onChange?.();
    return toRate(row, at);
  }

  return {
    async list(): Promise<ExchangeRate[]> {
      const at = now();
      return (await repo.list()).map((r) => toRate(r, at));
    },

    /** An admin's change: the source names them; the audit row keeps their id and address. */
    set(
      base: string,
      quote: string,
      rate: string,
      admin: { id: string; email: string; ip: string | null },
    ): Promise<ExchangeRate> {
      return set(base, quote, rate, `admin:${admin.email}`, { actorId: admin.id, ip: admin.ip });
    },

    /** The feed's change: the same path, with no actor. */
    setFromFeed(base: string, quote: string, rate: string): Promise<ExchangeRate> {
      return set(base, quote, rate, 'feed', AUTOMATIC);
    },

    /** The stored rate of exactly this pair, its source and age, and whether it is fresh. */
    async current(
      base: string,
      quote: string,
    ): Promise<{ rate: string; source: string; ageMs: number; fresh: boolean } | null> {
      const row = await repo.find(base, quote);
      if (!row) return null;
      const at = now();
      return { rate: row.rate, source: row.source, ageMs: ageMs(row, at), fresh: !stale(row, at) };
    },

    /** How many `to` one `from` is worth now. */
    async rate(from: string, to: string): Promise<string> {
      if (from === to) return '1';
      const at = now();
      const direct = await leg(from, to, at);
      if (direct) return direct;
      const [toUsd, fromUsd] = [await leg(from, 'USD', at), await leg('USD', to, at)];
      if (toUsd && fromUsd) return multiply(toUsd, fromUsd, SCALE, 'half-up');
      throw new AppError('RATE_UNAVAILABLE', `There is no exchange rate from ${from} to ${to}.`);
    },
  };
}
export type RatesService = ReturnType<typeof createRatesService>;
