import { periodStart, voiceAllowanceOf } from '@parley/shared';

export interface IncludedMinutes {
  /** Minutes per billing period: null unlimited, 0 none. */
  minutesPerPeriod: number | null;
  /** When the current period of the plan that gives them started; null with none. */
  periodStart: Date | null;
  usedSeconds: number;
  /** Null unlimited. */
  leftSeconds: number | null;
}

/**
 * The plan whose minutes count: the most generous of the active items (unlimited beats
 * any number), over its own monthly period from the day it was bought.
 */
export function includedPlan(
  items: readonly { features: readonly string[]; boughtAt: Date }[],
  now: Date,
): { minutesPerPeriod: number | null; periodStart: Date | null } {
  const best = items
    .map((i) => ({ minutes: voiceAllowanceOf(i.features).includedMinutes, boughtAt: i.boughtAt }))
    .filter((a) => a.minutes !== 0)
    .sort((a, b) => (a.minutes === null ? -1 : b.minutes === null ? 1 : b.minutes - a.minutes))[0];
  if (!best) return { minutesPerPeriod: 0, periodStart: null };
  return { minutesPerPeriod: best.minutes, periodStart: periodStart(best.boughtAt, now) };
}

/**
 * The included minutes a customer has left now: the plan's allowance less the included
 * seconds of the calls that ended since its period started. Reusable wherever the
 * allowance is shown; the two reads are passed in, so any module's repo can serve them.
 */
export async function includedMinutesLeft(
  reads: {
    activePackages: (userId: string) => Promise<{ features: string[]; boughtAt: Date }[]>;
    includedSecondsSince: (userId: string, since: Date) => Promise<number>;
  },
  userId: string,
  now: Date,
): Promise<IncludedMinutes> {
  const plan = includedPlan(await reads.activePackages(userId), now);
  if (!plan.periodStart) return { ...plan, usedSeconds: 0, leftSeconds: 0 };
  const usedSeconds = await reads.includedSecondsSince(userId, plan.periodStart);
  const leftSeconds =
    plan.minutesPerPeriod === null ? null : Math.max(0, plan.minutesPerPeriod * 60 - usedSeconds);
  return { ...plan, usedSeconds, leftSeconds };
}
