import {
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  MIN_TOP_UP_USD,
  type Network,
} from '@parley/shared/domain';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Input, Select } from '@/components/ui/input';
import { QuoteBox } from './quote-box';
import { type PaymentTarget, useCryptoPayment } from './use-crypto-payment';

const FIELD = 'flex flex-col gap-1.5';

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
        <FormField
          id="pay-amount"
          label={
            target.kind === 'item'
              ? t('payment.amountIn', { currency: pay.fiatCurrency })
              : t('payment.amount')
          }
          description={target.kind === 'item' ? t('payment.itemPriceHint') : t('payment.minimum')}
          className={FIELD}
        >
          <Input
            dir="ltr"
            inputMode="decimal"
            type="number"
            min={target.kind === 'item' ? undefined : MIN_TOP_UP_USD}
            step="0.01"
            value={pay.amount}
            readOnly={target.kind === 'item'}
            disabled={pay.locked}
            onChange={(e) => pay.setAmount(e.target.value)}
            onKeyDown={onAmountKey}
          />
        </FormField>
        <FormField id="pay-currency" label={t('payment.currency')} className={FIELD}>
          <Select
            value={currency}
            disabled={pay.locked}
            onChange={(e) => pay.setCurrency(e.target.value as CryptoCurrency)}
          >
            {pay.coins.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
        {/* A coin of several chains names its chain, even when only one can be paid. */}
        {CURRENCY_NETWORKS[currency].length > 1 && (
          <FormField id="pay-network" label={t('payment.network')} className={FIELD}>
            <Select
              value={pay.network}
              disabled={pay.locked}
              onChange={(e) => pay.setNetwork(e.target.value as Network)}
            >
              {pay.networks.map((n) => (
                <option key={n} value={n}>
                  {n === 'tron' ? 'TRC20 (Tron)' : 'ERC20 (Ethereum)'}
                </option>
              ))}
            </Select>
          </FormField>
        )}
      </div>
      <QuoteBox
        state={pay.quoteState}
        quote={pay.quote}
        currency={currency}
        quoting={pay.quoting}
        credit={target.kind === 'topup' ? (pay.quote?.creditAmount ?? null) : null}
        onQuote={pay.getQuote}
        onExpire={pay.onExpire}
        txHash={pay.txHash}
        onTxHash={pay.setTxHash}
        hashValid={pay.hashValid}
        hashMissing={pay.hashMissing}
        submitting={pay.submitting}
        submitted={pay.locked}
        kind={target.kind}
        intent={pay.intent}
      />
      {pay.error && (
        <p role="alert" className="text-sm text-destructive">
          {pay.error}
        </p>
      )}
    </form>
  );
}
