import { describe, expect, it } from 'vitest';
import {
  callDurationText,
  callerIdProblem,
  concurrentLimit,
  destinationProblem,
  e164,
  periodStart,
  planAllowance,
  voiceAllowanceOf,
} from './voice-rules.js';

describe('the call form', () => {
  it('reports the spec’s problems by code', () => {
    expect(callerIdProblem(' ')).toEqual({ code: 'CALLER_ID_REQUIRED' });
    expect(callerIdProblem('12ab')).toEqual({ code: 'CALLER_ID_INVALID' });
    expect(callerIdProblem('+44 7400 (111) 222')).toBeNull();
    expect(destinationProblem('')).toEqual({ code: 'DESTINATION_REQUIRED' });
    expect(destinationProblem('+0123')).toEqual({ code: 'DESTINATION_INVALID' });
    expect(e164('44 7400-111222')).toBe('+447400111222');
  });

  it('shows durations as m:ss, 0:00 when missing', () => {
    expect(callDurationText(null)).toBe('0:00');
    expect(callDurationText(5)).toBe('0:05');
    expect(callDurationText(754)).toBe('12:34');
  });
});

describe('voice allowances from catalogue features', () => {
  it('reads minutes and concurrent calls, unlimited included', () => {
    expect(voiceAllowanceOf(['2000 minutes', '10 concurrent calls'])).toEqual({
      includedMinutes: 2000,
      concurrentCalls: 10,
    });
    expect(voiceAllowanceOf(['Unlimited minutes', '100 concurrent calls'])).toEqual({
      includedMinutes: null,
      concurrentCalls: 100,
    });
    expect(voiceAllowanceOf(['Unlimited concurrent calls', 'Unlimited inbound minutes'])).toEqual({
      includedMinutes: 0,
      concurrentCalls: 1000,
    });
    expect(concurrentLimit([])).toBe(2);
  });

  /** An item paid up to `renewsAt` (one month after its purchase). */
  const paid = (features: string[], boughtAt: Date) => ({
    features,
    boughtAt,
    status: 'active',
    renewsAt: new Date('2026-04-30T00:00:00Z'),
    autoRenew: true,
  });

  it('takes the most generous plan and its own period', () => {
    const bought = new Date('2026-01-31T10:00:00Z');
    const a = planAllowance(
      [
        paid(['2000 minutes', '10 concurrent calls'], new Date('2026-03-05')),
        paid(['5000 minutes', '25 concurrent calls'], bought),
        paid(['50 concurrent calls'], bought),
      ],
      new Date('2026-03-10T00:00:00Z'),
    );
    expect(a).toEqual({
      includedSeconds: 5000 * 60,
      periodStart: new Date('2026-02-28T10:00:00Z'),
      concurrentCalls: 50,
    });
    expect(planAllowance([], new Date())).toEqual({
      includedSeconds: 0,
      periodStart: null,
      concurrentCalls: 2,
    });
  });

  it('gives no included minutes for an unpaid period; the plan’s lines still count', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    // Renewal of 1 March failed: in grace, the period running now is unpaid.
    const grace = {
      features: ['Unlimited minutes', '25 concurrent calls'],
      boughtAt: new Date('2026-02-01T00:00:00Z'),
      status: 'grace',
      renewsAt: new Date('2026-03-01T00:00:00Z'),
      autoRenew: true,
    };
    expect(planAllowance([grace], now)).toEqual({
      includedSeconds: 0,
      periodStart: null,
      concurrentCalls: 25,
    });
    const starter = paid(['2000 minutes'], new Date('2026-02-20T00:00:00Z'));
    expect(planAllowance([grace, starter], now)).toEqual({
      includedSeconds: 2000 * 60,
      periodStart: new Date('2026-02-20T00:00:00Z'),
      concurrentCalls: 25,
    });
    // Renewal switched off: the paid period ended on 1 March, nothing after it.
    const off = { ...grace, status: 'active', autoRenew: false };
    expect(planAllowance([off], now).includedSeconds).toBe(0);
  });

  it('starts periods on the monthly anniversary, the 31st on shorter months’ last day', () => {
    const anchor = new Date('2026-01-31T12:00:00Z');
    expect(periodStart(anchor, new Date('2026-01-31T13:00:00Z'))).toEqual(anchor);
    expect(periodStart(anchor, new Date('2026-02-28T11:00:00Z'))).toEqual(anchor);
    expect(periodStart(anchor, new Date('2026-02-28T12:00:00Z'))).toEqual(
      new Date('2026-02-28T12:00:00Z'),
    );
    expect(periodStart(anchor, new Date('2026-04-15T00:00:00Z'))).toEqual(
      new Date('2026-03-31T12:00:00Z'),
    );
    expect(periodStart(anchor, new Date('2027-02-01T00:00:00Z'))).toEqual(
      new Date('2027-01-31T12:00:00Z'),
    );
  });
});
