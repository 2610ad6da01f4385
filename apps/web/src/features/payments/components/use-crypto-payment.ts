import type { Quote } from '@parley/shared';
import {
  type CryptoCurrency,
  isTxHashFormat,
  MIN_TOP_UP_USD,
  type Network,
} from '@parley/shared/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormErrorMessage } from '@/components/form-error';
import { type DepositProblem, depositProblem } from '@/lib/deposit-amount';
import { useQuote } from '../api/payments';
import { useCoinChoice } from './use-coin-choice';
import { useSubmission } from './use-submission';

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

/** A watched purchase's intent, sent without a hash as soon as its quote is made. */
export type Intent = 'none' | 'recording' | 'recorded' | 'failed';

const paymentLabel = (currency: CryptoCurrency, network: Network) =>
  currency === 'USDT' ? (network === 'tron' ? 'USDT-TRC20' : 'USDT-ERC20') : currency;

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
  const [intent, setIntent] = useState<Intent>('none');
  const requestQuote = useQuote();
  const messageOf = useFormErrorMessage();
  const fiatCurrency = target.kind === 'item' ? target.priceCurrency : 'USD';

  // A new amount, coin or chain needs a new quote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setQuote(null);
    setExpired(false);
    setIntent('none');
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
  // A recorded purchase keeps its coin and amount: another quote would buy it twice.
  const locked = submitted || intent === 'recording' || intent === 'recorded';

  const submit = useSubmission(target, paymentLabel(currency, network), {
    intent: setIntent,
    submitted: () => setSubmitted(true),
    expired: () => setExpired(true),
    error: setError,
  });
  const send = submit.send;

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
          // A purchase on a watched network is recorded now: bought when the money arrives.
          // A Solana reference purchase waits for its button: a hash may come with it.
          if (q.watched && !q.reference && target.kind === 'item') send(q, '');
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
    // A Solana reference top-up sends only its manual path: the hash of a plain transfer.
    const byHand = !quote.watched || (quote.reference !== null && target.kind === 'topup');
    if (!byHand && (target.kind === 'topup' || intent === 'recorded')) return;
    setError(null);
    if (txHash.trim() === '' && byHand) {
      setHashMissing(true);
      document.getElementById('pay-hash')?.focus();
      return;
    }
    send(quote, txHash.trim());
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
    locked,
    intent,
    error,
  };
}
