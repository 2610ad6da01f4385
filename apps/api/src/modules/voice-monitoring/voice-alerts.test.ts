import type { AlertSettings } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { alertsFrom } from './voice-alerts.js';

const none: AlertSettings = {
  minBalance: null,
  runwayHours: null,
  failurePercent: null,
  failureWindow: 10,
  notifyCutoffs: false,
  notifyConcurrency: false,
};
const quiet = {
  available: '10',
  spent: '0',
  last: [] as string[],
  cutoffs: { count: 0, lastAt: null as string | null },
};
const kinds = (s: Partial<AlertSettings>, f: Partial<typeof quiet> = {}) =>
  alertsFrom({ ...none, ...s }, { ...quiet, ...f }).list.map((a) => a.kind);

describe('the Alerts tab’s rules', () => {
  it('raises nothing the customer did not ask for', () => {
    expect(kinds({}, { available: '0', spent: '50', last: Array(9).fill('failed') })).toEqual([]);
  });

  it('warns of a balance under the minimum, not at it', () => {
    expect(kinds({ minBalance: '10.00' }, { available: '9.99' })).toEqual(['low_balance']);
    expect(kinds({ minBalance: '10.00' }, { available: '10.00' })).toEqual([]);
  });

  it('reads the runway from the last 7 days’ spending per hour', () => {
    // £16.80 over 168 h is £0.10 an hour: £10 lasts 100 h.
    const { runway } = alertsFrom(none, { ...quiet, spent: '16.80' });
    expect(runway).toEqual({ balance: '10.00', spendPerHour: '0.10', hours: '100.0' });
    expect(kinds({ runwayHours: 101 }, { spent: '16.80' })).toEqual(['low_runway']);
    expect(kinds({ runwayHours: 100 }, { spent: '16.80' })).toEqual([]);
    // Nothing spent: no runway to run out.
    expect(kinds({ runwayHours: 1000 })).toEqual([]);
  });

  it('counts a failure spike only over enough calls', () => {
    const failed = (n: number, of: number): string[] => [
      ...Array(n).fill('failed'),
      ...Array(of - n).fill('ended'),
    ];
    expect(kinds({ failurePercent: 50 }, { last: failed(2, 4) })).toEqual([]);
    expect(kinds({ failurePercent: 50 }, { last: failed(3, 6) })).toEqual(['failure_spike']);
    expect(kinds({ failurePercent: 50 }, { last: failed(2, 6) })).toEqual([]);
  });

  it('tells of cut-offs when asked to', () => {
    const cutoffs = { count: 2, lastAt: '2026-06-15T10:00:00.000Z' };
    expect(kinds({ notifyCutoffs: true }, { cutoffs })).toEqual(['cutoffs']);
    expect(kinds({ notifyCutoffs: false }, { cutoffs })).toEqual([]);
  });
});
