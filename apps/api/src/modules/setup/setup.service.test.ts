import type { FeedStatus } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { CoinState } from '../payments/payable-coins.js';
import { createSetupService } from './setup.service.js';

type Rate = { base: string; quote: string; stale: boolean };

const FEED: FeedStatus = {
  enabled: true,
  sources: ['coingecko'],
  lastRunAt: '2026-04-01T10:00:00.000Z',
  lastAnsweredAt: '2026-04-01T10:00:00.000Z',
  answered: ['coingecko'],
  failed: [],
};

/** The checklist over a state given as plain values: no database, no gateways. */
function checklist(state: {
  coins?: CoinState[];
  rates?: Rate[];
  feed?: FeedStatus | null;
  gateways?: { sms: 'sandbox' | 'smpp'; voice: 'sandbox' | 'sip' };
  mailConfigured?: boolean;
  adminsWithout?: number;
}) {
  return createSetupService({
    repo: { adminsWithoutSecondFactor: async () => state.adminsWithout ?? 0 },
    coins: async () => state.coins ?? [],
    rates: async () => state.rates ?? [],
    feed: () => (state.feed === undefined ? FEED : state.feed),
    gateways: state.gateways ?? { sms: 'smpp', voice: 'sip' },
    mailConfigured: state.mailConfigured ?? true,
  }).checklist();
}

const btc: CoinState = { currency: 'BTC', networks: ['bitcoin'], rateFresh: true };
const eth: CoinState = { currency: 'ETH', networks: [], rateFresh: false };

describe('setup service: the checklist', () => {
  it('is complete only when every item is done', async () => {
    const done = await checklist({ coins: [btc] });
    expect(done.complete).toBe(true);
    expect(
      Object.entries(done)
        .filter(([key]) => key !== 'complete')
        .every(([, item]) => (item as { done: boolean }).done),
    ).toBe(true);
    expect((await checklist({ coins: [btc], adminsWithout: 1 })).complete).toBe(false);
  });

  it('on a fresh install: no wallet, sandbox gateways, no mail, an admin without a second factor', async () => {
    const list = await checklist({
      gateways: { sms: 'sandbox', voice: 'sandbox' },
      mailConfigured: false,
      adminsWithout: 1,
      feed: null,
    });
    expect(list).toMatchObject({
      complete: false,
      wallets: { done: false, coins: [] },
      sms: { done: false, mode: 'sandbox' },
      voice: { done: false, mode: 'sandbox' },
      mail: { done: false },
      secondFactor: { done: false, adminsWithout: 1 },
    });
    // With the feed off, the checklist says so rather than nothing.
    expect(list.rates.feed).toMatchObject({ enabled: false, sources: [], lastRunAt: null });
  });

  it('counts a stale rate only when a top-up needs it: a coin with a wallet in dollars, and the dollar in pounds', async () => {
    const list = await checklist({
      coins: [btc, eth],
      rates: [
        { base: 'BTC', quote: 'USD', stale: true },
        { base: 'ETH', quote: 'USD', stale: true },
        { base: 'USD', quote: 'GBP', stale: true },
        { base: 'USD', quote: 'EUR', stale: true },
        { base: 'BTC', quote: 'EUR', stale: false },
      ],
    });
    expect(list.rates.stale).toEqual(['BTC/USD', 'USD/GBP']);
    expect(list.rates.done).toBe(false);
  });

  it('is not done with rates while a coin with a wallet cannot be quoted, stale list or not', async () => {
    const list = await checklist({ coins: [{ ...btc, rateFresh: false }, eth] });
    expect(list.rates).toMatchObject({ done: false, stale: [] });
    expect(list.wallets.done).toBe(true);
  });

  it('calls a coin payable only with both a wallet and a fresh rate', async () => {
    const list = await checklist({
      coins: [btc, eth, { currency: 'LTC', networks: ['litecoin'], rateFresh: false }],
    });
    expect(list.wallets.coins).toEqual([
      { currency: 'BTC', wallet: true, rateFresh: true, payable: true },
      { currency: 'ETH', wallet: false, rateFresh: false, payable: false },
      { currency: 'LTC', wallet: true, rateFresh: false, payable: false },
    ]);
  });
});
