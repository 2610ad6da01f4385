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

  it('takes the most generous plan and its own period', () => {
    const bought = new Date('2026-01-31T10:00:00Z');
    const a = planAllowance(
      [
        { features: ['2000 minutes', '10 concurrent calls'], boughtAt: new Date('2026-03-05') },
        { features: ['5000 minutes', '25 concurrent calls'], boughtAt: bought },
        { features: ['50 concurrent calls'], boughtAt: bought },
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
