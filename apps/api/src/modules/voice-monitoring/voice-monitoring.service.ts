import {
  ALERT_WINDOW_DAYS,
  type AlertSettings,
  add,
  BILLING_CURRENCY,
  CALLS_EXPORT_MAX_ROWS,
  type CallStatus,
  divide,
  type MonitoringAlerts,
  type MonitoringCalls,
  type MonitoringOverview,
  type MonitoringQuality,
  moneyText,
  planAllowance,
  type QualityFigures,
  toCsv,
} from '@parley/shared';
import { toCall } from '../../lib/call-view.js';
import { CALLS_CSV_COLUMNS, callCsvRow } from './call-view.js';
import { includedMinutesLeft } from './included-minutes.js';
import { alertsFrom, percent, settingsOf } from './voice-alerts.js';
import type { VoiceMonitoringRepo } from './voice-monitoring.repo.js';

const DAY_MS = 86_400_000;
/** The Quality tab's default range: the last 30 days, today included. */
export const QUALITY_DEFAULT_DAYS = 30;

type Range = { from?: string; to?: string };
type CallQuery = Range & { status?: CallStatus; destination?: string };

const dayStart = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const dayText = (d: Date) => d.toISOString().slice(0, 10);
const parseDay = (text: string) => new Date(`${text}T00:00:00Z`);

/** UTC days `from`..`to` (both included) as [start, end), defaulting to the last `days` days. */
function window(q: Range, now: Date, days: number) {
  const today = dayStart(now);
  const from = q.from ? parseDay(q.from) : new Date(today.getTime() - (days - 1) * DAY_MS);
  const last = q.to ? parseDay(q.to) : today;
  return {
    from,
    to: new Date(last.getTime() + DAY_MS),
    fromText: dayText(from),
    toText: dayText(last),
  };
}

const mean = (sum: string, n: number, scale: number) =>
  n === 0 ? null : divide(sum, String(n), scale, 'half-up');

type QualityRead = Awaited<ReturnType<VoiceMonitoringRepo['quality']>>;
type Sums = QualityRead['figures'][number];
type CauseRow = QualityRead['causes'][number];

/** Call quality over a set of rows (all, or one country's), with the hangup causes counted. */
function figuresOf(rows: Sums[], causeRows: CauseRow[]): QualityFigures {
  const sum = (key: keyof Sums) => rows.reduce((s, r) => s + Number(r[key]), 0);
  const sumDecimal = (key: 'jitterSum' | 'lossSum' | 'mosSum') =>
    rows.reduce((total, r) => add(total, r[key], 4), '0');
  const calls = sum('calls');
  const answered = sum('answered');
  const pddCount = sum('pddCount');
  const byCause = new Map<string, number>();
  for (const c of causeRows) byCause.set(c.cause, (byCause.get(c.cause) ?? 0) + c.n);
  return {
    calls,
    answered,
    answerRate: percent(answered, calls),
    pddMs: pddCount === 0 ? null : Math.round(sum('pddSum') / pddCount),
    jitterMs: mean(sumDecimal('jitterSum'), sum('jitterCount'), 2),
    lossPercent: mean(sumDecimal('lossSum'), sum('lossCount'), 3),
    mos: mean(sumDecimal('mosSum'), sum('mosCount'), 2),
    causes: [...byCause]
      .map(([cause, count]) => ({ cause, count }))
      .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause)),
  };
}

/** SIP monitoring from the signed-in customer's call records (definitions in the contract). */
export function createVoiceMonitoringService(deps: {
  repo: VoiceMonitoringRepo;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const filters = (q: CallQuery) => {
    const range = q.from || q.to ? window(q, now(), 1) : null;
    return {
      status: q.status,
      destination: q.destination,
      from: q.from && range ? range.from : undefined,
      to: q.to && range ? range.to : undefined,
    };
  };

  async function alerts(userId: string): Promise<MonitoringAlerts> {
    const at = now();
    const since = new Date(at.getTime() - ALERT_WINDOW_DAYS * DAY_MS);
    const settings = settingsOf(await repo.settings(userId));
    const [available, spent, last, cutoffs, items] = await Promise.all([
      repo.available(userId),
      repo.spentSince(userId, since),
      repo.lastFinished(userId, settings.failureWindow),
      repo.cutoffsSince(userId, since),
      repo.activePackages(userId),
    ]);
    const { runway, list } = alertsFrom(settings, { available, spent, last, cutoffs });
    if (settings.notifyConcurrency) {
      const limit = planAllowance(items, at).concurrentCalls;
      const hits = await repo.limitReachedSince(userId, since, limit);
      if (hits.count > 0 && hits.lastAt)
        list.push({ kind: 'concurrency', count: hits.count, limit, lastAt: hits.lastAt });
    }
    return { settings, runway, alerts: list, evaluatedAt: at.toISOString() };
  }

  return {
    async overview(userId: string, q: Range): Promise<MonitoringOverview> {
      const at = now();
      const today = dayStart(at);
      const range = window(q, at, 1);
      const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
      const [o, included] = await Promise.all([
        repo.overview(userId, {
          todayStart: today,
          monthStart,
          rangeFrom: range.from,
          rangeTo: range.to,
        }),
        includedMinutesLeft(repo, userId, at),
      ]);
      return {
        currency: BILLING_CURRENCY,
        activeCalls: o.active,
        today: {
          calls: o.todayCalls,
          billedSeconds: o.todayBilled,
          billedMinutes: divide(String(o.todayBilled), '60', 2, 'down'),
        },
        range: {
          from: range.fromText,
          to: range.toText,
          attempts: o.attempts,
          answered: o.answered,
          asr: percent(o.answered, o.attempts),
          averageDuration: o.averageDuration === null ? null : Number(o.averageDuration),
        },
        spend: { today: moneyText(o.spendToday), month: moneyText(o.spendMonth) },
        included: {
          minutesPerPeriod: included.minutesPerPeriod,
          periodStart: included.periodStart?.toISOString() ?? null,
          usedSeconds: included.usedSeconds,
          leftSeconds: included.leftSeconds,
        },
        generatedAt: at.toISOString(),
      };
    },

    async calls(
      userId: string,
      q: CallQuery & { page: number; pageSize: number },
    ): Promise<MonitoringCalls> {
      const { items, total } = await repo.list(userId, filters(q), q.page, q.pageSize);
      return { items: items.map(toCall), total, page: q.page, pageSize: q.pageSize };
    },

    /** The filtered calls as CSV, newest first, with a file name made of dates only. */
    async exportCalls(userId: string, q: CallQuery): Promise<{ filename: string; csv: string }> {
      const rows = await repo.exportRows(userId, filters(q), CALLS_EXPORT_MAX_ROWS);
      const csv = toCsv([[...CALLS_CSV_COLUMNS], ...rows.map((r) => callCsvRow(toCall(r)))]);
      const span =
        q.from || q.to ? `${q.from ?? 'start'}-to-${q.to ?? dayText(now())}` : dayText(now());
      return { filename: `calls-${span}.csv`, csv };
    },

    async quality(userId: string, q: Range): Promise<MonitoringQuality> {
      const range = window(q, now(), QUALITY_DEFAULT_DAYS);
      const { figures, causes } = await repo.quality(userId, range.from, range.to);
      const countries = figures
        .map((f) => ({
          country: f.country,
          ...figuresOf(
            [f],
            causes.filter((c) => c.country === f.country),
          ),
        }))
        .sort((a, b) => b.calls - a.calls || a.country.localeCompare(b.country));
      return {
        from: range.fromText,
        to: range.toText,
        total: figuresOf(figures, causes),
        countries,
      };
    },

    alerts,

    async saveAlertSettings(userId: string, s: AlertSettings): Promise<MonitoringAlerts> {
      await repo.saveSettings({ userId, ...s });
      return alerts(userId);
    },
  };
}
export type VoiceMonitoringService = ReturnType<typeof createVoiceMonitoringService>;
