import { describe, expect, it } from 'vitest';
import { mailPlanOf } from './mail-plan.js';

const item = (
  features: string[],
  extra: Partial<Parameters<typeof mailPlanOf>[0][number]> = {},
) => ({
  name: 'SMTP',
  features,
  boughtAt: new Date('2026-01-31T10:00:00Z'),
  status: 'active',
  renewsAt: new Date('2026-12-31T10:00:00Z'),
  autoRenew: true,
  ...extra,
});

describe('mailPlanOf', () => {
  const now = new Date('2026-03-15T00:00:00Z');

  it('takes the most generous package, over its own monthly period', () => {
    const plan = mailPlanOf(
      [
        item(['10,000 emails per month'], { name: 'Basic' }),
        item(['100,000 emails per month'], { name: 'Business' }),
      ],
      now,
    );
    expect(plan).toMatchObject({ name: 'Business', monthlyEmails: 100_000 });
    // Bought on 31 January: the period runs from the last day of February.
    expect(plan?.periodStart.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(plan?.periodEnd.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('gives nothing included for a package in grace, but keeps its overage price', () => {
    const plan = mailPlanOf(
      [item(['10,000 emails per month', '£0.80 per 1,000 extra emails'], { status: 'grace' })],
      now,
    );
    expect(plan).toMatchObject({ monthlyEmails: 0, overagePer1000: '0.80' });
  });

  it('is null without an SMTP package', () => {
    expect(mailPlanOf([item(['2000 minutes'])], now)).toBeNull();
    expect(mailPlanOf([], now)).toBeNull();
  });
});
