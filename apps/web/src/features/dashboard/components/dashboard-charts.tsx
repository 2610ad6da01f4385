import type { DashboardPreferences } from '@parley/shared';
import type { DashboardStats } from '@parley/shared/domain';
import { memo, useEffect } from 'react';
import { BreakdownCard } from './breakdown-card';
import { loadDrawings } from './lazy-drawings';
import { ProjectionsCard } from './projections-card';
import { SpendingOverviewCard } from './spending-overview-card';
import { TrendsCard } from './trends-card';

/**
 * The optional cards the Widget Settings switch on. Their figures show with the page; each
 * drawing streams in after it, with the chart library (lazy-drawings.ts). Drawing charts is
 * the page's costliest work: they redraw only when their figures or settings change, not
 * each time another of the page's lists arrives.
 */
export const DashboardCharts = memo(function DashboardCharts({
  stats,
  preferences,
}: {
  stats: DashboardStats;
  preferences: DashboardPreferences;
}) {
  // The chart code loads while the cards wait for their turn to draw.
  useEffect(() => {
    loadDrawings().catch(() => {}); // a drawing that needs it loads it again and shows the failure
  }, []);
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
});
