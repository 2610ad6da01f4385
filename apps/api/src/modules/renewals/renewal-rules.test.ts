import { describe, expect, it } from 'vitest';
import { autoRenewChange, type RenewalState, reactivation, renewalStep } from './renewal-rules.js';

const DAY = 86_400_000;
const settings = { graceMs: 7 * DAY, releaseMs: 30 * DAY, reminderMs: 5 * DAY };
const at = (iso: string) => new Date(iso);
const base: RenewalState = {
  status: 'active',
  createdAt: at('2026-01-31T10:00:00.000Z'),
  renewsAt: at('2026-02-28T10:00:00.000Z'),
  paidThrough: 0,
  autoRenew: true,
  graceUntil: null,
  retryAt: null,
  suspendedAt: null,
};

describe('renewalStep', () => {
  it('does nothing before the renewal date', () => {
    expect(renewalStep(base, at('2026-02-28T09:59:59.999Z'), true, settings)).toEqual({
      kind: 'none',
    });
  });

  it('charges the next period on the date and renews on the anchor day again', () => {
    expect(renewalStep(base, at('2026-02-28T10:00:00.000Z'), true, settings)).toEqual({
      kind: 'charge',
      period: 1,
      renewsAt: at('2026-03-31T10:00:00.000Z'),
    });
  });

  it('enters grace when the balance is short, from the failed charge', () => {
    const now = at('2026-03-02T00:00:00.000Z');
    expect(renewalStep(base, now, false, settings)).toEqual({
      kind: 'grace',
      graceUntil: at('2026-03-09T00:00:00.000Z'),
      retryAt: at('2026-03-03T00:00:00.000Z'),
    });
  });

  it('ends an item whose renewal is off, at the end of its paid period', () => {
    const off = { ...base, autoRenew: false };
    expect(renewalStep(off, at('2026-03-01T00:00:00.000Z'), true, settings)).toEqual({
      kind: 'end',
      at: base.renewsAt,
      why: 'ended',
    });
  });

  describe('in grace', () => {
    const grace: RenewalState = {
      ...base,
      status: 'grace',
      graceUntil: at('2026-03-07T10:00:00.000Z'),
      retryAt: at('2026-03-01T10:00:00.000Z'),
    };
    it('waits for the daily retry, unless money arrived', () => {
      const now = at('2026-03-01T09:00:00.000Z');
      expect(renewalStep(grace, now, true, settings).kind).toBe('none');
      expect(renewalStep(grace, now, true, settings, true).kind).toBe('charge');
    });
    it('retries a day later while short, and suspends when grace is over', () => {
      const now = at('2026-03-01T10:00:00.000Z');
      expect(renewalStep(grace, now, false, settings)).toEqual({
        kind: 'retry-later',
        retryAt: at('2026-03-02T10:00:00.000Z'),
      });
      expect(renewalStep(grace, at('2026-03-07T10:00:00.000Z'), false, settings)).toEqual({
        kind: 'suspend',
        at: grace.graceUntil,
      });
      // Paid at the last moment: charged, not suspended.
      expect(renewalStep(grace, at('2026-03-07T10:00:00.000Z'), true, settings).kind).toBe(
        'charge',
      );
    });
  });

  it('releases a suspended item after the suspension period', () => {
    const suspended: RenewalState = {
      ...base,
      status: 'suspended',
      suspendedAt: at('2026-03-07T10:00:00.000Z'),
    };
    expect(renewalStep(suspended, at('2026-04-06T09:59:59.000Z'), true, settings).kind).toBe(
      'none',
    );
    expect(renewalStep(suspended, at('2026-04-06T10:00:00.000Z'), true, settings)).toEqual({
      kind: 'end',
      at: at('2026-04-06T10:00:00.000Z'),
      why: 'released',
    });
  });

  it('reactivates a suspended item when money arrives, paying the period running now', () => {
    const suspended: RenewalState = {
      ...base,
      status: 'suspended',
      suspendedAt: at('2026-03-07T10:00:00.000Z'),
    };
    const now = at('2026-04-02T00:00:00.000Z'); // in the period that began 31 March
    expect(renewalStep(suspended, now, true, settings).kind).toBe('none');
    expect(renewalStep(suspended, now, false, settings, true).kind).toBe('none');
    expect(renewalStep(suspended, now, true, settings, true)).toEqual({
      kind: 'charge',
      period: 2,
      renewsAt: at('2026-04-30T10:00:00.000Z'),
    });
  });

  it('leaves an ended item alone', () => {
    const ended = { ...base, status: 'cancelled' as const, renewsAt: null };
    expect(renewalStep(ended, at('2027-01-01T00:00:00.000Z'), true, settings).kind).toBe('none');
  });
});

describe('switching renewal', () => {
  it('refuses a one-off or ended item, ends one unpaid when switched off, else sets it', () => {
    expect(autoRenewChange({ renewalCharge: null, status: 'active' }, true)).toBe('refused');
    expect(autoRenewChange({ renewalCharge: '5.00', status: 'cancelled' }, true)).toBe('refused');
    expect(autoRenewChange({ renewalCharge: '5.00', status: 'grace' }, false)).toBe('end');
    expect(autoRenewChange({ renewalCharge: '5.00', status: 'suspended' }, false)).toBe('end');
    expect(autoRenewChange({ renewalCharge: '5.00', status: 'active' }, false)).toBe('set');
    expect(autoRenewChange({ renewalCharge: '5.00', status: 'grace' }, true)).toBe('set');
  });
});

describe('reactivation', () => {
  const unpaid = { ...base, renewalCharge: '5.00', status: 'grace' as const, paidThrough: 0 };

  it('pays the unpaid period of an item in grace and renews from the anniversary', () => {
    expect(reactivation(unpaid, '5.00', at('2026-03-01T00:00:00.000Z'))).toEqual({
      ok: true,
      amount: '5.00',
      period: 1,
      renewsAt: at('2026-03-31T10:00:00.000Z'),
    });
  });

  it('refuses an item that is neither in grace nor suspended, or does not renew', () => {
    expect(reactivation({ ...unpaid, status: 'active' }, '9', at('2026-03-01T00:00:00Z'))).toEqual({
      ok: false,
      refusal: 'state',
    });
    expect(
      reactivation({ ...unpaid, renewalCharge: null }, '9', at('2026-03-01T00:00:00Z')),
    ).toEqual({ ok: false, refusal: 'state' });
  });

  it('refuses when the available balance does not cover one period', () => {
    expect(reactivation(unpaid, '4.99', at('2026-03-01T00:00:00.000Z'))).toEqual({
      ok: false,
      refusal: 'balance',
      amount: '5.00',
    });
  });
});
