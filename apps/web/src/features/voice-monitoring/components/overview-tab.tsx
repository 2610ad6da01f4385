import { callDurationText } from '@parley/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { formatMoney } from '@/lib/money';
import { type Range, useMonitoringOverview } from '../api/monitoring';
import { RangeFields, validRange } from './range-fields';
import { type Stat, StatCards } from './stat-cards';

/** Active calls, today's calls, minutes and spend, the answer-seizure ratio and plan minutes. */
export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>({});
  const overview = useMonitoringOverview(validRange(range));
  const number = new Intl.NumberFormat(i18n.language).format;
  const decimal = (value: string) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1 }).format(Number(value));
  return (
    <section aria-labelledby="monitoring-overview-title" className="space-y-4">
      <h2 id="monitoring-overview-title" className="text-xl font-semibold">
        {t('monitoring.tabs.overview')}
      </h2>
      <QueryState query={overview} errorText={t('monitoring.loadFailed')}>
        {(o) => {
          const money = (amount: string) => formatMoney(amount, o.currency, i18n.language, 4);
          const { minutesPerPeriod, leftSeconds } = o.included;
          const included =
            minutesPerPeriod === null
              ? t('monitoring.overview.unlimited')
              : minutesPerPeriod === 0
                ? t('monitoring.overview.noPlanMinutes')
                : t('monitoring.overview.minutesOf', {
                    left: number(Math.floor((leftSeconds ?? 0) / 60)),
                    total: number(minutesPerPeriod),
                  });
          const rangeText =
            o.range.from === o.range.to
              ? t('monitoring.overview.onDay', { day: o.range.from })
              : t('monitoring.overview.betweenDays', { from: o.range.from, to: o.range.to });
          const stats: Stat[] = [
            {
              key: 'active',
              label: t('monitoring.overview.active'),
              value: number(o.activeCalls),
              hint: t('monitoring.overview.activeHint'),
            },
            {
              key: 'today',
              label: t('monitoring.overview.callsToday'),
              value: number(o.today.calls),
              hint: t('monitoring.overview.minutesToday', {
                minutes: decimal(o.today.billedMinutes),
              }),
            },
            {
              key: 'asr',
              label: t('monitoring.overview.asr'),
              value: o.range.asr === null ? '—' : `${decimal(o.range.asr)} %`,
              hint: t('monitoring.overview.asrHint', {
                answered: number(o.range.answered),
                attempts: number(o.range.attempts),
                range: rangeText,
              }),
            },
            {
              key: 'acd',
              label: t('monitoring.overview.averageDuration'),
              value:
                o.range.averageDuration === null ? '—' : callDurationText(o.range.averageDuration),
              hint: rangeText,
            },
            {
              key: 'spendToday',
              label: t('monitoring.overview.spendToday'),
              value: money(o.spend.today),
            },
            {
              key: 'spendMonth',
              label: t('monitoring.overview.spendMonth'),
              value: money(o.spend.month),
            },
            {
              key: 'included',
              label: t('monitoring.overview.included'),
              value: included,
              hint:
                o.included.periodStart &&
                t('monitoring.overview.includedSince', {
                  day: o.included.periodStart.slice(0, 10),
                }),
            },
          ];
          return <StatCards stats={stats} />;
        }}
      </QueryState>
      <fieldset className="space-y-2 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">{t('monitoring.overview.rangeLegend')}</legend>
        <RangeFields value={range} onChange={setRange} />
        <p className="text-xs text-muted-foreground">{t('monitoring.utcNote')}</p>
      </fieldset>
    </section>
  );
}
