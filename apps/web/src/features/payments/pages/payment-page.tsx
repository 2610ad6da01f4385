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
import { QrCode } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { getPublicConfig } from '@/lib/public-config';
import { showToast } from '@/lib/toast';
import { usePaymentWallets, useQuote, useSubmitPayment } from '../api/payments';
import { CopyButton } from '../components/copy-button';
import { Countdown } from '../components/countdown';
import { QrDialogContent } from '../components/qr-dialog';
import { selectedPackage } from '../selected-package';

const WALLET_APPS = ['Trust Wallet', 'MetaMask', 'Exodus', 'Coinbase Wallet', 'Ledger Live'];
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** /payment (SPEC §2): what is being paid for, a locked crypto quote, and Verify. */
export default function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selected = useMemo(() => selectedPackage(params, localStorage), [params]);
  const initialCurrency = (CRYPTO_CURRENCIES as readonly string[]).includes(selected.currency ?? '')
    ? (selected.currency as CryptoCurrency)
    : 'BTC';
  const [amount, setAmount] = useState(selected.price ?? MIN_TOP_UP_USD);
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

  const available = wallets.data?.some((w) => w.currency === currency && w.network === network);
  // A new amount, coin or chain needs a new quote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setQuote(null);
    setExpired(false);
    requestQuote.reset();
  }, [amount, currency, network]);

  const onExpire = useCallback(() => setExpired(true), []);
  const amountValid = AMOUNT.test(amount) && Number(amount) >= Number(MIN_TOP_UP_USD);
  const hashValid = txHash.trim() === '' || isTxHashFormat(network, txHash.trim());

  function getQuote() {
    setError(null);
    if (!amountValid) return setError(t('payment.minimumError'));
    requestQuote.mutate(
      { amount, currency, network, fiatCurrency: 'USD' },
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
        currency:
          currency === 'USDT' ? (network === 'tron' ? 'USDT-TRC20' : 'USDT-ERC20') : currency,
        walletAddress: quote.address,
        serviceName: selected.kind === 'topup' ? TOP_UP_SERVICE_NAME : selected.name,
        servicePrice: selected.price ?? quote.fiatAmount,
        txHash: txHash.trim() || undefined,
        quoteId: quote.id,
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
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <h1 className="text-3xl font-bold">{t('payment.title')}</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('payment.selectedPackage')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <p className="text-lg font-semibold">
              {selected.kind === 'topup' ? t('payment.addFunds') : selected.name}
            </p>
            <p className="text-sm text-muted-foreground">
              {selected.description ||
                (selected.kind === 'topup' ? t('payment.topUpText') : t('payment.packageText'))}
            </p>
            {selected.price && (
              <p className="text-2xl font-bold" dir="ltr">
                {selected.kind === 'topup' ? `$${selected.price}` : `£${selected.price}`}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('payment.details')}</CardTitle>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={verify} className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1.5">
                  <Label htmlFor="pay-amount">{t('payment.amount')}</Label>
                  <Input
                    id="pay-amount"
                    dir="ltr"
                    inputMode="decimal"
                    type="number"
                    min={MIN_TOP_UP_USD}
                    step="0.01"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    aria-describedby="pay-amount-hint"
                  />
                  <p id="pay-amount-hint" className="text-xs text-muted-foreground">
                    {t('payment.minimum')}
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

              {wallets.isSuccess && !available ? (
                <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                  {t('payment.unavailable', { currency })}
                </p>
              ) : !quote ? (
                <Button
                  type="button"
                  onClick={getQuote}
                  disabled={requestQuote.isPending || !wallets.isSuccess}
                >
                  {requestQuote.isPending ? t('common.loading') : t('payment.getAddress')}
                </Button>
              ) : (
                <section aria-labelledby="pay-send" className="space-y-3 rounded-lg border p-4">
                  <h3 id="pay-send" className="font-semibold">
                    {t('payment.sendExactly')}{' '}
                    <span dir="ltr" className="font-mono">
                      {quote.cryptoAmount} {currency}
                    </span>
                  </h3>
                  <p className="break-all rounded bg-muted p-2 font-mono text-sm" dir="ltr">
                    {quote.address}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <CopyButton text={quote.address} label={t('payment.copyAddress')} />
                    <Dialog>
                      <DialogTrigger asChild>
                        <Button type="button" variant="outline">
                          <QrCode aria-hidden="true" />
                          {t('payment.showQr')}
                        </Button>
                      </DialogTrigger>
                      <QrDialogContent
                        uri={quote.uri}
                        address={quote.address}
                        amount={quote.cryptoAmount}
                        currency={currency}
                      />
                    </Dialog>
                  </div>
                  {expired ? (
                    <div className="flex flex-wrap items-center gap-3">
                      <p role="alert" className="text-sm text-destructive">
                        {t('payment.expired')}
                      </p>
                      <Button type="button" variant="outline" onClick={getQuote}>
                        {t('payment.newQuote')}
                      </Button>
                    </div>
                  ) : (
                    <Countdown until={quote.expiresAt} onExpire={onExpire} />
                  )}
                  <div className="space-y-1.5">
                    <Label htmlFor="pay-hash">{t('payment.txHash')}</Label>
                    <Input
                      id="pay-hash"
                      dir="ltr"
                      value={txHash}
                      onChange={(e) => setTxHash(e.target.value)}
                      aria-invalid={hashValid ? undefined : true}
                      aria-describedby="pay-hash-hint"
                    />
                    <p
                      id="pay-hash-hint"
                      className={`text-xs ${hashValid ? 'text-muted-foreground' : 'text-destructive'}`}
                    >
                      {hashValid ? t('payment.txHashHint') : t('payment.txHashInvalid')}
                    </p>
                  </div>
                  <Button type="submit" disabled={submit.isPending || expired || !hashValid}>
                    {submit.isPending ? t('payment.verifying') : t('payment.verify')}
                  </Button>
                </section>
              )}
              {error && (
                <p role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </form>
            <div className="mt-6">
              <h3 className="text-sm font-semibold">{t('payment.walletsTitle')}</h3>
              <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                {WALLET_APPS.map((w) => (
                  <li key={w} className="rounded-full border px-3 py-1">
                    {w}
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('payment.support')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-1 ps-5 text-sm">
            <li>{t('payment.steps.exact')}</li>
            <li>{t('payment.steps.confirmations')}</li>
            <li>{t('payment.steps.manual')}</li>
          </ol>
          <p className="mt-3 text-sm">
            {t('payment.help')}{' '}
            <a className="text-primary underline" href={`mailto:${getPublicConfig().supportEmail}`}>
              {getPublicConfig().supportEmail}
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
