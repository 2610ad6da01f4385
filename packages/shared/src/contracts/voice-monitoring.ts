import { z } from 'zod';
import { CALL_STATUSES } from '../domain/calls.js';
import { isoDay, withDayRange } from './day-range.js';
import { callSchema } from './voice.js';

/**
 * SIP monitoring (/sip-monitoring), computed from the signed-in customer's call records.
 * Days are UTC days; amounts are exact decimals in the billing currency (GBP) with at
 * least two and at most four decimals ("0.0125", "3.50").
 */
const money = z.string().regex(/^\d+\.\d{2,4}$/);
const count = z.number().int().nonnegative();
/** A percentage with one decimal ("66.7"), null when there is nothing to divide by. */
const percent = z
  .string()
  .regex(/^\d+\.\d$/)
  .nullable();

/** The longest range a query may cover. */
export const MONITORING_MAX_DAYS = 366;
/** The most rows one CSV export carries (the newest first). */
export const CALLS_EXPORT_MAX_ROWS = 10_000;
/** Alerts look at the last 7 days of calls and spending. */
export const ALERT_WINDOW_DAYS = 7;
/** A failure spike needs at least this many finished calls, so one failure is no spike. */
export const FAILURE_SPIKE_MIN_CALLS = 5;

/** `from` and `to` are UTC days, both included; `from` after `to` or too long a range is refused. */
const withRange = <T extends z.ZodRawShape>(shape: T) =>
  withDayRange({ ...shape, from: isoDay.optional(), to: isoDay.optional() }, MONITORING_MAX_DAYS);

/** GET /api/sip/monitoring/overview: ASR and average duration over the range (default today). */
export const monitoringRangeQuerySchema = withRange({});

const callFilters = {
  status: z.enum(CALL_STATUSES).optional(),
  /** Part of the destination number (digits, with or without +). */
  destination: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?\d*$/, 'Digits only')
    .optional(),
};

/** GET /api/sip/monitoring/calls: filters and a page. */
export const monitoringCallsQuerySchema = withRange({
  ...callFilters,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MonitoringCallsQuery = z.input<typeof monitoringCallsQuerySchema>;

/** GET /api/sip/monitoring/calls/export: the same filters, as a CSV file. */
export const monitoringExportQuerySchema = withRange(callFilters);

export const monitoringCallsSchema = z.object({
  items: z.array(callSchema),
  total: count,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MonitoringCalls = z.infer<typeof monitoringCallsSchema>;

/**
 * The Overview tab.
 * - activeCalls: dialing, ringing or answered now.
 * - today: calls started today (UTC), their billed minutes (billable seconds ÷ 60, two
 *   decimals, rounded down) and cost.
 * - range: attempts are the calls started in the range; answered those that were
 *   answered; `asr` answered ÷ attempts in percent; `averageDuration` the mean talk time
 *   in whole seconds of the answered calls that ended.
 * - spend: the cost of the calls started today and this calendar month (UTC).
 * - included: the plan's minutes per period (null unlimited, 0 none), the seconds used
 *   since the period started and the seconds left (null unlimited).
 */
export const monitoringOverviewSchema = z.object({
  currency: z.string(),
  activeCalls: count,
  today: z.object({ calls: count, billedSeconds: count, billedMinutes: money }),
  range: z.object({
    from: z.string(),
    to: z.string(),
    attempts: count,
    answered: count,
    asr: percent,
    averageDuration: count.nullable(),
  }),
  spend: z.object({ today: money, month: money }),
  included: z.object({
    minutesPerPeriod: count.nullable(),
    periodStart: z.string().nullable(),
    usedSeconds: count,
    leftSeconds: count.nullable(),
  }),
  generatedAt: z.string(),
});
export type MonitoringOverview = z.infer<typeof monitoringOverviewSchema>;

/** GET /api/sip/monitoring/quality (default the last 30 days). */
export const monitoringQualityQuerySchema = withRange({});

/**
 * Call quality of the finished calls in a range, per destination country and overall:
 * answer rate, the mean post-dial delay (the edge's figure, else start to ringing), and
 * the media relay's jitter, loss and MOS means (null when no call reported them). `causes` counts each hang-up cause (the
 * status where none was recorded), most frequent first.
 */
const qualityFigures = z.object({
  calls: count,
  answered: count,
  answerRate: percent,
  pddMs: count.nullable(),
  jitterMs: z.string().nullable(),
  lossPercent: z.string().nullable(),
  mos: z.string().nullable(),
  causes: z.array(z.object({ cause: z.string(), count })),
});
export const monitoringQualitySchema = z.object({
  from: z.string(),
  to: z.string(),
  total: qualityFigures,
  countries: z.array(qualityFigures.extend({ country: z.string() })),
});
export type MonitoringQuality = z.infer<typeof monitoringQualitySchema>;
export type QualityFigures = z.infer<typeof qualityFigures>;

/** What the customer wants to be warned about; a null threshold is switched off. */
export const alertSettingsSchema = z.object({
  /** Warn when the available balance falls below this amount (GBP). */
  minBalance: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'An amount such as 5 or 12.50')
    .nullable(),
  /** Warn when the balance lasts fewer hours than this at the last 7 days' spending. */
  runwayHours: z.number().int().min(1).max(720).nullable(),
  /** Warn when at least this share of the last `failureWindow` finished calls failed. */
  failurePercent: z.number().int().min(1).max(100).nullable(),
  failureWindow: z.number().int().min(FAILURE_SPIKE_MIN_CALLS).max(500),
  notifyCutoffs: z.boolean(),
  notifyConcurrency: z.boolean(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  minBalance: null,
  runwayHours: 24,
  failurePercent: 50,
  failureWindow: 20,
  notifyCutoffs: true,
  notifyConcurrency: true,
};

export const ALERT_KINDS = [
  'low_balance',
  'low_runway',
  'failure_spike',
  'cutoffs',
  'concurrency',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('low_balance'), balance: money, minBalance: money }),
  z.object({
    kind: z.literal('low_runway'),
    balance: money,
    spendPerHour: money,
    /** Hours the balance lasts, one decimal. */
    hours: z.string(),
    thresholdHours: count,
  }),
  z.object({
    kind: z.literal('failure_spike'),
    failed: count,
    calls: count,
    percent: z.string(),
    thresholdPercent: count,
  }),
  /** Calls Parley ended at their maximum duration (the credit cut-off) in the window. */
  z.object({ kind: z.literal('cutoffs'), count, lastAt: z.string() }),
  /** Calls that started when the customer's calls in progress reached their limit. */
  z.object({ kind: z.literal('concurrency'), count, limit: count, lastAt: z.string() }),
]);
export type Alert = z.infer<typeof alertSchema>;

/**
 * GET /api/sip/monitoring/alerts: the settings and what triggers now. `runway` is the
 * available balance (balance less calls' holds) over the mean spend per hour of the
 * last 7 days; `hours` null when nothing was spent.
 */
export const monitoringAlertsSchema = z.object({
  settings: alertSettingsSchema,
  runway: z.object({ balance: money, spendPerHour: money, hours: z.string().nullable() }),
  alerts: z.array(alertSchema),
  evaluatedAt: z.string(),
});
export type MonitoringAlerts = z.infer<typeof monitoringAlertsSchema>;
