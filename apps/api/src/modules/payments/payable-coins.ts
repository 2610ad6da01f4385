import {
  BILLING_CURRENCY,
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  NETWORKS,
  type Network,
  type PayableCoin,
  type PaymentWallet,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { QuoteAddresses } from './quote-address.js';
import type { RatesService } from './rates.service.js';
import type { WalletsRepo } from './wallets.repo.js';

export type CoinState = {
  currency: CryptoCurrency;
  /** The networks with an active wallet for this coin, or watched with a watch key. */
  networks: Network[];
  /** A quote in this coin would find every rate it needs fresh (coin → USD → GBP). */
  rateFresh: boolean;
};

/**
 * Which coins a customer can pay in now: one with an active wallet and a fresh rate
 * (decision 0041). The footer, and any public list of coins, shows only these.
 */
export function createPayableCoins(deps: {
  wallets: Pick<WalletsRepo, 'listActive'>;
  rates: Pick<RatesService, 'rate'>;
  /** Coins paid to an address per quote: payable without a fixed wallet. */
  watched?: Pick<QuoteAddresses, 'watchedCoins'>;
}) {
  /** Every coin and chain a quote can be paid on: fixed wallets and watched networks. */
  async function places(): Promise<{ currency: string; network: string }[]> {
    const [active, watched] = await Promise.all([
      deps.wallets.listActive(),
      deps.watched?.watchedCoins() ?? [],
    ]);
    return [...active, ...watched];
  }

  async function rateFresh(currency: CryptoCurrency): Promise<boolean> {
    try {
      await deps.rates.rate(currency, BILLING_CURRENCY);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_UNAVAILABLE') return false;
      throw err;
    }
  }

  async function states(): Promise<CoinState[]> {
    const active = await places();
    return Promise.all(
      CRYPTO_CURRENCIES.map(async (currency) => {
        const networks = NETWORKS.filter((n) =>
          active.some((w) => w.currency === currency && w.network === n),
        );
        return { currency, networks, rateFresh: await rateFresh(currency) };
      }),
    );
  }

  return {
    states,
    /**
     * Where a customer can pay: the active wallets of the coins whose rates are fresh, so
     * the payment page and Add Funds offer exactly the coins the footer lists.
     */
    async wallets(): Promise<PaymentWallet[]> {
      const active = await deps.wallets.listActive();
      const fresh = new Set<string>();
      for (const currency of CRYPTO_CURRENCIES)
        if (active.some((w) => w.currency === currency) && (await rateFresh(currency)))
          fresh.add(currency);
      return active
        .filter((w) => fresh.has(w.currency))
        .map(({ id, currency, network, address }) => ({ id, currency, network, address }));
    },
    /**
     * Only the coins with a wallet or a watched network have their rates checked: a
     * public list stays cheap.
     */
    async payable(): Promise<PayableCoin[]> {
      const active = await places();
      const out: PayableCoin[] = [];
      for (const currency of CRYPTO_CURRENCIES) {
        const networks = NETWORKS.filter((n) =>
          active.some((w) => w.currency === currency && w.network === n),
        );
        if (networks.length && (await rateFresh(currency)))
          out.push(...networks.map((network) => ({ currency, network })));
      }
      return out;
    },
  };
}
export type PayableCoins = ReturnType<typeof createPayableCoins>;
