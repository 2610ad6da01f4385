import type { LedgerEntry, Transaction } from '@parley/shared';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { buttonVariants } from '@/components/ui/button';
import { shortHash } from '@/lib/hash';
import { formatSignedMoney } from '@/lib/money';
import { paymentServiceName } from '@/lib/payment-text';
import { adminNoteOf, latest } from '../api/dashboard-data';
import { useFormat } from '../use-format';
import { EmptyState, SectionCard } from './section-card';

/** Green approved or confirmed, red rejected, yellow otherwise. */
const PAYMENT_TONES: ToneMap<string> = { approved: 'good', confirmed: 'good', rejected: 'bad' };

/** The dashboard lists the 5 latest transactions. */
export const RECENT_TRANSACTIONS = 5;

function TransactionRow({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const note = adminNoteOf(t, tx);
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">{paymentServiceName(t, tx)}</p>
        <p className="text-xs text-muted-foreground">
          {date(tx.createdAt)} · <span dir="ltr">{`${tx.cryptoAmount} ${tx.currency}`}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {t('dashboard.history.hash')}{' '}
          {tx.txHash ? (
            <span className="font-mono" dir="ltr" title={tx.txHash}>
              {shortHash(tx.txHash)}
            </span>
          ) : (
            t('dashboard.history.noHash')
          )}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="font-semibold">{money(tx.amount, tx.amountCurrency)}</span>
        <StatusBadge status={tx.status} tones={PAYMENT_TONES}>
          {t(`dashboard.status.${tx.status}`, { defaultValue: tx.status })}
        </StatusBadge>
      </div>
      {note && (
        <p className="basis-full rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">{t('dashboard.history.adminNote')}</span> {note}
        </p>
      )}
    </li>
  );
}

/**
 * A ledger entry among the payments: an admin's credit or debit of the balance with the
 * note they gave, or a renewal charge with the item it renewed.
 */
function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { t, i18n } = useTranslation();
  const { date } = useFormat();
  const debit = entry.amount.startsWith('-');
  if (entry.kind === 'renewal')
    return (
      <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="renewal">
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium">{t('ledgerKinds.renewal')}</p>
          <p className="text-xs break-words text-muted-foreground">
            {date(entry.createdAt)} · <bdi>{entry.note}</bdi>
          </p>
        </div>
        <span className="font-semibold">
          <bdi>{formatSignedMoney(entry.amount, entry.currency, i18n.language)}</bdi>
        </span>
      </li>
    );
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="adjustment">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">{t('dashboard.history.adjustment')}</p>
        <p className="text-xs text-muted-foreground">
          {date(entry.createdAt)} ·{' '}
          {debit ? t('dashboard.history.debit') : t('dashboard.history.credit')}
        </p>
      </div>
      <span className="font-semibold">
        <bdi>{formatSignedMoney(entry.amount, entry.currency, i18n.language, 4)}</bdi>
      </span>
      {entry.note && (
        <p className="basis-full rounded-md bg-muted px-3 py-2 text-sm break-words">
          <span className="font-medium">{t('dashboard.history.adjustmentNote')}</span> {entry.note}
        </p>
      )}
    </li>
  );
}

type Item =
  | { kind: 'payment'; id: string; createdAt: string; tx: Transaction }
  | { kind: 'adjustment'; id: string; createdAt: string; entry: LedgerEntry };

/**
 * The latest payments, balance adjustments and renewal charges together (`adjustments`
 * holds the ledger entries), with a way to make a payment.
 */
export function TransactionHistory({
  transactions,
  adjustments = [],
  isPending,
  isError,
  onRetry,
}: {
  transactions: readonly Transaction[];
  adjustments?: readonly LedgerEntry[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation();
  const rows = latest<Item>(
    [
      ...transactions.map((tx) => ({
        kind: 'payment' as const,
        id: tx.id,
        createdAt: tx.createdAt,
        tx,
      })),
      ...adjustments.map((entry) => ({
        kind: 'adjustment' as const,
        id: entry.id,
        createdAt: entry.createdAt,
        entry,
      })),
    ],
    RECENT_TRANSACTIONS,
  );
  return (
    <SectionCard
      id="dashboard-history"
      title={t('dashboard.history.title')}
      icon={History}
      link={{ to: '/payment', label: t('dashboard.history.newPayment') }}
    >
      <QueryState
        query={{ isPending, isError, data: rows, refetch: onRetry }}
        errorText={t('dashboard.history.loadFailed')}
        empty={
          <EmptyState text={t('dashboard.history.empty')}>
            <Link to="/payment" className={buttonVariants({ size: 'sm' })}>
              {t('dashboard.history.firstPayment')}
            </Link>
          </EmptyState>
        }
        isEmpty={(list) => list.length === 0}
        small
      >
        {(list) => (
          <ul className="divide-y">
            {list.map((item) =>
              item.kind === 'payment' ? (
                <TransactionRow key={item.id} tx={item.tx} />
              ) : (
                <LedgerRow key={item.id} entry={item.entry} />
              ),
            )}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
