import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createGuardrailsRepo } from './guardrails.repo.js';
import { guardrailsRoutes } from './guardrails.routes.js';
import { createGuardrailsService } from './guardrails.service.js';
import { createLowBalanceJob } from './low-balance-job.js';

/** A customer's spending limits, and the low-balance alert job on every instance. */
export function setUpGuardrails(opts: {
  db: Db;
  events: EventBus;
  intervalMs: number;
  log: FastifyBaseLogger;
}): ModuleSetup {
  const repo = createGuardrailsRepo(opts.db);
  const lowBalance = createLowBalanceJob({
    repo,
    events: opts.events,
    intervalMs: opts.intervalMs,
    log: opts.log,
  });
  return {
    routes: [routesOf(guardrailsRoutes, { guardrails: createGuardrailsService({ repo }) })],
    jobs: [lowBalance],
    decorations: { lowBalance },
  };
}
