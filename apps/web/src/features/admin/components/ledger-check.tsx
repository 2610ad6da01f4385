import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ledgerCheckQueryOptions } from '../api/get-analytics';

/**
 * Proof that the books balance: every customer's balance equals the sum of their ledger
 * rows (GET /api/admin/ledger/check). Anything else is shown in red with the accounts.
 */
export function LedgerCheckCard() {
  const { t } = useTranslation();
  const check = useQuery({
    ...ledgerCheckQueryOptions,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
  if (check.isPending) return <p role="status">{t('common.loading')}</p>;
  if (check.error)
    return (
      <p role="alert" className="text-destructive">
        {t('admin.ledger.failed')}
      </p>
    );
  const { mismatches, users } = check.data;
  return (
    <section
      aria-labelledby="ledger-check-title"
      className={`rounded-lg border p-4 ${mismatches.length ? 'border-red-300 bg-red-50' : ''}`}
    >
      <h3 id="ledger-check-title" className="flex items-center gap-2 font-semibold">
        {mismatches.length ? (
          <TriangleAlert aria-hidden="true" className="size-5 text-red-700" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
        )}
        {t('admin.ledger.title')}
      </h3>
      <p className="mt-1 text-sm">
        {mismatches.length
          ? t('admin.ledger.mismatch', { count: mismatches.length })
          : t('admin.ledger.ok', { count: users })}
      </p>
      {mismatches.length > 0 && (
        <ul className="mt-2 space-y-1 font-mono text-xs" dir="ltr">
          {mismatches.map((m) => (
            <li key={m.userId}>
              {t('admin.ledger.row', { user: m.userId, balance: m.balance, sum: m.ledgerSum })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
