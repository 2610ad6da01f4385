import { describe, expect, it } from 'vitest';
import { toneOf } from '@/components/status-badge';
import { aCall } from '@/test/fake-api';
import {
  CALL_TONES,
  callDurationText,
  costSoFar,
  hasBalanceForCall,
  isKnownCallerId,
  isOpenCall,
  newerCall,
  sandboxOutcome,
  talkSeconds,
  talkTimeText,
  validateCall,
} from './call-rules';

describe('validateCall', () => {
  it('names each empty field by its code', () => {
    expect(validateCall({ callerId: '', destination: '  ' })).toEqual({
      callerId: { code: 'CALLER_ID_REQUIRED' },
      destination: { code: 'DESTINATION_REQUIRED' },
    });
  });

  it('refuses what is not an international number', () => {
    expect(validateCall({ callerId: '12ab', destination: '0' })).toEqual({
      callerId: { code: 'CALLER_ID_INVALID' },
      destination: { code: 'DESTINATION_INVALID' },
    });
  });

  it('accepts numbers with or without the plus and with spaces', () => {
    expect(validateCall({ callerId: '+44 7700 900123', destination: '447400123456' })).toEqual({});
  });
});

describe('hasBalanceForCall', () => {
  it('needs at least £0.10', () => {
    expect(hasBalanceForCall('0.10')).toBe(true);
    expect(hasBalanceForCall('12.5')).toBe(true);
    expect(hasBalanceForCall('0.0999')).toBe(false);
    expect(hasBalanceForCall('0')).toBe(false);
    expect(hasBalanceForCall(undefined)).toBe(false);
  });
});

describe('isKnownCallerId', () => {
  const ids = [{ number: '+447700900123' }];
  it('compares as E.164, however it was typed', () => {
    expect(isKnownCallerId('447700900123', ids)).toBe(true);
    expect(isKnownCallerId('+44 7700 900123', ids)).toBe(true);
    expect(isKnownCallerId('+447700900124', ids)).toBe(false);
    expect(isKnownCallerId('nonsense', ids)).toBe(false);
    expect(isKnownCallerId('+447700900123', undefined)).toBe(false);
  });
});

describe('call status tones (SPEC §4)', () => {
  it('ended is done; failed, busy and no answer did not happen; the rest waits', () => {
    expect(toneOf('ended', CALL_TONES)).toBe('good');
    for (const s of ['failed', 'busy', 'no_answer'] as const)
      expect(toneOf(s, CALL_TONES)).toBe('bad');
    for (const s of ['dialing', 'ringing', 'answered', 'cancelled'] as const)
      expect(toneOf(s, CALL_TONES)).toBe('waiting');
  });

  it('only dialling, ringing and answered calls are open', () => {
    expect(['dialing', 'ringing', 'answered'].every((s) => isOpenCall(s as never))).toBe(true);
    expect(
      ['ended', 'busy', 'no_answer', 'failed', 'cancelled'].some((s) => isOpenCall(s as never)),
    ).toBe(false);
  });
});

describe('newerCall', () => {
  it('keeps the report further along, whichever arrives first', () => {
    const ringing = aCall({ status: 'ringing' });
    const answered = aCall({ status: 'answered' });
    const ended = aCall({ status: 'ended' });
    expect(newerCall(ringing, answered)).toBe(answered);
    expect(newerCall(answered, ringing)).toBe(answered);
    expect(newerCall(ended, answered)).toBe(ended);
    expect(newerCall(undefined, ringing)).toBe(ringing);
    expect(newerCall(ringing, undefined)).toBe(ringing);
  });

  it('on a tie keeps the first (the live event)', () => {
    const a = aCall({ status: 'answered', cost: null });
    const b = aCall({ status: 'answered', cost: '1' });
    expect(newerCall(a, b)).toBe(a);
  });
});

describe('durations', () => {
  it('shows m:ss, 0:00 when missing', () => {
    expect(callDurationText(0)).toBe('0:00');
    expect(callDurationText(null)).toBe('0:00');
    expect(callDurationText(undefined)).toBe('0:00');
    expect(callDurationText(9)).toBe('0:09');
    expect(callDurationText(75)).toBe('1:15');
    expect(callDurationText(3600)).toBe('60:00');
  });

  it('counts whole seconds from the answer, never below zero', () => {
    const answeredAt = '2026-03-01T10:00:00.000Z';
    const at = (ms: number) => Date.parse(answeredAt) + ms;
    expect(talkSeconds(answeredAt, at(0))).toBe(0);
    expect(talkSeconds(answeredAt, at(1999))).toBe(1);
    expect(talkSeconds(answeredAt, at(65_000))).toBe(65);
    // A browser clock behind the server's.
    expect(talkSeconds(answeredAt, at(-3000))).toBe(0);
    expect(talkSeconds(null, at(5000))).toBe(0);
  });

  it('shows the longest call as m:ss under an hour, h:mm:ss from one', () => {
    expect(talkTimeText(0)).toBe('0:00');
    expect(talkTimeText(600)).toBe('10:00');
    expect(talkTimeText(3599)).toBe('59:59');
    expect(talkTimeText(3600)).toBe('1:00:00');
    expect(talkTimeText(4 * 3600 + 61)).toBe('4:01:01');
  });
});

describe('costSoFar', () => {
  it('bills the increments reached so far at the call rate', () => {
    const call = { ratePerMinute: '0.0158', increments: '60/60' };
    expect(costSoFar(call, 0)).toBe('0.0000');
    expect(costSoFar(call, 1)).toBe('0.0158');
    expect(costSoFar(call, 60)).toBe('0.0158');
    expect(costSoFar(call, 61)).toBe('0.0316');
    expect(costSoFar({ ratePerMinute: '0.0600', increments: '1/1' }, 30)).toBe('0.0300');
  });
});

describe('sandboxOutcome', () => {
  it('names what the sandbox does with its test endings', () => {
    expect(sandboxOutcome('+447400120000')).toBe('busy');
    expect(sandboxOutcome('+447400120001')).toBe('noAnswer');
    expect(sandboxOutcome('+44 7400 12 0002')).toBe('failed');
    expect(sandboxOutcome('447400120003')).toBe('farEndHangup');
    expect(sandboxOutcome('+447400123456')).toBeNull();
  });
});
