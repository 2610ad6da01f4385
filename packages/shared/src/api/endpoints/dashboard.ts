import {
  dashboardPreferencesInputSchema,
  dashboardPreferencesResponseSchema,
  spendingQuerySchema,
  spendingSchema,
} from '../../contracts/dashboard.js';

/** The customer's dashboard widgets and spending. */
export const dashboardEndpoints = {
  'dashboard.preferences': {
    summary: "The customer's dashboard widgets",
    responses: { 200: dashboardPreferencesResponseSchema },
  },
  'dashboard.spending': {
    summary: "The customer's debits by day and kind, and what renews monthly",
    query: spendingQuerySchema,
    responses: { 200: spendingSchema },
  },
  'dashboard.savePreferences': {
    summary: "Change the customer's dashboard widgets",
    body: dashboardPreferencesInputSchema,
    responses: { 200: dashboardPreferencesResponseSchema },
  },
} as const;
