import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../test/config-problems.js';
import { loadConfig } from './env.js';

describe('loadConfig: exchange rates', () => {
  it('reads rate expiry: 15 minutes for crypto, 24 hours for fiat, per-currency overrides', () => {
    expect(loadConfig({}).rates.maxAge).toEqual({
      cryptoMs: 15 * 60_000,
      fiatMs: 24 * 3_600_000,
      overrides: {},
    });
    const set = loadConfig({
      RATE_MAX_AGE_CRYPTO_MINUTES: '5',
      RATE_MAX_AGE_FIAT_HOURS: '12',
      RATE_MAX_AGE_OVERRIDES: 'USDT=60, USDC=90',
    }).rates.maxAge;
    expect(set).toEqual({
      cryptoMs: 5 * 60_000,
      fiatMs: 12 * 3_600_000,
      overrides: { USDT: 60 * 60_000, USDC: 90 * 60_000 },
    });
    // The deprecated single setting still sets the fiat age, never the crypto one.
    expect(loadConfig({ RATE_MAX_AGE_HOURS: '0.5' }).rates.maxAge).toMatchObject({
      cryptoMs: 15 * 60_000,
      fiatMs: 1_800_000,
    });
    expect(problemsOf({ RATE_MAX_AGE_HOURS: '-1' })[0]).toMatch(/^RATE_MAX_AGE_HOURS: /);
    expect(problemsOf({ RATE_MAX_AGE_HOURS: 'soon' })[0]).toMatch(/^RATE_MAX_AGE_HOURS: /);
    expect(problemsOf({ RATE_MAX_AGE_CRYPTO_MINUTES: '0' })[0]).toMatch(
      /^RATE_MAX_AGE_CRYPTO_MINUTES: /,
    );
    for (const bad of ['USDT', 'usdt=5', 'USDT=5,USDT=6', 'USDT=x'])
      expect(problemsOf({ RATE_MAX_AGE_OVERRIDES: bad })[0]).toMatch(/^RATE_MAX_AGE_OVERRIDES: /);
  });

  it('reads public rate sources by default; off, elsewhere, or never under NODE_ENV=test', () => {
    expect(loadConfig({}).rates.feed).toMatchObject({
      sources: [
        { name: 'coingecko', url: 'https://api.coingecko.com', exact: false },
        { name: 'coinbase', url: 'https://api.coinbase.com', exact: false },
        { name: 'kraken', url: 'https://api.kraken.com', exact: false },
      ],
      timeoutMs: 5000,
      intervalMs: 300_000,
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        SMS_GATEWAY: 'sandbox',
        VOICE_GATEWAY: 'sandbox',
      }).rates.feed?.sources,
    ).toHaveLength(3);
    // Test runs never reach the internet unless told where to read.
    expect(loadConfig({ NODE_ENV: 'test' }).rates.feed).toBeNull();
    expect(loadConfig({ RATES_FEED_SOURCES: 'off' }).rates.feed).toBeNull();
    expect(loadConfig({ RATES_FEED_SOURCES: ' OFF ' }).rates.feed).toBeNull();
    expect(
      loadConfig({
        NODE_ENV: 'test',
        RATES_FEED_SOURCES: 'kraken=http://127.0.0.1:9/k/, coinbase',
        RATES_FEED_TIMEOUT_SECONDS: '0.5',
      }).rates.feed,
    ).toMatchObject({
      sources: [
        { name: 'kraken', url: 'http://127.0.0.1:9/k', exact: false },
        { name: 'coinbase', url: 'https://api.coinbase.com', exact: false },
      ],
      timeoutMs: 500,
    });
    // RATES_FEED_URL alone is the only source; with a list, it replaces CoinGecko's entry.
    expect(
      loadConfig({ RATES_FEED_URL: 'https://feed.example/p?x=1' }).rates.feed?.sources,
    ).toEqual([{ name: 'coingecko', url: 'https://feed.example/p?x=1', exact: true }]);
    expect(
      loadConfig({
        RATES_FEED_URL: 'https://feed.example/p',
        RATES_FEED_SOURCES: 'coingecko,kraken',
      }).rates.feed?.sources.map((s) => s.exact),
    ).toEqual([true, false]);
    for (const bad of ['binance', 'kraken,kraken', 'kraken=ftp://x', ',', 'off,kraken'])
      expect(problemsOf({ RATES_FEED_SOURCES: bad })[0], bad).toMatch(/^RATES_FEED_SOURCES: /);
    expect(problemsOf({ RATES_FEED_TIMEOUT_SECONDS: '600' })[0]).toMatch(
      /^RATES_FEED_TIMEOUT_SECONDS: /,
    );
  });

  it('reads the rate feed’s settings, checked', () => {
    const feed = loadConfig({
      RATES_FEED_URL: 'https://feed.example/simple/price?ids=bitcoin',
      RATES_FEED_INTERVAL_SECONDS: '60',
      RATES_FEED_SPREAD_PERCENT: '1.25',
      RATES_FEED_IDS: 'MATIC=polygon-ecosystem-token',
    }).rates.feed;
    expect(feed).toMatchObject({
      intervalMs: 60_000,
      spreadPercent: '1.25',
      maxChangePercent: '25',
      ids: { BTC: 'bitcoin', MATIC: 'polygon-ecosystem-token' },
    });
    expect(loadConfig({ RATES_FEED_URL: 'http://127.0.0.1:1/p' }).rates.feed).toMatchObject({
      intervalMs: 300_000,
      spreadPercent: '0.5',
    });
    expect(problemsOf({ RATES_FEED_URL: 'ftp://x' })[0]).toMatch(/^RATES_FEED_URL: /);
    expect(problemsOf({ RATES_FEED_SPREAD_PERCENT: '-1' })[0]).toMatch(
      /^RATES_FEED_SPREAD_PERCENT: /,
    );
    expect(problemsOf({ RATES_FEED_SPREAD_PERCENT: '60' })[0]).toMatch(
      /^RATES_FEED_SPREAD_PERCENT: /,
    );
    expect(problemsOf({ RATES_FEED_IDS: 'DOGE=dogecoin' })[0]).toMatch(/^RATES_FEED_IDS: DOGE/);
    expect(problemsOf({ RATES_FEED_IDS: 'BTC=Bit Coin' })[0]).toMatch(/^RATES_FEED_IDS: /);
  });
});
