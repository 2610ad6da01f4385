import {
  ALERT_WINDOW_DAYS,
  type Alert,
  type AlertSettings,
  compareDecimal,
  DEFAULT_ALERT_SETTINGS,
  divide,
  FAILURE_SPIKE_MIN_CALLS,
  type MonitoringAlerts,
  moneyText,
  multiply,
} from '@parley/shared';
import type { AlertSettingsRow } from './voice-monitoring.repo.js';

/** a ÷ b in percent with one decimal, null when b is 0. */
export const percent = (a: number, b: number) =>
  b === 0 ? null : divide(String(a * 100), String(b), 1, 'half-up');

export function settingsOf(row: AlertSettingsRow | null): AlertSettings {
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return {
    minBalance: row.minBalance === null ? null : moneyText(row.minBalance),
    runwayHours: row.runwayHours,
    failurePercent: row.failurePercent,
    failureWindow: row.failureWindow,
    notifyCutoffs: row.notifyCutoffs,
    notifyConcurrency: row.notifyConcurrency,
  };
}

/**
 * The runway and the alerts the customer's figures over the alert window raise (all but
 * the concurrency alert, which needs another read): the rules of the Alerts tab.
 */
export function alertsFrom(
  settings: AlertSettings,
  f: {
    /** Available balance. */
    available: string;
    /** What calls ended in the window cost. */
    spent: string;
    /** Statuses of the last finished calls, newest first. */
    last: string[];
    cutoffs: { count: number; lastAt: string | null };
  },
): { runway: MonitoringAlerts['runway']; list: Alert[] } {
  const { available, spent, last, cutoffs } = f;
  const balance = moneyText(compareDecimal(available, '0') < 0 ? '0' : available);
  const hoursInWindow = String(ALERT_WINDOW_DAYS * 24);
  const spending = compareDecimal(spent, '0') > 0;
  const hours = spending
    ? divide(multiply(balance, hoursInWindow, 4, 'down'), spent, 1, 'down')
    : null;
  const runway = {
    balance,
    spendPerHour: moneyText(divide(spent, hoursInWindow, 4, 'half-up')),
    hours,
  };
  const list: Alert[] = [];
  if (settings.minBalance !== null && compareDecimal(balance, settings.minBalance) < 0)
    list.push({ kind: 'low_balance', balance, minBalance: settings.minBalance });
  if (
    settings.runwayHours !== null &&
    hours !== null &&
    compareDecimal(hours, String(settings.runwayHours)) < 0
  )
    list.push({ kind: 'low_runway', ...runway, hours, thresholdHours: settings.runwayHours });
  const failed = last.filter((s) => s === 'failed').length;
  if (
    settings.failurePercent !== null &&
    last.length >= FAILURE_SPIKE_MIN_CALLS &&
    failed * 100 >= settings.failurePercent * last.length
  )
    list.push({
      kind: 'failure_spike',
      failed,
      calls: last.length,
      percent: percent(failed, last.length) ?? '0.0',
      thresholdPercent: settings.failurePercent,
    });
  if (settings.notifyCutoffs && cutoffs.count > 0 && cutoffs.lastAt)
    list.push({ kind: 'cutoffs', count: cutoffs.count, lastAt: cutoffs.lastAt });
  return { runway, list };
}
