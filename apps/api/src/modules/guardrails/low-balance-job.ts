import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/event-bus.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { GuardrailsRepo } from './guardrails.repo.js';

const BATCH = 500;

/**
 * The low-balance alert: every `intervalMs`, customers whose balance fell under their
 * alert are told once (a notice, by email too), and those back at or above it are
 * cleared, so each crossing is told once. Every instance runs it; the flag's update is
 * the claim, so a customer is never told twice for one crossing.
 */
export function createLowBalanceJob(deps: {
  repo: Pick<GuardrailsRepo, 'notifyLow' | 'clearRecovered'>;
  events: EventBus;
  intervalMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function pass() {
    let cleared = 0;
    for (let more = true; more; ) {
      const n = await deps.repo.clearRecovered(BATCH);
      cleared += n;
      more = n === BATCH;
    }
    let notified = 0;
    for (let more = true; more; ) {
      const notices = await deps.repo.notifyLow(now(), BATCH);
      // Told after the commit: a stream never hears of a notice that is not there.
      for (const n of notices) deps.events.publish({ type: 'notification.created', data: n });
      notified += notices.length;
      more = notices.length === BATCH;
    }
    if (notified > 0) deps.log.info({ notified }, 'low-balance alerts');
    return { notified, cleared };
  }

  return createPeriodicJob({
    name: 'low-balance job',
    intervalMs: deps.intervalMs,
    pass,
    log: deps.log,
  });
}
export type LowBalanceJob = ReturnType<typeof createLowBalanceJob>;
