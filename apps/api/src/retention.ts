import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import { createRetentionJob, type PruneTask } from './lib/retention-job.js';
import type { ModuleSetup } from './plugins/module-setup.js';

/**
 * Prunes expired quotes, old events and expired Idempotency-Keys on every instance, from
 * start to close.
 */
export function setUpRetention(
  config: Config,
  log: FastifyInstance['log'],
  prune: { quotes: PruneTask['prune']; events: PruneTask['prune']; keys: PruneTask['prune'] },
) {
  const { intervalMs, quoteGraceMs, eventMaxAgeMs } = config.retention;
  const tasks = [
    // Never one a payment refers to (the repo keeps those).
    { name: 'quotes', maxAgeMs: quoteGraceMs, prune: prune.quotes },
    { name: 'events', maxAgeMs: eventMaxAgeMs, prune: prune.events },
    // Idempotency-Key rows past their own expiry (24 hours after the first request).
    { name: 'idempotencyKeys', maxAgeMs: 0, prune: prune.keys },
  ];
  const retention = createRetentionJob({ intervalMs, log, tasks });
  return { jobs: [retention], decorations: { retention } } satisfies ModuleSetup;
}
