import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useSmsInbound } from './sms-status';

/**
 * Inbound SMS: what the SMSC delivered that was not a delivery receipt of ours (a
 * handset's reply, or a receipt from the wrong number). Kept, shown, never charged.
 * Hidden while there is none.
 */
export function SmsInbound() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error } = useSmsInbound(page);
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('admin.smsInbound.failed')}
      </p>
    );
  if (!data || data.total === 0) return null;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <details className="rounded-md border p-3 text-sm" data-testid="sms-inbound">
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <Inbox aria-hidden="true" className="size-4 shrink-0" />
        {t('admin.smsInbound.title', { count: data.total })}
      </summary>
      <p className="mt-2 text-muted-foreground">{t('admin.smsInbound.description')}</p>
      <ul className="mt-2 divide-y">
        {data.items.map((m) => (
          <li key={m.id} className="space-y-1 py-2">
            <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span>
                {t('admin.smsInbound.from')} <span dir="ltr">{m.source || '—'}</span>
              </span>
              <span>
                {t('admin.smsInbound.to')} <span dir="ltr">{m.destination || '—'}</span>
              </span>
              <span>{when.format(new Date(m.receivedAt))}</span>
              <span className="font-semibold">
                {t(
                  m.kind === 'receipt-mismatch'
                    ? 'admin.smsInbound.kindMismatch'
                    : 'admin.smsInbound.kindMessage',
                )}
              </span>
            </p>
            <p className="whitespace-pre-wrap break-words" dir="auto">
              {m.message}
            </p>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pager
          label={t('admin.smsInbound.pages')}
          status={t('admin.smsInbound.page', { page, pages })}
          previous={t('admin.smsInbound.previous')}
          next={t('admin.smsInbound.next')}
          hasPrevious={page > 1}
          hasNext={page < pages}
          onPrevious={() => setPage((p) => p - 1)}
          onNext={() => setPage((p) => p + 1)}
          spread
          className="mt-2"
        />
      )}
    </details>
  );
}
