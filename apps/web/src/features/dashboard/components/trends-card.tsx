import { compareDecimal, type DashboardStats } from '@parley/shared/domain';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format';
import { CHART_COLORS, ChartFrame } from './chart-frame';
import { BarsDrawing } from './lazy-drawings';
import { EmptyState, SectionCard } from './section-card';

/** Spending in each of the last four weeks, Week 1 the oldest. */
export function TrendsCard({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const data = stats.weeklyTrends.map((w) => ({
    label: t('dashboard.trends.week', { n: w.week }),
    value: Number(w.amount), // for drawing only
    shown: money(w.amount),
    count: w.count,
  }));
  // Four empty weeks are nothing to chart: the card says so instead of drawing zeros.
  const empty = stats.weeklyTrends.every(
    (w) => w.count === 0 && compareDecimal(w.amount, '0') === 0,
  );
  return (
    <SectionCard id="dashboard-trends" title={t('dashboard.trends.title')} icon={Activity}>
      {empty ? (
        <EmptyState text={t('dashboard.trends.empty')} />
      ) : (
        <ChartFrame
          caption={t('dashboard.trends.chartLabel')}
          headers={[t('dashboard.trends.weekHeader'), t('dashboard.trends.amount')]}
          rows={data.map((d) => [
            d.label,
            `${d.shown} (${t('dashboard.trends.payments', { n: d.count })})`,
          ])}
        >
          <BarsDrawing data={data} color={CHART_COLORS[2]} valueLabel="dashboard.trends.amount" />
        </ChartFrame>
      )}
    </SectionCard>
  );
}
