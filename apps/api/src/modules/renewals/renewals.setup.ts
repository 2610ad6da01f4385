import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { RenewalSettings } from './renewal-rules.js';
import { createRenewalsRepo } from './renewals.repo.js';
import { renewalsRoutes } from './renewals.routes.js';
import { createRenewalsService } from './renewals.service.js';

/**
 * Renewals: the service, the job (on every instance; each order is settled under its
 * lock, so two instances never charge a period twice) and the top-up retry: a deposit
 * approved or a credit by an admin tries the customer's items in grace at once.
 */
export function setUpRenewals(opts: {
  db: Db;
  events: EventBus;
  settings: RenewalSettings & { intervalMs: number };
  now?: () => Date;
  log: FastifyBaseLogger;
}) {
  const { log } = opts;
  const renewals = createRenewalsService({
    repo: createRenewalsRepo(opts.db, opts.settings),
    events: opts.events,
    settings: opts.settings,
    now: opts.now,
    log,
  });
  const job = createPeriodicJob({
    name: 'renewal job',
    intervalMs: opts.settings.intervalMs,
    pass: () => renewals.runOnce(),
    log,
  });
  const stop = opts.events.subscribe((event) => {
    const money =
      (event.type === 'transaction.updated' && event.data.status === 'approved') ||
      event.type === 'balance.adjusted';
    if (money)
      renewals
        .topUp(event.data.userId)
        .catch((err: unknown) => log.error({ err }, 'renewal retry after a top-up failed'));
  });
  const module: ModuleSetup = {
    routes: [routesOf(renewalsRoutes, { renewals })],
    jobs: [
      {
        start: () => job.start(),
        stop: async () => {
          stop();
          await job.stop();
        },
      },
    ],
    decorations: { renewalJob: job },
  };
  return { ...module, renewals };
}
