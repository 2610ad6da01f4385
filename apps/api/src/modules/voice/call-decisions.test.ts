import { describe, expect, it } from 'vitest';
import { decideCall, lateAnswer, settlementOf, voicePlanSuspended } from './call-decisions.js';
import type { AccountState, CallRow } from './calls.repo.js';

const state = (over: Partial<AccountState> = {}): AccountState => ({
  balance: '1.0000',
  held: '0',
  disabled: false,
  openCalls: 0,
  includedHeld: 0,
  includedUsed: 0,
  ...over,
});
const price = {
  country: 'GB',
  price: '0.0150',
  priceCurrency: 'USD',
  rate: '0.79',
  ratePerMinute: '0.0119',
};
const decide = (s: AccountState, includedSeconds: number | null = 0, concurrentCalls = 2) =>
  decideCall(s, {
    allowance: { includedSeconds, periodStart: null, concurrentCalls },
    price,
    increments: { first: 60, next: 60 },
    incrementsText: '60/60',
    values: {
      callerId: '+1',
      destination: '+2',
      status: 'dialing',
      gateway: 'sandbox',
      deadlineAt: new Date(),
    },
  });

describe('deciding a call', () => {
  it('holds what the longest affordable call would cost', () => {
    const d = decide(state());
    // £1.00 at £0.0119: 84 whole minutes, held at 84 × 0.0119.
    expect(d).toMatchObject({ ok: true, call: { maxSeconds: 5040, hold: '0.9996' } });
  });

  it('counts other calls’ holds: only what is left can be held', () => {
    expect(decide(state({ held: '0.9500' }))).toEqual({
      ok: false,
      refusal: 'INSUFFICIENT_BALANCE',
    });
    expect(decide(state({ held: '0.9000' }))).toMatchObject({
      ok: true,
      call: { maxSeconds: 480 },
    });
  });

  it('refuses under £0.10, at the line limit, and a suspended account', () => {
    expect(decide(state({ balance: '0.0999' }))).toMatchObject({ refusal: 'INSUFFICIENT_BALANCE' });
    expect(decide(state({ openCalls: 2 }))).toMatchObject({ refusal: 'CONCURRENT_CALL_LIMIT' });
    expect(decide(state({ disabled: true }))).toMatchObject({ refusal: 'ACCOUNT_DISABLED' });
  });

  it("limits a trunk's call by the trunk's channels, not the plan's lines", () => {
    const trunk = (open: number, channels: number) =>
      decideCall(state({ openCalls: open }), {
        allowance: { includedSeconds: 0, periodStart: null, concurrentCalls: 2 },
        price,
        increments: { first: 60, next: 60 },
        incrementsText: '60/60',
        channels,
        values: {
          callerId: '+1',
          destination: '+2',
          status: 'dialing',
          gateway: 'sip',
          deadlineAt: new Date(),
        },
      });
    expect(trunk(2, 3)).toMatchObject({ ok: true });
    expect(trunk(3, 3)).toMatchObject({ ok: false, refusal: 'CONCURRENT_CALL_LIMIT' });
    expect(trunk(1, 1)).toMatchObject({ ok: false, refusal: 'CONCURRENT_CALL_LIMIT' });
  });

  it('reserves included seconds first, and holds only the rest', () => {
    // 2000 minutes a period, 1990 used, 5 reserved by a call in progress: 5 minutes left.
    const d = decide(state({ includedUsed: 1990 * 60, includedHeld: 5 * 60 }), 2000 * 60);
    expect(d).toMatchObject({ ok: true, call: { includedHeld: 300, maxSeconds: 5340 } });
    if (d.ok) expect(d.call.hold).toBe('0.9996');
    const unlimited = decide(state(), null);
    expect(unlimited).toMatchObject({ ok: true, call: { includedHeld: null, hold: '0.0000' } });
  });
});

describe("a call under the customer's spending limits", () => {
  const limits = {
    dailySpendCap: null,
    smsCountries: null,
    voiceCountries: null,
    maxSmsPrice: null,
    maxMinutePrice: null,
  };

  it('is refused outside the countries for calls, or above the price a minute', () => {
    expect(decide(state({ limits: { ...limits, voiceCountries: ['DE'] } }))).toEqual({
      ok: false,
      refusal: { code: 'GUARDRAIL_COUNTRY', params: { service: 'voice', country: 'GB' } },
    });
    // The SMS list says nothing about calls.
    expect(decide(state({ limits: { ...limits, smsCountries: ['DE'] } })).ok).toBe(true);
    expect(decide(state({ limits: { ...limits, maxMinutePrice: '0.0118' } }))).toMatchObject({
      refusal: { code: 'GUARDRAIL_PRICE', params: { price: '0.0119', limit: '0.0118' } },
    });
    expect(decide(state({ limits: { ...limits, maxMinutePrice: '0.0119' } })).ok).toBe(true);
  });

  it('is shortened by the daily cap as by the balance, counting holds and debits', () => {
    // £0.05 left of a £0.10 cap after £0.03 spent and £0.02 held: 4 minutes at £0.0119.
    const capped = state({
      limits: { ...limits, dailySpendCap: '0.10' },
      netDebits: '0.03',
      held: '0.02',
    });
    expect(decide(capped)).toMatchObject({ ok: true, call: { maxSeconds: 240, hold: '0.0476' } });
    // A cap above the balance changes nothing.
    const loose = state({ limits: { ...limits, dailySpendCap: '50' } });
    expect(decide(loose)).toMatchObject({ ok: true, call: { maxSeconds: 5040 } });
  });

  it('is refused when the cap leaves less than one increment', () => {
    const capped = state({ limits: { ...limits, dailySpendCap: '0.10' }, netDebits: '0.0900' });
    expect(decide(capped)).toEqual({
      ok: false,
      refusal: {
        code: 'GUARDRAIL_DAILY_CAP',
        params: { cap: '0.10', spent: '0.0900', remaining: '0.0100' },
      },
    });
    // Included minutes cost nothing: the cap does not stop them.
    expect(decide(capped, 600).ok).toBe(true);
  });
});

const row = (over: Partial<CallRow> = {}) =>
  ({
    id: 'c',
    ratePerMinute: '0.0119',
    increments: '60/60',
    maxSeconds: 600,
    hold: '0.1190',
    includedHeld: 0,
    answeredAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  }) as CallRow;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe('settling a call', () => {
  it('bills talk time in increments, rounded up to the fourth decimal', () => {
    expect(settlementOf(row(), { at: at(61), cause: 'normal', by: 'caller' })).toMatchObject({
      status: 'ended',
      duration: 61,
      billableSeconds: 120,
      cost: '0.0238',
    });
  });

  it('never bills past the maximum the hold covers', () => {
    const s = settlementOf(row(), { at: at(3600), cause: 'normal', by: 'callee' });
    expect(s).toMatchObject({ duration: 600, billableSeconds: 600, cost: '0.1190' });
  });

  it('takes included seconds first', () => {
    const s = settlementOf(row({ includedHeld: 60 }), {
      at: at(90),
      cause: 'normal',
      by: 'caller',
    });
    expect(s).toMatchObject({ billableSeconds: 120, includedSeconds: 60, cost: '0.0119' });
  });

  it.each([
    ['busy', 'busy'],
    ['no_answer', 'no_answer'],
    ['failed', 'failed'],
    ['normal', 'cancelled'],
  ])('an unanswered call ending %s is %s and free', (cause, status) => {
    const s = settlementOf(row({ answeredAt: null }), { at: at(30), cause, by: 'caller' });
    expect(s).toMatchObject({ status, duration: 0, billableSeconds: 0, cost: '0' });
  });

  it("uses the edge's answer time, and its quality figures", () => {
    const s = settlementOf(row({ answeredAt: null }), {
      at: at(30),
      answeredAt: at(0),
      cause: 'normal',
      by: 'callee',
      quality: { jitterMs: 2.5, lossPercent: 0.1, mos: 4.25 },
    });
    expect(s).toMatchObject({ status: 'ended', duration: 30, jitterMs: '2.50', mos: '4.25' });
  });
});

describe('an answer reported after the call was settled unanswered', () => {
  const settled = (over: Partial<CallRow> = {}) =>
    row({
      status: 'no_answer',
      answeredAt: null,
      lateReportAt: null,
      edgeCallId: 'e',
      createdAt: at(0),
      ...over,
    });
  const late = (r: CallRow, balance: string, held = '0', answeredAt = at(5)) =>
    lateAnswer(r, { answeredAt, at: at(900), balance, held, graceMs: 30_000 });

  it('opens it again with its hold, and a deadline leaving the end time to arrive', () => {
    expect(late(settled(), '5.0000')).toEqual({
      answeredAt: at(5),
      lateReportAt: at(900),
      // The answer plus its maximum (605 s) has passed: the grace from now.
      deadlineAt: at(930),
      hold: '0.1190',
    });
  });

  it('holds only what the balance still covers after other holds, never below zero', () => {
    expect(late(settled(), '0.1000', '0.0400')?.hold).toBe('0.0600');
    expect(late(settled(), '0.1000', '0.1000')?.hold).toBe('0');
  });

  it('never before the call was placed; never twice, nor for a call open or answered', () => {
    expect(late(settled({ createdAt: at(10) }), '1', '0', at(2))?.answeredAt).toEqual(at(10));
    expect(late(settled({ lateReportAt: at(800) }), '1')).toBeNull();
    expect(late(settled({ status: 'answered' }), '1')).toBeNull();
    expect(late(settled({ status: 'ended', answeredAt: at(1) }), '1')).toBeNull();
    expect(late(settled({ edgeCallId: null }), '1')).toBeNull();
  });

  it('records what the hold did not cover of a late call, not of others', () => {
    const end = { at: at(65), cause: 'normal', by: 'caller', answeredAt: at(5) };
    const short = row({ hold: '0.0100', lateReportAt: at(900) });
    expect(settlementOf(short, end)).toMatchObject({ cost: '0.0100', uncharged: '0.0019' });
    expect(settlementOf(row({ hold: '0.0100' }), end)).toMatchObject({ uncharged: null });
  });
});

describe('a suspended calling plan', () => {
  it('stops calls only when every voice plan is suspended', () => {
    expect(voicePlanSuspended(['suspended'])).toBe(true);
    expect(voicePlanSuspended(['suspended', 'suspended'])).toBe(true);
    // Another plan still in service (or in grace) keeps the customer calling.
    expect(voicePlanSuspended(['suspended', 'active'])).toBe(false);
    expect(voicePlanSuspended(['grace', 'suspended'])).toBe(false);
    // No voice plan at all is pay-as-you-go, not suspended.
    expect(voicePlanSuspended([])).toBe(false);
    expect(voicePlanSuspended(['active'])).toBe(false);
  });
});
