import { BILLING_CURRENCY, type FeedStatus, type SetupChecklist } from '@parley/shared';
import type { CoinState } from '../payments/payable-coins.js';
import type { SetupRepo } from './setup.repo.js';

const FEED_OFF: FeedStatus = {
  enabled: false,
  sources: [],
  lastRunAt: null,
  lastAnsweredAt: null,
  answered: [],
  failed: [],
};

/**
 * The admin's set-up checklist (decision 0041): what still stands between a fresh
 * install and payments and real messages. Read from the state itself, never stored,
 * so an item is done the moment its cause is.
 */
export function createSetupService(deps: {
  repo: SetupRepo;
  coins: () => Promise<CoinState[]>;
  rates: () => Promise<{ base: string; quote: string; stale: boolean }[]>;
  feed: () => FeedStatus | null;
  gateways: { sms: 'sandbox' | 'smpp'; voice: 'sandbox' | 'sip' };
  mailConfigured: boolean;
}) {
  const { repo, gateways } = deps;
  return {
    async checklist(): Promise<SetupChecklist> {
      const [coins, rates, adminsWithout] = await Promise.all([
        deps.coins(),
        deps.rates(),
        repo.adminsWithoutSecondFactor(),
      ]);
      const withWallet = new Set(coins.filter((c) => c.networks.length).map((c) => c.currency));
      // The rates a top-up needs: each offered coin's dollar price, and the dollar's pound.
      const needed = (r: { base: string; quote: string }) =>
        (r.quote === 'USD' && withWallet.has(r.base as CoinState['currency'])) ||
        (r.base === 'USD' && r.quote === BILLING_CURRENCY);
      const stale = rates.filter((r) => r.stale && needed(r)).map((r) => `${r.base}/${r.quote}`);
      const items = {
        wallets: {
          done: withWallet.size > 0,
          coins: coins.map((c) => ({
            currency: c.currency,
            wallet: c.networks.length > 0,
            rateFresh: c.rateFresh,
            payable: c.networks.length > 0 && c.rateFresh,
          })),
        },
        rates: {
          done: stale.length === 0 && coins.every((c) => !c.networks.length || c.rateFresh),
          stale,
          feed: deps.feed() ?? FEED_OFF,
        },
        sms: { done: gateways.sms !== 'sandbox', mode: gateways.sms },
        voice: { done: gateways.voice !== 'sandbox', mode: gateways.voice },
        mail: { done: deps.mailConfigured },
        secondFactor: { done: adminsWithout === 0, adminsWithout },
      };
      return { complete: Object.values(items).every((i) => i.done), ...items };
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
