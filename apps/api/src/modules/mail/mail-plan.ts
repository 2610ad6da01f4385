import {
  grantsAllowance,
  type MailAllowance,
  mailAllowanceOf,
  monthlyPeriodAt,
  monthlyPeriodStart,
  type PlanItem,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';

export interface MailPackage extends PlanItem {
  name: string;
}

export interface MailPlanNow extends MailAllowance {
  name: string;
  periodStart: Date;
  periodEnd: Date;
}

const rank = (a: MailAllowance) =>
  a.monthlyEmails === null ? Number.POSITIVE_INFINITY : a.monthlyEmails;

/**
 * What the customer's SMTP packages in service give now: the most generous one's
 * allowance over its own monthly period. A package in grace (its renewal unpaid) still
 * sends, but its period includes nothing: every recipient is overage. Null without one.
 */
export function mailPlanOf(items: readonly MailPackage[], now: Date): MailPlanNow | null {
  const read = items
    .map((item) => {
      const allowance = mailAllowanceOf(item.features);
      if (!allowance) return null;
      const paid = grantsAllowance(item, now);
      return { item, allowance: paid ? allowance : { ...allowance, monthlyEmails: 0 } };
    })
    .filter((r) => r !== null)
    .sort((a, b) => rank(b.allowance) - rank(a.allowance));
  const best = read[0];
  if (!best) return null;
  const n = monthlyPeriodAt(best.item.boughtAt, now);
  return {
    ...best.allowance,
    name: best.item.name,
    periodStart: monthlyPeriodStart(best.item.boughtAt, n),
    periodEnd: monthlyPeriodStart(best.item.boughtAt, n + 1),
  };
}

/** A check that throws MAIL_PACKAGE_REQUIRED unless the customer has an SMTP package in service. */
export const packageRequired =
  (packages: (userId: string) => Promise<MailPackage[]>, now: () => Date) =>
  async (userId: string) => {
    if (!mailPlanOf(await packages(userId), now()))
      throw new AppError('MAIL_PACKAGE_REQUIRED', 'This needs an SMTP package in service.');
  };
