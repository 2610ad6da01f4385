import type { LedgerCheck } from '@parley/shared';
import { networkName } from '@parley/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { pollWhileSeen } from '@/lib/polling';
import { ledgerCheckQueryOptions } from './get-analytics';

/**
 * Proof that the books balance: every customer's balance equals the sum of their ledger
 * rows (GET /api/admin/ledger/check). Anything else is shown in red with the accounts.
 */
export function LedgerCheckCard() {
  const { t } = useTranslation();
  const check = useQuery({
    ...ledgerCheckQueryOptions,
    ...pollWhileSeen(60_000),
  });
  return (
    <QueryState query={check} errorText={t('admin.ledger.failed')}>
      {(data) => <LedgerCheckResult data={data} />}
    </QueryState>
  );
}

function LedgerCheckResult({ data }: { data: LedgerCheck }) {
  const { t, i18n } = useTranslation();
  // One hash may be claimed on several networks: "Bitcoin and TRON".
  const networks = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const { mismatches, users } = data;
  // Older servers do not send it.
  const collisions = data.hashCollisions ?? [];
  const wrong = mismatches.length > 0 || collisions.length > 0;
  return (
    <section
      aria-labelledby="ledger-check-title"
      className={`rounded-lg border p-4 ${wrong ? 'border-red-300 bg-red-50' : ''}`}
    >
      <h3 id="ledger-check-title" className="flex items-center gap-2 font-semibold">
        {wrong ? (
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
      <h4 className="mt-3 text-sm font-semibold">{t('ledgerHashes.title')}</h4>
      <p className="mt-1 text-sm">
        {collisions.length
          ? t('ledgerHashes.found', { count: collisions.length })
          : t('ledgerHashes.none')}
      </p>
      {collisions.length > 0 && (
        <ul className="mt-2 space-y-1 break-all font-mono text-xs" dir="ltr">
          {collisions.map((c) => (
            <li key={c.txHash}>
              {networks.format(c.networks.map(networkName))} <bdi dir="ltr">{c.txHash}</bdi>:{' '}
              {c.transactions
                .map((tx) => `${tx.id} (${t(`admin.payments.status.${tx.status}`)})`)
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
