// The dashboard's settings and the shapes of its statistics; dashboard-stats.ts works
// them out.

/** The timeframes the Widget Settings offer, in days. */
export const DASHBOARD_TIMEFRAMES = ['7', '30', '90', '365'] as const;
export type DashboardTimeframe = (typeof DASHBOARD_TIMEFRAMES)[number];

/** A customer's widget settings until they change them: 30 days, every card shown. */
export const DEFAULT_DASHBOARD_PREFERENCES = {
  timeframe: '30' as DashboardTimeframe,
  showSpending: true,
  showProjections: true,
  showServiceBreakdown: true,
  showTransactionTrends: true,
};

/** Statuses whose money counts as spent: approved and confirmed. */
export const SPENT_STATUSES: readonly string[] = ['approved', 'confirmed'];
/** The name of spending whose service is unnamed. */
export const DEFAULT_SERVICE_NAME = 'General';
export const TREND_WEEKS = 4;
/** Days ahead the projections look: a month. */
export const PROJECTION_DAYS = 30;
/** Remaining-budget days stop here: the balance lasts indefinitely. */
export const UNBOUNDED_DAYS = 999;
/** Above this many days the remaining budget reads '365+'. */
export const SHOWN_DAYS_LIMIT = 365;

/** One payment out of the customer's pocket. */
export interface SpendEntry {
  /** Decimal string in the billing currency. */
  amount: string;
  serviceName?: string | null;
  /** When it was paid (ISO string or Date). */
  at: string | Date;
  /** Only SPENT_STATUSES count. */
  status: string;
  /** What it was for ('purchases', 'sms', …), for the total by kind. */
  kind?: string;
  /** Metered usage (SMS, calls): its daily rate carries into the projection. */
  usage?: boolean;
}

export interface DashboardStatsInput {
  spend: readonly SpendEntry[];
  /** The Transactions tile's count (all of the customer's transactions). */
  transactionCount: number;
  /** The balance, a decimal string in the billing currency. */
  balance: string;
  /** 7, 30, 90 or 365 in the dashboard; any positive whole number here. */
  timeframeDays: number;
  now: Date;
  /** What the active monthly items cost each month (GBP); none when absent. */
  recurringMonthly?: string;
  /**
   * The runway: `runwayDays` of renewals.ts for this customer (the server's answer in
   * /api/subscriptions); null when nothing is spent; undefined while it is not known.
   */
  runwayDays?: number | null;
}

export interface ServiceShare {
  serviceName: string;
  amount: string;
  /** Share of the total spent, 0–100 to one decimal. */
  percentage: number;
  count: number;
}

export interface WeekTrend {
  /** 1 is the oldest week (22–28 days ago), 4 the last seven days. */
  week: number;
  label: string;
  /** The week's first instant, ISO. */
  start: string;
  amount: string;
  count: number;
}

export interface SpendPoint {
  /** The bucket's first instant, ISO. */
  start: string;
  amount: string;
}

export interface ProjectionPoint {
  /** Days from now. */
  day: number;
  balance: string;
}

export interface DashboardStats {
  balance: string;
  /** Spent within the timeframe. */
  totalSpent: string;
  /** totalSpent by kind, largest first. */
  spentByKind: { kind: string; amount: string }[];
  /** Spent within the timeframe ÷ its days. */
  averageDailySpend: string;
  /** The month ahead: what renews monthly plus 30 days of usage at its daily rate. */
  projectedMonthlySpend: string;
  /** Whole days the balance lasts (the runway), UNBOUNDED_DAYS beyond it; null while unknown. */
  remainingBudgetDays: number | null;
  /** remainingBudgetDays as shown: '365+' at the runway's horizon, '…' while unknown. */
  remainingBudgetLabel: string;
  /** The balance after the month ahead, never below 0. */
  projectedBalance: string;
  /** Largest first. */
  serviceBreakdown: ServiceShare[];
  /** Week 1 to Week 4, oldest first, whatever the timeframe. */
  weeklyTrends: WeekTrend[];
  /**
   * Spending over the timeframe, oldest first: by local calendar day up to 30 days (the
   * last bar today), weekly up to 90, else by 30 days.
   */
  spendingSeries: SpendPoint[];
  /** The balance every 5 days over the next 30 at the month ahead's daily rate. */
  projection: ProjectionPoint[];
  transactionCount: number;
  /** How many spending entries the totals hold. */
  spendCount: number;
}
