import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/event-bus.js';
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
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<{ notified: number; cleared: number }> | null = null;
  let stopped = false;

  async function pass() {
    let cleared = 0;
    for (let more = true; more && !stopped; ) {
      const n = await deps.repo.clearRecovered(BATCH);
      cleared += n;
      more = n === BATCH;
    }
    let notified = 0;
    for (let more = true; more && !stopped; ) {
      const notices = await deps.repo.notifyLow(now(), BATCH);
      // Told after the commit: a stream never hears of a notice that is not there.
      for (const n of notices) deps.events.publish({ type: 'notification.created', data: n });
      notified += notices.length;
      more = notices.length === BATCH;
    }
    if (notified > 0) deps.log.info({ notified }, 'low-balance alerts');
    return { notified, cleared };
  }

  /** One pass now (or the one under way). */
  function runOnce() {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    runOnce()
      .catch((err: unknown) => deps.log.error({ err }, 'low-balance job failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
      });
  }

  return {
    runOnce,
    start() {
      stopped = false;
      if (!timer && !running) tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
export type LowBalanceJob = ReturnType<typeof createLowBalanceJob>;
