import type { DashboardStats } from '@parley/shared/domain';
import { TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormat } from '../use-format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, Figures } from './chart-frame';
import { SectionCard } from './section-card';

/** Where the balance heads at the current daily average. */
export function ProjectionsCard({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const data = stats.projection.map((p) => ({
    label: t('dashboard.projections.dayN', { day: p.day }),
    balance: Number(p.balance), // for drawing only
    shown: money(p.balance),
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
          { label: t('dashboard.projections.balanceAfter'), value: money(stats.projectedBalance) },
        ]}
      />
      <ChartFrame
        caption={t('dashboard.projections.chartLabel')}
        headers={[t('dashboard.projections.day'), t('dashboard.projections.balance')]}
        rows={data.map((d) => [d.label, d.shown])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} />
            <YAxis tick={AXIS_TICK} width={56} allowDecimals={false} />
            <Tooltip
              formatter={(_v, _n, item) => [item.payload.shown, t('dashboard.projections.balance')]}
            />
            <Area
              type="monotone"
              dataKey="balance"
              stroke={CHART_COLORS[1]}
              fill={CHART_COLORS[1]}
              fillOpacity={0.15}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFrame>
    </SectionCard>
  );
}
