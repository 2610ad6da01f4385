import type { DashboardPreferences } from '@parley/shared';
import type { DashboardStats } from '@parley/shared/domain';
import { BreakdownCard } from './breakdown-card';
import { ProjectionsCard } from './projections-card';
import { SpendingOverviewCard } from './spending-overview-card';
import { TrendsCard } from './trends-card';

/** The optional cards the Widget Settings switch on; loaded apart, with the chart library. */
export default function DashboardCharts({
  stats,
  preferences,
}: {
  stats: DashboardStats;
  preferences: DashboardPreferences;
}) {
  return (
    // One shrinkable column on a phone: an auto track would grow to the widest legend line.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {preferences.showSpending && (
        <SpendingOverviewCard stats={stats} timeframe={preferences.timeframe} />
      )}
      {preferences.showProjections && <ProjectionsCard stats={stats} />}
      {preferences.showServiceBreakdown && <BreakdownCard stats={stats} />}
      {preferences.showTransactionTrends && <TrendsCard stats={stats} />}
    </div>
  );
}
