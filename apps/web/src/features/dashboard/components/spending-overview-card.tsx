import type { DashboardStats, DashboardTimeframe } from '@parley/shared/domain';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format';
import { CHART_COLORS, ChartFrame, Figures } from './chart-frame';
import { BarsDrawing } from './lazy-drawings';
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
    value: Number(p.amount), // for drawing only
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
        <BarsDrawing data={data} color={CHART_COLORS[0]} valueLabel="dashboard.spending.amount" />
      </ChartFrame>
    </SectionCard>
  );
}
