import type { SmsMessage } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { HistoryCardHeader, HistoryItem, historyWhen } from '@/components/history-list';
import { QueryState } from '@/components/query-state';
import { SmsStatusBadge } from '@/components/sms-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useSmsHistory } from '../api/sms';

function MessageItem({ message: m }: { message: SmsMessage }) {
  const { t, i18n } = useTranslation();
  const when = historyWhen(m.createdAt, i18n.language);
  return (
    <HistoryItem
      testId="sms-history-item"
      to={
        <p className="font-medium" dir="ltr">
          {m.recipient}
        </p>
      }
      status={<SmsStatusBadge status={m.status} />}
    >
      <p className="whitespace-pre-wrap break-words" dir="auto">
        {m.message}
      </p>
      <p className="text-xs text-muted-foreground">
        {when} · <span dir="ltr">{formatMoney(m.cost, 'GBP', i18n.language, 4)}</span> ·{' '}
        {t('sms.history.segments', { count: m.segments })}
      </p>
      {m.status === 'failed' && <p className="text-xs text-red-800">{t('sms.history.refunded')}</p>}
      {m.status === 'expired' && (
        <p className="text-xs text-red-800">{t('sms.history.expiredRefunded')}</p>
      )}
    </HistoryItem>
  );
}

/** Message History: newest first, in a box at most 24rem high, more on demand. */
export function MessageHistory() {
  const { t } = useTranslation();
  const history = useSmsHistory();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  // A later page that fails keeps the messages already shown.
  const state = {
    isPending: history.isPending,
    isError: history.isError && items.length === 0,
    data: items,
    refetch: history.refetch,
  };
  const body = (
    <QueryState
      query={state}
      errorText={t('sms.history.loadFailed')}
      empty={
        <p className="py-6 text-center text-sm text-muted-foreground">{t('sms.history.empty')}</p>
      }
      isEmpty={(list) => list.length === 0}
      small
    >
      {(list) => (
        <>
          <ul className="divide-y">
            {list.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ul>
          {history.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2 w-full"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? t('common.loading') : t('sms.history.loadMore')}
            </Button>
          )}
        </>
      )}
    </QueryState>
  );
  return (
    <Card>
      <HistoryCardHeader id="sms-history-title" title={t('sms.history.title')} />
      <CardContent>
        {/* Focusable so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        <section
          aria-labelledby="sms-history-title"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
          tabIndex={0}
          className="max-h-96 overflow-y-auto rounded-md pe-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {body}
        </section>
      </CardContent>
    </Card>
  );
}
