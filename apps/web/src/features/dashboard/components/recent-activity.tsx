import { MessageSquare, PhoneCall } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallStatusBadge } from '@/components/call-status-badge';
import { SmsStatusBadge } from '@/components/sms-status-badge';
import { latest } from '../api/dashboard-data';
import { useRecentCalls, useRecentSms } from '../api/recent-activity';
import { formatDuration, useFormat } from '../use-format';
import { EmptyState, SectionCard } from './section-card';

/** The dashboard shows the 3 latest SMS and the 3 latest SIP calls. */
export const RECENT_ACTIVITY = 3;

function ActivityList({
  state,
  empty,
  children,
}: {
  state: { isPending: boolean; isError: boolean; count: number };
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (state.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  // A history that cannot load reads as empty: it is a convenience, not an account.
  if (state.isError || state.count === 0) return <EmptyState text={empty} />;
  return <ul className="divide-y">{children}</ul>;
}

export function RecentSms() {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const sms = useRecentSms();
  const rows = latest(sms.data, RECENT_ACTIVITY);
  return (
    <SectionCard
      id="dashboard-sms"
      title={t('dashboard.sms.title')}
      icon={MessageSquare}
      link={{ to: '/services/sms', label: t('dashboard.sms.link') }}
    >
      <ActivityList state={{ ...sms, count: rows.length }} empty={t('dashboard.sms.empty')}>
        {rows.map((m) => (
          <li key={m.id} className="flex items-start justify-between gap-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium" dir="ltr">
                {m.recipient}
              </p>
              <p className="truncate text-muted-foreground">{m.message}</p>
              <p className="text-xs text-muted-foreground">
                {date(m.createdAt)} · {money(m.cost, undefined, 4)}
              </p>
            </div>
            {/* The SMS page's own badge: one status mapping for both. */}
            <SmsStatusBadge status={m.status} />
          </li>
        ))}
      </ActivityList>
    </SectionCard>
  );
}

export function RecentCalls() {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const calls = useRecentCalls();
  const rows = latest(calls.data, RECENT_ACTIVITY);
  return (
    <SectionCard
      id="dashboard-calls"
      title={t('dashboard.calls.title')}
      icon={PhoneCall}
      link={{ to: '/services/sip', label: t('dashboard.calls.link') }}
    >
      <ActivityList state={{ ...calls, count: rows.length }} empty={t('dashboard.calls.empty')}>
        {rows.map((c) => (
          <li
            key={c.id}
            className="flex items-start justify-between gap-2 py-3 text-sm"
            data-testid="dashboard-call"
          >
            <div className="min-w-0">
              <p className="font-medium" dir="ltr">
                {c.destination}
              </p>
              <p className="text-xs text-muted-foreground">
                {date(c.createdAt)} · <span dir="ltr">{formatDuration(c.duration)}</span> ·{' '}
                {c.cost === null ? '—' : money(c.cost, undefined, 4)}
              </p>
            </div>
            <CallStatusBadge status={c.status} />
          </li>
        ))}
      </ActivityList>
    </SectionCard>
  );
}
