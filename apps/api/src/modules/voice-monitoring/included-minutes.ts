import { type PlanItem, planAllowance } from '@parley/shared';

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
 * The included minutes a customer has left now: the plan allowance (`planAllowance`, the
 * rule calls are authorised by; a plan in grace gives none) less the included seconds of the calls that ended since
 * its period started. The two reads are passed in, so any module's repo can serve them.
 * Calls in progress still hold their included seconds; those show once they end.
 */
export async function includedMinutesLeft(
  reads: {
    activePackages: (userId: string) => Promise<PlanItem[]>;
    includedSecondsSince: (userId: string, since: Date) => Promise<number>;
  },
  userId: string,
  now: Date,
): Promise<IncludedMinutes> {
  const plan = planAllowance(await reads.activePackages(userId), now);
  const minutesPerPeriod = plan.includedSeconds === null ? null : plan.includedSeconds / 60;
  if (!plan.periodStart)
    return { minutesPerPeriod, periodStart: null, usedSeconds: 0, leftSeconds: 0 };
  const usedSeconds = await reads.includedSecondsSince(userId, plan.periodStart);
  const leftSeconds =
    plan.includedSeconds === null ? null : Math.max(0, plan.includedSeconds - usedSeconds);
  return { minutesPerPeriod, periodStart: plan.periodStart, usedSeconds, leftSeconds };
}
