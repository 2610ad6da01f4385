import type { DashboardStats } from '@parley/shared/domain';
import { TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format';
import { CHART_COLORS, ChartFrame, Figures } from './chart-frame';
import { AreaDrawing } from './lazy-drawings';
import { SectionCard } from './section-card';

/** Where the balance heads at the current daily average. */
export function ProjectionsCard({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  // Projected balances read as the balance does: to the penny, rounded down (0047).
  const { money, balance } = useFormat();
  const data = stats.projection.map((p) => ({
    label: t('dashboard.projections.dayN', { day: p.day }),
    value: Number(p.balance), // for drawing only
    shown: balance(p.balance),
  }));
  return (
    <SectionCard
      id="dashboard-projections"
      title={t('dashboard.projections.title')}
      icon={TrendingUp}
    >
      <Figures
        items={[
          { label: t('dashboard.projections.daily'), value: money(stats.averageDailySpend) },
          { label: t('dashboard.projections.monthly'), value: money(stats.projectedMonthlySpend) },
          { label: t('dashboard.projections.remaining'), value: stats.remainingBudgetLabel },
          {
            label: t('dashboard.projections.balanceAfter'),
            value: balance(stats.projectedBalance),
          },
        ]}
      />
      <ChartFrame
        caption={t('dashboard.projections.chartLabel')}
        headers={[t('dashboard.projections.day'), t('dashboard.projections.balance')]}
        rows={data.map((d) => [d.label, d.shown])}
      >
        <AreaDrawing
          data={data}
          color={CHART_COLORS[1]}
          valueLabel="dashboard.projections.balance"
          yAxisWidth={56}
        />
      </ChartFrame>
    </SectionCard>
  );
}
