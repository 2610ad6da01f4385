import type { DashboardStats, DashboardTimeframe } from '@parley/shared/domain';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '../use-format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, Figures } from './chart-frame';
import { SectionCard } from './section-card';

/** What was spent over the chosen timeframe, by day, week or month. */
export function SpendingOverviewCard({
  stats,
  timeframe,
}: {
  stats: DashboardStats;
  timeframe: DashboardTimeframe;
}) {
  const { t } = useTranslation();
  const { money, shortDate } = useFormat();
  const data = stats.spendingSeries.map((p) => ({
    label: shortDate(p.start),
    amount: Number(p.amount), // for drawing only
    shown: money(p.amount),
  }));
  return (
    <SectionCard id="dashboard-spending" title={t('dashboard.spending.title')} icon={BarChart3}>
      <Figures
        items={[
          { label: t('dashboard.spending.total'), value: money(stats.totalSpent) },
          { label: t('dashboard.spending.average'), value: money(stats.averageDailySpend) },
        ]}
      />
      <ChartFrame
        caption={`${t('dashboard.spending.chartLabel')} (${t(`dashboard.timeframes.${timeframe}`)})`}
        headers={[t('dashboard.spending.period'), t('dashboard.spending.amount')]}
        rows={data.map((d) => [d.label, d.shown])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={12} />
            <YAxis tick={AXIS_TICK} width={48} allowDecimals={false} />
            <Tooltip
              formatter={(_v, _n, item) => [item.payload.shown, t('dashboard.spending.amount')]}
            />
            <Bar dataKey="amount" fill={CHART_COLORS[0]} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </SectionCard>
  );
}
