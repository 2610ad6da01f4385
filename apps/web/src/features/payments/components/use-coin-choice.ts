import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  type Network,
} from '@parley/shared/domain';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { usePayableCoinList, usePaymentWallets } from '../api/payments';
import type { PaymentTarget } from './use-crypto-payment';

const firstNetwork = (currency: CryptoCurrency) => CURRENCY_NETWORKS[currency][0] as Network;

type Setter<T> = (value: T) => void;

/** Coins and their chains that have a wallet to pay: only those are offered. */
function payableOf(wallets: readonly { currency: string; network: string }[] | undefined) {
  if (!wallets) return null;
  const networks = (c: CryptoCurrency) =>
    (CURRENCY_NETWORKS[c] as readonly Network[]).filter((n) =>
      wallets.some((w) => w.currency === c && w.network === n),
    );
  const coins = CRYPTO_CURRENCIES.filter((c) => networks(c).length > 0);
  return { coins, networks };
}

/** A coin or chain without a wallet gives way to the first that has one. */
function useGiveWayToPayable(
  payable: ReturnType<typeof payableOf>,
  submitted: boolean,
  currency: CryptoCurrency,
  network: Network,
  setCurrency: Setter<CryptoCurrency>,
  setNetwork: Setter<Network>,
) {
  useEffect(() => {
    if (!payable || submitted) return;
    const coin = payable.coins.includes(currency) ? currency : payable.coins[0];
    if (!coin) return;
    const chains = payable.networks(coin);
    if (coin !== currency) setCurrency(coin);
    if (!chains.includes(network)) setNetwork(chains[0] as Network);
  }, [payable, currency, network, submitted, setCurrency, setNetwork]);
}

/**
 * The coin and chain: a top-up's preset coin or BTC first; only those with a wallet are
 * offered. Choosing one asks for a quote without a click (`autoQuote`).
 */
export function useCoinChoice(
  target: PaymentTarget,
  submitted: boolean,
  autoQuote: RefObject<boolean>,
) {
  const preset = target.kind === 'topup' ? target.currency : null;
  const initialCurrency = (CRYPTO_CURRENCIES as readonly string[]).includes(preset ?? '')
    ? (preset as CryptoCurrency)
    : 'BTC';
  const [currency, setCurrencyState] = useState<CryptoCurrency>(initialCurrency);
  const [network, setNetwork] = useState<Network>(firstNetwork(initialCurrency));
  const wallets = usePaymentWallets();
  // Watched networks need no fixed wallet: the coins list names them (an error: none).
  const listed = usePayableCoinList();
  const payable = useMemo(
    () =>
      wallets.data && !listed.isPending
        ? payableOf([...wallets.data, ...(listed.data ?? [])])
        : null,
    [wallets.data, listed.data, listed.isPending],
  );
  useGiveWayToPayable(payable, submitted, currency, network, setCurrencyState, setNetwork);
  return {
    wallets,
    payable,
    currency,
    network,
    available: payable?.networks(currency).includes(network) ?? false,
    setCurrency: (next: CryptoCurrency) => {
      autoQuote.current = true;
      setCurrencyState(next);
      setNetwork(payable?.networks(next)[0] ?? firstNetwork(next));
    },
    setNetwork: (next: Network) => {
      autoQuote.current = true;
      setNetwork(next);
    },
    /** The coins offered (all of them until the wallets are known). */
    coins: payable?.coins ?? CRYPTO_CURRENCIES,
    networks: payable ? payable.networks(currency) : CURRENCY_NETWORKS[currency],
  };
}
