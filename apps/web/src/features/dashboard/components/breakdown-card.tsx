import { type DashboardStats, DEFAULT_SERVICE_NAME } from '@parley/shared/domain';
import { PieChart as PieIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isolateName } from '@/lib/bidi';
import { useFormat } from '../use-format';
import { CHART_COLORS, ChartBox } from './chart-frame';
import { RingDrawing } from './lazy-drawings';
import { EmptyState, SectionCard } from './section-card';

/** Spending per service with its share; the list beside the chart carries the figures. */
export function BreakdownCard({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const { money } = useFormat();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const data = stats.serviceBreakdown.map((s, i) => ({
    name: s.serviceName === DEFAULT_SERVICE_NAME ? t('dashboard.breakdown.general') : s.serviceName,
    value: Number(s.amount), // for drawing only
    shown: money(s.amount),
    share: `${percent.format(s.percentage)}%`,
    color: CHART_COLORS[i % CHART_COLORS.length],
  }));
  return (
    <SectionCard id="dashboard-breakdown" title={t('dashboard.breakdown.title')} icon={PieIcon}>
      {data.length === 0 ? (
        <EmptyState text={t('dashboard.breakdown.empty')} />
      ) : (
        <div className="grid grid-cols-1 items-center gap-4 sm:grid-cols-2">
          <ChartBox className="h-56">
            <RingDrawing data={data} />
          </ChartBox>
          <ul aria-label={t('dashboard.breakdown.chartLabel')} className="space-y-2 text-sm">
            {data.map((d) => (
              <li key={d.name} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-sm"
                  style={{ backgroundColor: d.color }}
                />
                <span className="me-auto min-w-0 truncate">{isolateName(d.name)}</span>
                <span className="font-medium">{d.shown}</span>
                <span className="w-14 text-end text-muted-foreground">{d.share}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
