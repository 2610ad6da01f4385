import { describe, expect, it } from 'vitest';
import type { VoiceMonitoringRepo } from './voice-monitoring.repo.js';
import { createVoiceMonitoringService } from './voice-monitoring.service.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');

/** A repo answering the alert reads with fixed figures, noting what it was asked. */
function fakeRepo(over: Partial<VoiceMonitoringRepo> = {}) {
  const asked: { since?: Date; window?: number; limit?: number } = {};
  const repo = {
    settings: async () => null,
    available: async () => '12.5000',
    spentSince: async (_u: string, since: Date) => {
      asked.since = since;
      return '0';
    },
    lastFinished: async (_u: string, n: number) => {
      asked.window = n;
      return ['failed', 'failed', 'failed', 'failed'];
    },
    cutoffsSince: async () => ({ count: 0, lastAt: null }),
    activePackages: async () => [
      {
        features: ['10 concurrent calls', '2000 minutes'],
        boughtAt: new Date('2026-01-01'),
        status: 'active',
        renewsAt: new Date('2026-07-01'),
        autoRenew: true,
      },
    ],
    limitReachedSince: async (_u: string, _s: Date, limit: number) => {
      asked.limit = limit;
      return { count: 0, lastAt: null };
    },
    ...over,
  } as unknown as VoiceMonitoringRepo;
  return { repo, asked };
}

describe('alerts', () => {
  it('looks back 7 days with the default window, and the plan gives the concurrency limit', async () => {
    const { repo, asked } = fakeRepo();
    const result = await createVoiceMonitoringService({ repo, now: () => NOW }).alerts('u1');
    expect(asked).toEqual({
      since: new Date('2026-06-08T12:00:00.000Z'),
      window: 20,
      limit: 10,
    });
    // Nothing spent: no runway to speak of. Four failures of four are too few to be a spike.
    expect(result.runway).toEqual({ balance: '12.50', spendPerHour: '0.00', hours: null });
    expect(result.alerts).toEqual([]);
  });

  it('counts a spike from five finished calls, at the threshold exactly', async () => {
    const { repo } = fakeRepo({
      lastFinished: async () => ['failed', 'ended', 'failed', 'busy', 'ended', 'ended'],
      settings: async () => ({
        userId: 'u1',
        minBalance: null,
        runwayHours: null,
        failurePercent: 33,
        failureWindow: 6,
        notifyCutoffs: true,
        notifyConcurrency: false,
        updatedAt: NOW,
      }),
    });
    const result = await createVoiceMonitoringService({ repo, now: () => NOW }).alerts('u1');
    // 2 of 6 is 33.3 %: at or above 33 %.
    expect(result.alerts).toEqual([
      { kind: 'failure_spike', failed: 2, calls: 6, percent: '33.3', thresholdPercent: 33 },
    ]);
  });

  it('never reports a negative balance, and a spent-out balance has no runway left', async () => {
    const { repo } = fakeRepo({
      available: async () => '-0.0100',
      spentSince: async () => '16.8000',
    });
    const result = await createVoiceMonitoringService({ repo, now: () => NOW }).alerts('u1');
    expect(result.runway).toEqual({ balance: '0.00', spendPerHour: '0.10', hours: '0.0' });
    expect(result.alerts).toEqual([
      {
        kind: 'low_runway',
        balance: '0.00',
        spendPerHour: '0.10',
        hours: '0.0',
        thresholdHours: 24,
      },
    ]);
  });
});
