import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { useStream } from '@/lib/use-stream';
import { useQuoteStatus } from '../api/payments';
import { type DepositLine, depositLine } from '../deposit-state';

/** The words of the live line (pure: tested on every state). */
export function DepositStatusText({ line }: { line: DepositLine }) {
  const { t, i18n } = useTranslation();
  switch (line.kind) {
    case 'waiting':
      return <>{t('watchedPayment.waiting')}</>;
    case 'dropped':
      return <>{t('watchedPayment.dropped')}</>;
    case 'seen':
      return (
        <>
          {t('watchedPayment.seen', {
            confirmations: line.confirmations,
            required: line.required,
          })}
        </>
      );
    case 'credited': {
      const credit = `\u2066${formatMoney(line.credit, 'GBP', i18n.language)}\u2069`;
      return (
        <>{t(line.late ? 'watchedPayment.creditedLate' : 'watchedPayment.credited', { credit })}</>
      );
    }
  }
}

/**
 * A watched quote's payment as it settles, announced politely: read on load and after
 * each reconnect of the event stream; `deposit.updated` events move it in between
 * (app/customer-events.ts writes them into the same query).
 */
export function DepositStatus({ quoteId }: { quoteId: string }) {
  const status = useQuoteStatus(quoteId);
  // The stream's `connected` fires after each reconnect: events missed while away are read.
  useStream('customer', true, { connected: () => void status.refetch() });
  const line = depositLine(status.data?.deposits ?? []);
  return (
    <p
      aria-live="polite"
      data-testid="deposit-status"
      className={
        line.kind === 'credited'
          ? 'rounded bg-emerald-50 p-2 text-sm font-medium text-emerald-900'
          : 'rounded bg-muted p-2 text-sm font-medium'
      }
    >
      <DepositStatusText line={line} />
    </p>
  );
}
