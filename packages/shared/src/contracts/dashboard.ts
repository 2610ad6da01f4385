import { z } from 'zod';
import { DASHBOARD_TIMEFRAMES } from '../domain/dashboard.js';

const shown = (label: string) => z.boolean(`${label} must be true or false`);

/** The dashboard's widget settings: a timeframe and which optional cards show. */
export const dashboardPreferencesSchema = z.object({
  timeframe: z.enum(DASHBOARD_TIMEFRAMES, 'Timeframe must be 7, 30, 90 or 365 days'),
  showSpending: shown('showSpending'),
  showProjections: shown('showProjections'),
  showServiceBreakdown: shown('showServiceBreakdown'),
  showTransactionTrends: shown('showTransactionTrends'),
});
export type DashboardPreferencesValues = z.infer<typeof dashboardPreferencesSchema>;

/** PUT /api/dashboard/preferences: any of the settings; an unknown key is refused. */
export const dashboardPreferencesInputSchema = dashboardPreferencesSchema.partial().strict();
export type DashboardPreferencesInput = z.infer<typeof dashboardPreferencesInputSchema>;

export const dashboardPreferencesResponseSchema = dashboardPreferencesSchema.extend({
  /** Null until the customer first changes a setting. */
  updatedAt: z.string().nullable(),
});
export type DashboardPreferences = z.infer<typeof dashboardPreferencesResponseSchema>;

/** What a debit was for, on the dashboard: a purchase, SMS, calls or an admin's debit. */
export const SPEND_KINDS = ['purchases', 'renewals', 'sms', 'calls', 'adjustments'] as const;
export type SpendKind = (typeof SPEND_KINDS)[number];

/** GET /api/dashboard/spending: the customer's debits over the last `days`. */
export const spendingQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  /** Minutes to add to UTC for the reader's calendar days (getTimezoneOffset, negated). */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  /** The reader's language: purchases are labelled in it while the package is sold so. */
  lang: z.string().trim().max(35).optional(),
});
export type SpendingQuery = z.input<typeof spendingQuerySchema>;

export const spendingSchema = z.object({
  /** Net debits per local day and kind (refunds of a message count on its own day). */
  entries: z.array(
    z.object({
      /** YYYY-MM-DD in the reader's time zone. */
      date: z.string(),
      kind: z.enum(SPEND_KINDS),
      /** The item's name for a purchase; null otherwise. */
      label: z.string().nullable(),
      amount: z.string(),
      count: z.number().int(),
    }),
  ),
  /** What the active monthly items cost each month, in GBP, at the rate they were bought. */
  recurringMonthly: z.string(),
});
export type Spending = z.infer<typeof spendingSchema>;
