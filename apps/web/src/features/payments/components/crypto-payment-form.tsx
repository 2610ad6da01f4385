import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  MIN_TOP_UP_USD,
  type Network,
} from '@parley/shared/domain';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label, Select } from '@/components/ui/input';
import { QuoteBox } from './quote-box';
import { type PaymentTarget, useCryptoPayment } from './use-crypto-payment';

/** Amount, coin and chain; then a locked quote with address, QR and the Verify button. */
export function CryptoPaymentForm({ target }: { target: PaymentTarget }) {
  const { t } = useTranslation();
  const pay = useCryptoPayment(target);
  const { currency } = pay;

  // Enter in the amount asks for a quote (a new one once it expired); it never pays.
  const onAmountKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (pay.quoteState === 'none' || pay.quoteState === 'expired') pay.getQuote();
  };

  return (
    <form noValidate onSubmit={pay.verify} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="pay-amount">
            {target.kind === 'item'
              ? t('payment.amountIn', { currency: pay.fiatCurrency })
              : t('payment.amount')}
          </Label>
          <Input
            id="pay-amount"
            dir="ltr"
            inputMode="decimal"
            type="number"
            min={target.kind === 'item' ? undefined : MIN_TOP_UP_USD}
            step="0.01"
            value={pay.amount}
            readOnly={target.kind === 'item'}
            disabled={pay.submitted}
            onChange={(e) => pay.setAmount(e.target.value)}
            onKeyDown={onAmountKey}
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
            disabled={pay.submitted}
            onChange={(e) => pay.setCurrency(e.target.value as CryptoCurrency)}
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
              value={pay.network}
              disabled={pay.submitted}
              onChange={(e) => pay.setNetwork(e.target.value as Network)}
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
        state={pay.quoteState}
        quote={pay.quote}
        currency={currency}
        quoting={pay.quoting}
        onQuote={pay.getQuote}
        onExpire={pay.onExpire}
        txHash={pay.txHash}
        onTxHash={pay.setTxHash}
        hashValid={pay.hashValid}
        hashMissing={pay.hashMissing}
        submitting={pay.submitting}
        submitted={pay.submitted}
      />
      {pay.error && (
        <p role="alert" className="text-sm text-destructive">
          {pay.error}
        </p>
      )}
    </form>
  );
}
