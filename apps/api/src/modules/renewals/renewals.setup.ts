import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { RenewalSettings } from './renewal-rules.js';
import { createRenewalsRepo } from './renewals.repo.js';
import { createRenewalsService } from './renewals.service.js';

/**
 * Renewals: the service, the job (on every instance; each order is settled under its
 * lock, so two instances never charge a period twice) and the top-up retry: a deposit
 * approved or a credit by an admin tries the customer's items in grace at once.
 */
export function setUpRenewals(
  app: FastifyInstance,
  opts: {
    db: Db;
    events: EventBus;
    settings: RenewalSettings & { intervalMs: number };
    now?: () => Date;
  },
) {
  const renewals = createRenewalsService({
    repo: createRenewalsRepo(opts.db, opts.settings),
    events: opts.events,
    settings: opts.settings,
    now: opts.now,
    log: app.log,
  });
  const job = createPeriodicJob({
    name: 'renewal job',
    intervalMs: opts.settings.intervalMs,
    pass: () => renewals.runOnce(),
    log: app.log,
  });
  const stop = opts.events.subscribe((event) => {
    const money =
      (event.type === 'transaction.updated' && event.data.status === 'approved') ||
      event.type === 'balance.adjusted';
    if (money)
      renewals
        .topUp(event.data.userId)
        .catch((err: unknown) => app.log.error({ err }, 'renewal retry after a top-up failed'));
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => {
    stop();
    await job.stop();
  });
  return { renewals, job };
}
