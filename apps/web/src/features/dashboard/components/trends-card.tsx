import type { DashboardStats } from '@parley/shared/domain';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '../use-format';
import { AXIS_TICK, CHART_COLORS, ChartFrame } from './chart-frame';
import { SectionCard } from './section-card';

/** Spending in each of the last four weeks, Week 1 the oldest. */
export function TrendsCard({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const data = stats.weeklyTrends.map((w) => ({
    label: t('dashboard.trends.week', { n: w.week }),
    amount: Number(w.amount), // for drawing only
    shown: money(w.amount),
    count: w.count,
  }));
  return (
    <SectionCard id="dashboard-trends" title={t('dashboard.trends.title')} icon={Activity}>
      <ChartFrame
        caption={t('dashboard.trends.chartLabel')}
        headers={[t('dashboard.trends.weekHeader'), t('dashboard.trends.amount')]}
        rows={data.map((d) => [
          d.label,
          `${d.shown} (${t('dashboard.trends.payments', { n: d.count })})`,
        ])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} />
            <YAxis tick={AXIS_TICK} width={48} allowDecimals={false} />
            <Tooltip
              formatter={(_v, _n, item) => [item.payload.shown, t('dashboard.trends.amount')]}
            />
            <Bar dataKey="amount" fill={CHART_COLORS[2]} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </SectionCard>
  );
}
