import { z } from 'zod';
import { DASHBOARD_TIMEFRAMES } from '../domain/dashboard-stats.js';

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
