import type { DomainEvent } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../lib/event-bus.js';
import type { LowBalanceNotice } from './guardrails.repo.js';
import { createLowBalanceJob } from './low-balance-job.js';

const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** Customers under their alert, told at most once each, as the flag's update claims them. */
function fakeRepo(under: string[], told: string[] = []) {
  const notified = new Set(told);
  let ids = 0;
  return {
    notified,
    async notifyLow(_at: Date, batch: number): Promise<LowBalanceNotice[]> {
      const claim = under.filter((u) => !notified.has(u)).slice(0, batch);
      for (const u of claim) notified.add(u);
      return claim.map((userId) => ({ userId, id: `n${++ids}`, code: 'balance.low' }));
    },
    async clearRecovered(batch: number) {
      const back = [...notified].filter((u) => !under.includes(u)).slice(0, batch);
      for (const u of back) notified.delete(u);
      return back.length;
    },
  };
}

describe('the low-balance job', () => {
  it('tells each customer under the alert once, in batches, and publishes each notice', async () => {
    const users = Array.from({ length: 1200 }, (_, i) => `u${i}`);
    const repo = fakeRepo(users);
    const events = createEventBus();
    const heard: DomainEvent[] = [];
    events.subscribe((e) => heard.push(e));
    const job = createLowBalanceJob({ repo, events, intervalMs: 60_000, log });
    expect(await job.runOnce()).toEqual({ notified: 1200, cleared: 0 });
    expect(heard).toHaveLength(1200);
    expect(heard[0]).toEqual({
      type: 'notification.created',
      data: { userId: 'u0', id: 'n1', code: 'balance.low' },
    });
    expect(await job.runOnce()).toEqual({ notified: 0, cleared: 0 });
  });

  it('clears those back above the alert, so their next crossing is told', async () => {
    const repo = fakeRepo(['a'], ['a', 'b']);
    const job = createLowBalanceJob({ repo, events: createEventBus(), intervalMs: 60_000, log });
    expect(await job.runOnce()).toEqual({ notified: 0, cleared: 1 });
    expect([...repo.notified]).toEqual(['a']);
  });

  it('stops between passes and does not start another after stop', async () => {
    vi.useFakeTimers();
    const repo = fakeRepo([]);
    const spy = vi.spyOn(repo, 'notifyLow');
    const job = createLowBalanceJob({ repo, events: createEventBus(), intervalMs: 1000, log });
    job.start();
    await vi.advanceTimersByTimeAsync(2500);
    const runs = spy.mock.calls.length;
    expect(runs).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(spy.mock.calls.length).toBe(runs);
    vi.useRealTimers();
  });
});
