import type { Quote } from '@parley/shared';
import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  isTxHashFormat,
  MIN_TOP_UP_USD,
  type Network,
  TOP_UP_SERVICE_NAME,
} from '@parley/shared/domain';
import {
  type FormEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { type DepositProblem, depositProblem } from '@/lib/deposit-amount';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { usePaymentWallets, useQuote, useSubmitPayment } from '../api/payments';

/** What the amount field says for each kind of unpayable top-up amount. */
export const AMOUNT_MESSAGES: Record<DepositProblem, string> = {
  belowMinimum: 'payment.minimumError',
  malformed: 'payment.amountMalformed',
  aboveMaximum: 'payment.amountTooLarge',
};
/** How long the success message shows before the dashboard opens. */
export const REDIRECT_DELAY_MS = 1500;

/** What the form pays: a top-up of any amount, or one catalogue item at its price. */
export type PaymentTarget =
  | { kind: 'topup'; amount: string | null; currency: string | null }
  | { kind: 'item'; itemId: string; name: string; price: string; priceCurrency: 'USD' | 'GBP' };

export type QuoteState = 'unavailable' | 'none' | 'quoted' | 'expired';

const paymentLabel = (currency: CryptoCurrency, network: Network) =>
  currency === 'USDT' ? (network === 'tron' ? 'USDT-TRC20' : 'USDT-ERC20') : currency;

const firstNetwork = (currency: CryptoCurrency) => CURRENCY_NETWORKS[currency][0] as Network;

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

type Setter<T> = (value: T) => void;

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

/** Opens the dashboard a moment after a submission; leaving the page first cancels it. */
function useRedirectAfter(submitted: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => void navigate('/dashboard'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);
}

function quoteStateOf(noCoins: boolean, quote: Quote | null, expired: boolean): QuoteState {
  if (noCoins) return 'unavailable';
  if (!quote) return 'none';
  return expired ? 'expired' : 'quoted';
}

/** What is sent for a payment: the quote's amount and address, the item or a top-up. */
function paymentBody(target: PaymentTarget, quote: Quote, currency: string, txHash: string) {
  return {
    amount: quote.fiatAmount,
    currency,
    walletAddress: quote.address,
    serviceName: target.kind === 'item' ? target.name : TOP_UP_SERVICE_NAME,
    servicePrice: target.kind === 'item' ? target.price : quote.fiatAmount,
    txHash,
    quoteId: quote.id,
    ...(target.kind === 'item' ? { itemId: target.itemId } : {}),
  };
}

/**
 * The coin and chain: a top-up's preset coin or BTC first; only those with a wallet are
 * offered. Choosing one asks for a quote without a click (`autoQuote`).
 */
function useCoinChoice(target: PaymentTarget, submitted: boolean, autoQuote: RefObject<boolean>) {
  const preset = target.kind === 'topup' ? target.currency : null;
  const initialCurrency = (CRYPTO_CURRENCIES as readonly string[]).includes(preset ?? '')
    ? (preset as CryptoCurrency)
    : 'BTC';
  const [currency, setCurrencyState] = useState<CryptoCurrency>(initialCurrency);
  const [network, setNetwork] = useState<Network>(firstNetwork(initialCurrency));
  const wallets = usePaymentWallets();
  const payable = useMemo(() => payableOf(wallets.data), [wallets.data]);
  useGiveWayToPayable(payable, submitted, currency, network, setCurrencyState, setNetwork);
  return {
    wallets,
    payable,
    currency,
    network,
    available: wallets.data?.some((w) => w.currency === currency && w.network === network),
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

/**
 * The crypto payment form's state: amount, coin and chain; the locked quote and its
 * expiry; the hash; and the submission, after which the form stays disabled until the
 * dashboard opens (once, and never after the page was left).
 */
export function useCryptoPayment(target: PaymentTarget) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  // The quote is asked for without a click: on arrival, and for another coin or chain
  // (not while the amount is typed, which would lock a quote per keystroke).
  const autoQuote = useRef(true);
  const coin = useCoinChoice(target, submitted, autoQuote);
  const { wallets, payable, currency, network, available } = coin;
  const [amount, setAmount] = useState(
    target.kind === 'item' ? target.price : (target.amount ?? MIN_TOP_UP_USD),
  );
  const [quote, setQuote] = useState<Quote | null>(null);
  const [expired, setExpired] = useState(false);
  const [txHash, setTxHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const requestQuote = useQuote();
  const submit = useSubmitPayment();
  const messageOf = useFormErrorMessage();
  const fiatCurrency = target.kind === 'item' ? target.priceCurrency : 'USD';

  // A new amount, coin or chain needs a new quote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setQuote(null);
    setExpired(false);
    requestQuote.reset();
  }, [amount, currency, network]);

  // After a successful submission the dashboard opens; leaving the page first cancels it.
  useRedirectAfter(submitted);

  const onExpire = useCallback(() => setExpired(true), []);
  const noCoins = payable !== null && payable.coins.length === 0;
  const amountProblem = target.kind === 'item' ? null : depositProblem(amount);
  // Required: the hash is what ties the payment on chain to this customer.
  const hashValid = txHash.trim() === '' || isTxHashFormat(network, txHash.trim());
  const [hashMissing, setHashMissing] = useState(false);
  const quoteState = quoteStateOf(noCoins, quote, expired);
  const quoting = requestQuote.isPending || !wallets.isSuccess || !available;

  function getQuote() {
    if (submitted || quoting) return;
    setError(null);
    if (amountProblem) return setError(t(AMOUNT_MESSAGES[amountProblem]));
    requestQuote.mutate(
      { amount, currency, network, fiatCurrency },
      {
        onSuccess: (q) => {
          setQuote(q);
          setExpired(false);
        },
        onError: (err) =>
          setError(messageOf(err, t('payment.quoteFailed'), t('payment.quoteFailed'))),
      },
    );
  }

  // The address without another click, once per arrival or coin (an unpayable amount waits).
  // biome-ignore lint/correctness/useExhaustiveDependencies: getQuote reads the current inputs
  useEffect(() => {
    if (!autoQuote.current || !available || submitted || quote) return;
    autoQuote.current = false;
    if (!amountProblem) getQuote();
  }, [available, currency, network, submitted, quote, amountProblem]);

  function verify(event: FormEvent) {
    event.preventDefault();
    if (!quote || expired || !hashValid || submitted || submit.isPending) return;
    setError(null);
    if (txHash.trim() === '') {
      setHashMissing(true);
      document.getElementById('pay-hash')?.focus();
      return;
    }
    submit.mutate(paymentBody(target, quote, paymentLabel(currency, network), txHash.trim()), {
      onSuccess: () => {
        setSubmitted(true);
        showToast('success', t('common.success'), t('payment.submitted'));
      },
      onError: (err) => {
        // The quote ran out on the server's clock: offer a new amount, as the timer would.
        if (err instanceof ApiError && err.code === 'QUOTE_EXPIRED') return setExpired(true);
        const message = isUnauthorized(err)
          ? t('payment.signInFirst')
          : messageOf(err, t('payment.submitFailed'), t('payment.submitFailed'));
        setError(message);
        showToast('error', t('common.error'), message);
      },
    });
  }

  return {
    fiatCurrency,
    amount,
    setAmount: (value: string) => {
      autoQuote.current = false;
      setAmount(value);
    },
    currency,
    setCurrency: coin.setCurrency,
    network,
    setNetwork: coin.setNetwork,
    coins: coin.coins,
    networks: coin.networks,
    quote,
    quoteState,
    quoting,
    onExpire,
    getQuote,
    txHash,
    setTxHash: (value: string) => {
      setTxHash(value);
      if (value.trim()) setHashMissing(false);
    },
    hashValid,
    hashMissing,
    verify,
    submitting: submit.isPending,
    submitted,
    error,
  };
}
