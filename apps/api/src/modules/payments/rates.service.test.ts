import { describe, expect, it } from 'vitest';
import type { RatesRepo } from './rates.repo.js';
import { createRatesService, maxAgeMsOf } from './rates.service.js';

type Row = NonNullable<Awaited<ReturnType<RatesRepo['find']>>>;

const NOW = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const maxAge = { cryptoMs: 15 * MINUTE, fiatMs: 24 * 60 * MINUTE, overrides: {} };

const row = (base: string, quote: string, rate: string, ageMs = 0): Row =>
  ({
    base,
    quote,
    rate,
    source: 'seed',
    updatedAt: new Date(NOW.getTime() - ageMs),
  }) as Row;

/** The service on a fake repo holding `rows`; `sets` keeps every write it was asked for. */
function setUp(rows: Row[]) {
  const sets: string[] = [];
  let changes = 0;
  const repo = {
    find: async (b: string, q: string) => rows.find((r) => r.base === b && r.quote === q),
    list: async () => rows,
    set: async (b: string, q: string, rate: string, source: string, at: Date) => {
      sets.push(`${b}/${q} ${rate} ${source}`);
      return { ...row(b, q, rate), source, updatedAt: at };
    },
  } as unknown as RatesRepo;
  const service = createRatesService({
    repo,
    maxAge,
    onChange: () => void changes++,
    now: () => NOW,
  });
  return { service, sets, changes: () => changes };
}

describe('converting with the stored rates', () => {
  it('reads a pair directly, inverted, or through USD', async () => {
    const { service } = setUp([row('USD', 'GBP', '0.8'), row('ETH', 'USD', '3000')]);
    expect(await service.rate('GBP', 'GBP')).toBe('1');
    expect(await service.rate('USD', 'GBP')).toBe('0.8');
    expect(await service.rate('GBP', 'USD')).toBe('1.250000000000000000');
    expect(await service.rate('ETH', 'GBP')).toBe('2400.000000000000000000');
  });

  it('refuses a stale rate rather than guess, and a pair it cannot reach', async () => {
    const { service } = setUp([row('ETH', 'USD', '3000', 16 * MINUTE), row('USD', 'GBP', '0.8')]);
    await expect(service.rate('ETH', 'USD')).rejects.toMatchObject({ code: 'RATE_UNAVAILABLE' });
    await expect(service.rate('GBP', 'EUR')).rejects.toMatchObject({ code: 'RATE_UNAVAILABLE' });
  });

  it('lets a pair get as old as the stricter of its two currencies allows', () => {
    expect(maxAgeMsOf(maxAge, 'USD', 'GBP')).toBe(24 * 60 * MINUTE);
    expect(maxAgeMsOf(maxAge, 'USD', 'ETH')).toBe(15 * MINUTE);
    expect(maxAgeMsOf({ ...maxAge, overrides: { GBP: MINUTE } }, 'USD', 'GBP')).toBe(MINUTE);
  });

  it('says whether the stored pair is fresh', async () => {
    const { service } = setUp([row('ETH', 'USD', '3000', 16 * MINUTE)]);
    expect(await service.current('ETH', 'USD')).toMatchObject({ fresh: false, ageMs: 16 * MINUTE });
    expect(await service.current('BTC', 'USD')).toBeNull();
  });
});

describe('changing a rate', () => {
  it('names who changed it and drops the price caches', async () => {
    const { service, sets, changes } = setUp([]);
    await service.set('USD', 'GBP', '0.79', { id: 'a1', email: 'ann@example.com', ip: null });
    await service.setFromFeed('ETH', 'USD', '3100');
    expect(sets).toEqual(['USD/GBP 0.79 admin:ann@example.com', 'ETH/USD 3100 feed']);
    expect(changes()).toBe(2);
  });

  it('refuses a rate between a currency and itself', async () => {
    const { service, sets } = setUp([]);
    await expect(service.setFromFeed('GBP', 'GBP', '1')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(sets).toEqual([]);
  });
});
