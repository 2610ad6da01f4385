import { divide, type ExchangeRate, multiply, trimDecimal } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { RatesRepo } from './rates.repo.js';

type Row = NonNullable<Awaited<ReturnType<RatesRepo['find']>>>;

/** Rates are kept with 18 decimals; a derived rate is rounded there too. */
const SCALE = 18;

/**
 * Exchange rates: every conversion goes through here. A rate older than `maxAgeMs` is
 * refused, never guessed; a missing pair is tried inverted, then through USD.
 */
export function createRatesService(deps: { repo: RatesRepo; maxAgeMs: number; now?: () => Date }) {
  const { repo, maxAgeMs } = deps;
  const now = deps.now ?? (() => new Date());
  const stale = (row: Row, at: Date) => at.getTime() - row.updatedAt.getTime() > maxAgeMs;

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

  return {
    async list(): Promise<ExchangeRate[]> {
      const at = now();
      return (await repo.list()).map((r) => ({
        base: r.base,
        quote: r.quote,
        rate: trimDecimal(r.rate),
        source: r.source,
        updatedAt: r.updatedAt.toISOString(),
        stale: stale(r, at),
      }));
    },

    async set(base: string, quote: string, rate: string, by: string): Promise<ExchangeRate> {
      if (base === quote)
        throw new AppError('BAD_REQUEST', 'A rate needs two different currencies.');
      const row = await repo.set(base, quote, rate, `admin:${by}`, now());
      return {
        ...row,
        rate: trimDecimal(row.rate),
        updatedAt: row.updatedAt.toISOString(),
        stale: false,
      };
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
