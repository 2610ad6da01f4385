import { dashboardStats } from '@parley/shared/domain';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DashboardFrame } from '@/components/dashboard-frame';
import { ServicesGrid } from '@/components/services-grid';
import { useTurn } from '@/lib/after-paint';
import { useUser } from '@/lib/current-user';
import {
  useDashboardAdjustments,
  useDashboardOrders,
  useDashboardRenewals,
  useDashboardTransactions,
} from '../api/dashboard-data';
import { useDashboardPreferences } from '../api/dashboard-preferences';
import { spendEntriesOf, useSpending } from '../api/spending';
import { useSubscriptions, useSubscriptionUpdates } from '../api/subscriptions';
import { ActiveServices } from '../components/active-services';
import { AdminCard, BalanceCard, pendingCredit } from '../components/balance-card';
import { DashboardCharts } from '../components/dashboard-charts';
import { RecentCalls, RecentSms } from '../components/recent-activity';
import { RenewalsCard } from '../components/renewals-card';
import { StatTiles } from '../components/stat-tiles';
import { TransactionHistory } from '../components/transaction-history';
import { WidgetSettings } from '../components/widget-settings';

/**
 * What is below a phone's first screen renders in a turn of its own, once the top of the
 * page has been painted: the page shows its balance sooner, and nothing on screen moves
 * (the space it will take is held by a screen-tall box, so the footer stays out of view).
 */
function BelowTheFold({ children }: { children: ReactNode }) {
  const shown = useTurn();
  const { hash } = useLocation();
  // A link to a section down here (/dashboard#dashboard-active, where a trunk's unpaid
  // renewal is paid) can only land once the section exists.
  useEffect(() => {
    if (shown && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [shown, hash]);
  return shown ? children : <div className="min-h-screen" />;
}

/** The customer dashboard: balance, statistics, widgets and recent activity. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const transactions = useDashboardTransactions();
  const orders = useDashboardOrders();
  const adjustments = useDashboardAdjustments();
  const subscriptions = useSubscriptions();
  useSubscriptionUpdates();
  const renewals = useDashboardRenewals();
  const { preferences, isPending: preferencesPending } = useDashboardPreferences();
  const balance = user?.cryptoBalance ?? '0.00';
  const timeframe = preferences.timeframe;
  const spending = useSpending(Number(timeframe), balance);

  const stats = useMemo(
    () =>
      dashboardStats({
        spend: spendEntriesOf(spending.data, (kind) => t(`dashboard.kinds.${kind}`)),
        transactionCount: transactions.data?.length ?? 0,
        balance,
        timeframeDays: Number(timeframe),
        now: new Date(),
        recurringMonthly: spending.data?.recurringMonthly,
        // Days left are the runway's, the one answer the Renewals card gives too.
        runwayDays: subscriptions.data?.runwayDays,
      }),
    [spending.data, transactions.data, balance, timeframe, t, subscriptions.data?.runwayDays],
  );

  if (!user) return null;
  const anyChart =
    preferences.showSpending ||
    preferences.showProjections ||
    preferences.showServiceBreakdown ||
    preferences.showTransactionTrends;

  return (
    <DashboardFrame firstName={user.firstName}>
      <div className="grid gap-6 md:grid-cols-2">
        <BalanceCard balance={balance} pendingCredit={pendingCredit(transactions.data)} />
        {user.isAdmin ? (
          <AdminCard />
        ) : (
          <RenewalsCard data={subscriptions.data} isPending={subscriptions.isPending} />
        )}
      </div>
      {user.isAdmin && (
        <RenewalsCard data={subscriptions.data} isPending={subscriptions.isPending} />
      )}

      <StatTiles
        balance={balance}
        stats={stats}
        timeframe={timeframe}
        loading={transactions.isPending || spending.isPending}
      />
      <BelowTheFold>
        <WidgetSettings preferences={preferences} loading={preferencesPending} />
        {anyChart && <DashboardCharts stats={stats} preferences={preferences} />}

        <section aria-labelledby="dashboard-services" className="scroll-mt-20 space-y-4">
          <div className="flex flex-wrap items-baseline gap-3">
            <h2 id="dashboard-services" className="me-auto text-2xl font-semibold">
              {t('home.yourServices')}
            </h2>
            <Link to="/sip-services" className="text-sm text-primary underline">
              {t('dashboard.allSip')}
            </Link>
          </div>
          <ServicesGrid signedIn />
        </section>

        <div className="grid gap-6 lg:grid-cols-3">
          <TransactionHistory
            transactions={transactions.data ?? []}
            adjustments={[...(adjustments.data ?? []), ...(renewals.data ?? [])]}
            isPending={transactions.isPending}
            isError={transactions.isError}
            onRetry={() => transactions.refetch()}
          />
          <RecentSms />
          <RecentCalls />
        </div>
        <ActiveServices
          orders={orders.data ?? []}
          subscriptions={subscriptions.data?.items ?? []}
          isPending={orders.isPending || subscriptions.isPending}
          subscriptionsFailed={subscriptions.isError}
        />
      </BelowTheFold>
    </DashboardFrame>
  );
}
