import { z } from 'zod';

/** A decimal string in the billing currency, e.g. "1234.50". */
const money = z.string().regex(/^-?\d+\.\d{2}$/);
const count = z.number().int().nonnegative();
/** Exact to the fourth decimal, at least two shown ("12.50", "0.0125"). */
const exactMoney = z.string().regex(/^-?\d+\.\d{2,4}$/);
const minutes = z.string().regex(/^\d+\.\d{2}$/);

/**
 * GET /api/admin/analytics: the admin panel's Analytics tab, computed from the database
 * and answered as last counted (`generatedAt`; POST /api/admin/analytics/recount counts now).
 *
 * - revenue: the billing-currency value (credit_amount) of approved crypto payments, the
 *   only money that comes in. Orders paid from the balance are not added again: that
 *   money was counted when the deposit behind it was approved. `last30Days` counts
 *   payments approved in the last 30 days.
 * - customers: accounts that are not admins; `active30Days` are those seen signed in
 *   (a session used), or who paid, bought or were charged, in the last 30 days.
 * - payments: counts by status; `pendingValue` is what the pending ones would credit.
 * - activeOrders: orders not cancelled, by what they bought.
 * - customerBalances: the sum of customers' balances, what Parley owes in services.
 * - voice: what calls earned (the ledger's call charges, `charge` rows referenced
 *   `call:<id>`, exact to the fourth decimal), the minutes billed (billable seconds ÷ 60,
 *   two decimals, rounded down) and the calls placed, all time and in the last 30 days
 *   (by the charge's date, the call's end and its start respectively).
 */
export const analyticsSchema = z.object({
  currency: z.string(),
  revenue: z.object({ total: money, last30Days: money }),
  customers: z.object({ total: count, active30Days: count }),
  payments: z.object({
    pendingCount: count,
    pendingValue: money,
    approvedCount: count,
    rejectedCount: count,
  }),
  activeOrders: z.object({ package: count, sipDomain: count, number: count, total: count }),
  customerBalances: money,
  voice: z.object({
    revenue: z.object({ total: exactMoney, last30Days: exactMoney }),
    billedMinutes: z.object({ total: minutes, last30Days: minutes }),
    calls: z.object({ total: count, last30Days: count }),
  }),
  generatedAt: z.string(),
});
export type Analytics = z.infer<typeof analyticsSchema>;
