import type { Quote } from '@parley/shared';
import { QrCode, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormField } from '@/components/form-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import { Countdown } from './countdown';
import { DepositStatus } from './deposit-status';
import { QrDialogContent } from './qr-dialog';
import type { Intent } from './use-crypto-payment';
import { WatchedNext } from './watched-next';

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
  /** What is paid (a watched quote asks no hash of a top-up) and a purchase's intent. */
  kind?: 'topup' | 'item';
  intent?: Intent;
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
  const { watched } = quote;
  // A watched top-up, or a purchase whose intent is recorded, needs nothing more sent.
  // A Solana reference quote keeps the manual path (a hash) for wallets without Solana Pay.
  const reference = quote.reference !== null;
  const nothingToSend =
    watched &&
    ((props.kind === 'topup' && !reference) ||
      props.intent === 'recorded' ||
      props.intent === 'recording');
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
              {t(watched ? 'watchedPayment.credits' : 'paymentFlow.credits', {
                credit: `\u2066${formatMoney(props.credit, 'GBP', i18n.language)}\u2069`,
              })}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            {t(
              reference
                ? 'watchedPayment.referenceAddress'
                : watched
                  ? 'watchedPayment.ownAddress'
                  : 'paymentProof.uniqueAmount',
            )}
          </p>
          <p className="break-all rounded bg-muted p-2 font-mono text-sm" dir="ltr">
            {quote.address}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={quote.address} label={t('payment.copyAddress')} />
            <CopyButton text={quote.cryptoAmount} label={t('paymentFlow.copyAmount')} />
            {reference && (
              // The Solana Pay link opens the customer's wallet with the reference in it.
              <a href={quote.uri} dir="ltr" className={buttonVariants({ variant: 'outline' })}>
                <Wallet aria-hidden="true" />
                {t('watchedPayment.openWallet')}
              </a>
            )}
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
      {/* A payment that arrives late is still credited: the line stays after expiry. */}
      {watched && <DepositStatus quoteId={quote.id} />}
      {nothingToSend ? (
        <WatchedNext
          kind={props.kind ?? 'topup'}
          intent={props.intent ?? 'none'}
          required={quote.confirmationsRequired}
        />
      ) : (
        <HashAndSubmit {...props} watched={watched} expired={expired} />
      )}
    </section>
  );
}

/** The hash (optional for a watched quote) and the button that sends the submission. */
function HashAndSubmit(
  props: Parameters<typeof QuoteBox>[0] & { watched: boolean; expired: boolean },
) {
  const { t } = useTranslation();
  const { watched, expired } = props;
  // A Solana reference quote's hash is its manual path: a wallet without Solana Pay.
  const reference = props.quote?.reference != null;
  const byHand = !watched || (reference && props.kind !== 'item');
  return (
    <>
      {/* A missing hash is announced (role alert) when Verify is pressed without one. */}
      <FormField
        id="pay-hash"
        label={t(
          reference
            ? 'watchedPayment.referenceHashLabel'
            : watched
              ? 'watchedPayment.hashOptional'
              : 'paymentProof.label',
        )}
        description={
          props.hashValid ? (
            t(
              reference
                ? 'watchedPayment.referenceHashHint'
                : watched
                  ? 'watchedPayment.hashHint'
                  : 'paymentProof.why',
            )
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
          required={byHand}
          aria-required={byHand}
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
          {props.submitting
            ? t('payment.verifying')
            : t(byHand ? 'paymentFlow.submit' : 'watchedPayment.submit')}
        </Button>
        <p id="pay-submit-next" className="text-xs text-muted-foreground">
          {t(byHand ? 'paymentFlow.submitHint' : 'watchedPayment.submitHint')}
        </p>
      </div>
    </>
  );
}
