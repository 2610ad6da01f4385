import type { Call } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { CallDirection } from '@/components/call-direction';
import { CallStatusBadge } from '@/components/call-status-badge';
import { HistoryCardHeader, HistoryItem, historyWhen } from '@/components/history-list';
import { QueryState } from '@/components/query-state';
import { Card, CardContent } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useCallHistory } from '../api/voice';
import { callDurationText } from '../call-rules';

function CallItem({ call: c }: { call: Call }) {
  const { t, i18n } = useTranslation();
  const when = historyWhen(c.createdAt, i18n.language);
  return (
    <HistoryItem
      testId="recent-call"
      to={
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span dir="ltr">{c.destination}</span>
          <CallDirection call={c} />
        </p>
      }
      status={<CallStatusBadge status={c.status} />}
    >
      <p className="text-muted-foreground">
        {t('voice.recent.from')} <span dir="ltr">{c.callerId}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        {when} · {t('voice.recent.duration')}{' '}
        <span dir="ltr" data-testid="recent-call-duration">
          {callDurationText(c.duration)}
        </span>{' '}
        · {t('voice.recent.cost')}{' '}
        <span data-testid="recent-call-cost">
          {c.cost === null ? '—' : formatMoney(c.cost, BILLING_CURRENCY, i18n.language, 4)}
        </span>
      </p>
    </HistoryItem>
  );
}

/** Recent Calls: the 5 latest, newest first. */
export function RecentCalls() {
  const { t } = useTranslation();
  const history = useCallHistory();
  return (
    <Card role="region" aria-labelledby="sip-recent-title">
      <HistoryCardHeader id="sip-recent-title" title={t('voice.recent.title')} />
      <CardContent>
        <QueryState
          query={history}
          errorText={t('voice.recent.loadFailed')}
          empty={
            <p className="py-6 text-center text-sm text-muted-foreground">
              {t('dashboard.calls.empty')}
            </p>
          }
          isEmpty={(h) => h.items.length === 0}
          small
        >
          {(h) => (
            <ul className="divide-y">
              {h.items.map((c) => (
                <CallItem key={c.id} call={c} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
