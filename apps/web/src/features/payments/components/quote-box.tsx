import type { Quote } from '@parley/shared';
import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import { Countdown } from './countdown';
import { QrDialogContent } from './qr-dialog';

/** The quote part of the payment form: ask for one, then pay it before it runs out. */
export function QuoteBox(props: {
  state: 'unavailable' | 'none' | 'quoted' | 'expired';
  quote: Quote | null;
  currency: string;
  quoting: boolean;
  /** A top-up's credit to the balance (GBP), told before paying; null for a purchase. */
  credit?: string | null;
  onQuote: () => void;
  onExpire: () => void;
  txHash: string;
  onTxHash: (value: string) => void;
  hashValid: boolean;
  /** Verify was pressed without a hash. */
  hashMissing: boolean;
  submitting: boolean;
  /** Sent: nothing more to do here while the dashboard opens. */
  submitted: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { quote, currency, state } = props;
  if (state === 'unavailable')
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t('paymentFlow.noCoins')}
      </p>
    );
  if (!quote || state === 'none')
    return (
      <Button type="button" onClick={props.onQuote} disabled={props.quoting}>
        {props.quoting ? t('common.loading') : t('payment.getAddress')}
      </Button>
    );
  const expired = state === 'expired';
  return (
    <section
      aria-labelledby={expired ? 'pay-expired' : 'pay-send'}
      className="space-y-3 rounded-lg border p-4"
    >
      {expired ? (
        // The amount and address are no longer payable: only the way to a new amount shows.
        <div className="flex flex-wrap items-center gap-3">
          <p id="pay-expired" role="alert" className="text-sm text-destructive">
            {t('payment.expired')}
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={props.onQuote}
            disabled={props.quoting || props.submitted}
          >
            {props.quoting ? t('common.loading') : t('payment.newQuote')}
          </Button>
        </div>
      ) : (
        <>
          <h3 id="pay-send" className="font-semibold">
            {t('payment.sendExactly')}{' '}
            <span dir="ltr" className="font-mono">
              {quote.cryptoAmount} {currency}
            </span>
          </h3>
          {props.credit && (
            <p className="text-sm font-medium">
              {t('paymentFlow.credits', {
                credit: `\u2066${formatMoney(props.credit, 'GBP', i18n.language)}\u2069`,
              })}
            </p>
          )}
          <p className="text-sm text-muted-foreground">{t('paymentProof.uniqueAmount')}</p>
          <p className="break-all rounded bg-muted p-2 font-mono text-sm" dir="ltr">
            {quote.address}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={quote.address} label={t('payment.copyAddress')} />
            <CopyButton text={quote.cryptoAmount} label={t('paymentFlow.copyAmount')} />
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
          <Countdown until={quote.expiresAt} onExpire={props.onExpire} />
        </>
      )}
      {/* A missing hash is announced (role alert) when Verify is pressed without one. */}
      <FormField
        id="pay-hash"
        label={t('paymentProof.label')}
        description={
          props.hashValid ? (
            t('paymentProof.why')
          ) : (
            <span className="text-destructive">{t('payment.txHashInvalid')}</span>
          )
        }
        invalid={!props.hashValid || props.hashMissing}
        describedByAfter={props.hashMissing ? 'pay-hash-missing' : undefined}
        after={
          props.hashMissing && (
            <p id="pay-hash-missing" role="alert" className="text-xs text-destructive">
              {t('paymentProof.required')}
            </p>
          )
        }
        className="flex flex-col gap-1.5"
      >
        <Input
          dir="ltr"
          required
          aria-required="true"
          value={props.txHash}
          disabled={props.submitted}
          onChange={(e) => props.onTxHash(e.target.value)}
        />
      </FormField>
      {/* Today every network is checked by a person: the button says what happens next. */}
      <div className="space-y-1.5">
        <Button
          type="submit"
          wrap
          aria-describedby="pay-submit-next"
          disabled={props.submitting || props.submitted || expired || !props.hashValid}
        >
          {props.submitting ? t('payment.verifying') : t('paymentFlow.submit')}
        </Button>
        <p id="pay-submit-next" className="text-xs text-muted-foreground">
          {t('paymentFlow.submitHint')}
        </p>
      </div>
    </section>
  );
}
