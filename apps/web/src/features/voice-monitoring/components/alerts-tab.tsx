import type { Alert } from '@parley/shared';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { formatBalance, formatMoney } from '@/lib/money';
import { useMonitoringAlerts } from '../api/monitoring';
import { formatRunway } from '../runway';
import { AlertSettingsForm } from './alert-settings-form';

function AlertText({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, 'GBP', i18n.language, 4);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  switch (alert.kind) {
    case 'low_balance':
      return t('monitoring.alerts.lowBalance', {
        balance: money(alert.balance),
        min: money(alert.minBalance),
      });
    case 'low_runway':
      return t('monitoring.alerts.lowRunway', {
        duration: formatRunway(alert.hours, i18n.language),
        threshold: formatRunway(String(alert.thresholdHours), i18n.language),
        perHour: money(alert.spendPerHour),
      });
    case 'failure_spike':
      return t('monitoring.alerts.failureSpike', {
        failed: alert.failed,
        calls: alert.calls,
        percent: alert.percent,
        threshold: alert.thresholdPercent,
      });
    case 'cutoffs':
      return t('monitoring.alerts.cutoffs', { count: alert.count, last: time(alert.lastAt) });
    case 'concurrency':
      return t('monitoring.alerts.concurrency', {
        count: alert.count,
        limit: alert.limit,
        last: time(alert.lastAt),
      });
  }
}

/** What triggers now, from the last 7 days of calls, and the thresholds the customer sets. */
export function AlertsTab() {
  const { t, i18n } = useTranslation();
  const alerts = useMonitoringAlerts();
  return (
    <section aria-labelledby="monitoring-alerts-title" className="space-y-4">
      <h2 id="monitoring-alerts-title" className="text-xl font-semibold">
        {t('monitoring.tabs.alerts')}
      </h2>
      <QueryState query={alerts} errorText={t('monitoring.loadFailed')}>
        {(data) => (
          <>
            {data.alerts.length === 0 ? (
              <p className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 p-4 text-green-950">
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
                {t('monitoring.alerts.none')}
              </p>
            ) : (
              <ul aria-label={t('monitoring.alerts.current')} className="space-y-2">
                {data.alerts.map((a) => (
                  <li
                    key={a.kind}
                    data-kind={a.kind}
                    className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
                  >
                    <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                    <span>
                      <strong className="block">{t(`monitoring.alerts.kind.${a.kind}`)}</strong>
                      <AlertText alert={a} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm text-muted-foreground">
              {data.runway.hours === null
                ? t('monitoring.alerts.runwayNone', {
                    balance: formatBalance(data.runway.balance, i18n.language),
                  })
                : t('monitoring.alerts.runway', {
                    balance: formatBalance(data.runway.balance, i18n.language),
                    duration: formatRunway(data.runway.hours, i18n.language),
                    perHour: formatMoney(data.runway.spendPerHour, 'GBP', i18n.language, 4),
                  })}
            </p>
            <AlertSettingsForm key={JSON.stringify(data.settings)} settings={data.settings} />
          </>
        )}
      </QueryState>
    </section>
  );
}
