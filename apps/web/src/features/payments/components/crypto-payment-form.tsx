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
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormErrorMessage } from '@/components/form-error';
import { Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { usePaymentWallets, useQuote, useSubmitPayment } from '../api/payments';
import { QuoteBox } from './quote-box';

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** What the form pays: a top-up of any amount, or one catalogue item at its price. */
export type PaymentTarget =
  | { kind: 'topup'; amount: string | null; currency: string | null }
  | { kind: 'item'; itemId: string; name: string; price: string; priceCurrency: 'USD' | 'GBP' };

const paymentLabel = (currency: CryptoCurrency, network: Network) =>
  currency === 'USDT' ? (network === 'tron' ? 'USDT-TRC20' : 'USDT-ERC20') : currency;

/** Amount, coin and chain; then a locked quote with address, QR and the Verify button. */
export function CryptoPaymentForm({ target }: { target: PaymentTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preset = target.kind === 'topup' ? target.currency : null;
  const initialCurrency = (CRYPTO_CURRENCIES as readonly string[]).includes(preset ?? '')
    ? (preset as CryptoCurrency)
    : 'BTC';
  const [amount, setAmount] = useState(
    target.kind === 'item' ? target.price : (target.amount ?? MIN_TOP_UP_USD),
  );
  const [currency, setCurrency] = useState<CryptoCurrency>(initialCurrency);
  const [network, setNetwork] = useState<Network>(CURRENCY_NETWORKS[initialCurrency][0] as Network);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [expired, setExpired] = useState(false);
  const [txHash, setTxHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const wallets = usePaymentWallets();
  const requestQuote = useQuote();
  const submit = useSubmitPayment();
  const messageOf = useFormErrorMessage();
  const fiatCurrency = target.kind === 'item' ? target.priceCurrency : 'USD';

  const available = wallets.data?.some((w) => w.currency === currency && w.network === network);
  // A new amount, coin or chain needs a new quote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setQuote(null);
    setExpired(false);
    requestQuote.reset();
  }, [amount, currency, network]);

  const onExpire = useCallback(() => setExpired(true), []);
  const amountValid =
    target.kind === 'item' || (AMOUNT.test(amount) && Number(amount) >= Number(MIN_TOP_UP_USD));
  const hashValid = txHash.trim() === '' || isTxHashFormat(network, txHash.trim());

  function getQuote() {
    setError(null);
    if (!amountValid) return setError(t('payment.minimumError'));
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

  function verify(event: FormEvent) {
    event.preventDefault();
    if (!quote || expired || !hashValid) return;
    setError(null);
    submit.mutate(
      {
        amount: quote.fiatAmount,
        currency: paymentLabel(currency, network),
        walletAddress: quote.address,
        serviceName: target.kind === 'item' ? target.name : TOP_UP_SERVICE_NAME,
        servicePrice: target.kind === 'item' ? target.price : quote.fiatAmount,
        txHash: txHash.trim() || undefined,
        quoteId: quote.id,
        ...(target.kind === 'item' ? { itemId: target.itemId } : {}),
      },
      {
        onSuccess: () => {
          showToast('success', t('common.success'), t('payment.submitted'));
          setTimeout(() => void navigate('/dashboard'), 1500);
        },
        onError: (err) => {
          const message =
            err instanceof ApiError && err.status === 401
              ? t('payment.signInFirst')
              : messageOf(err, t('payment.submitFailed'), t('payment.submitFailed'));
          setError(message);
          showToast('error', t('common.error'), message);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={verify} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="pay-amount">
            {target.kind === 'item'
              ? t('payment.amountIn', { currency: fiatCurrency })
              : t('payment.amount')}
          </Label>
          <Input
            id="pay-amount"
            dir="ltr"
            inputMode="decimal"
            type="number"
            min={target.kind === 'item' ? undefined : MIN_TOP_UP_USD}
            step="0.01"
            value={amount}
            readOnly={target.kind === 'item'}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby="pay-amount-hint"
          />
          <p id="pay-amount-hint" className="text-xs text-muted-foreground">
            {target.kind === 'item' ? t('payment.itemPriceHint') : t('payment.minimum')}
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pay-currency">{t('payment.currency')}</Label>
          <Select
            id="pay-currency"
            value={currency}
            onChange={(e) => {
              const next = e.target.value as CryptoCurrency;
              setCurrency(next);
              setNetwork(CURRENCY_NETWORKS[next][0] as Network);
            }}
          >
            {CRYPTO_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        {CURRENCY_NETWORKS[currency].length > 1 && (
          <div className="space-y-1.5">
            <Label htmlFor="pay-network">{t('payment.network')}</Label>
            <Select
              id="pay-network"
              value={network}
              onChange={(e) => setNetwork(e.target.value as Network)}
            >
              {CURRENCY_NETWORKS[currency].map((n) => (
                <option key={n} value={n}>
                  {n === 'tron' ? 'TRC20 (Tron)' : 'ERC20 (Ethereum)'}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      <QuoteBox
        state={
          wallets.isSuccess && !available
            ? 'unavailable'
            : quote
              ? expired
                ? 'expired'
                : 'quoted'
              : 'none'
        }
        quote={quote}
        currency={currency}
        quoting={requestQuote.isPending || !wallets.isSuccess}
        onQuote={getQuote}
        onExpire={onExpire}
        txHash={txHash}
        onTxHash={setTxHash}
        hashValid={hashValid}
        submitting={submit.isPending}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
