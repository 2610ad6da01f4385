import type { Network } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainsConfig } from '../../config/chains-config.js';
import type { ChainWatcher } from '../../integrations/chains/port.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { createChainCursorRepo } from './chain-cursor.repo.js';
import { chainTestPause } from './chain-test-pause.js';
import { createChainWatch, type PassResult } from './chain-watch.service.js';
import { createDepositSettleRepo } from './deposit-settle.repo.js';
import { createDepositsRepo } from './deposits.repo.js';
import { createWatchedAddressesRepo } from './watched-addresses.repo.js';

/** The database handle the repos take (its type named without importing the database layer). */
type Db = Parameters<typeof createDepositsRepo>[0];

/**
 * A watcher job per configured network that has an adapter, on every instance: each
 * pass takes the network's lease first, so one instance scans it at a time and the
 * others stand by until the lease lapses. Stopping lets the lease go at once.
 */
export function setUpChainWatchers(opts: {
  db: Db;
  config: ChainsConfig;
  watchers: ChainWatcher[];
  rates: { rate(from: string, to: string): Promise<string> };
  events: Pick<EventBus, 'publish'>;
  /** Unique per running instance (a lease owner). */
  instanceId: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}) {
  const cursors = createChainCursorRepo(opts.db);
  const pause = chainTestPause(opts.config.testPause, opts.log);
  const deposits = createDepositsRepo(opts.db, pause.faults);
  const settle = pause.wrapSettle(createDepositSettleRepo(opts.db, pause.faults));
  const addresses = createWatchedAddressesRepo(opts.db);
  const byNetwork = new Map<Network, PeriodicJob<PassResult>>();
  for (const watcher of opts.watchers) {
    const settings = opts.config.networks[watcher.network];
    if (!settings) continue;
    const watch = createChainWatch({
      watcher,
      confirmations: settings.confirmations,
      lateWindowMs: opts.config.lateWindowMs,
      pollMs: opts.config.pollMs,
      instanceId: opts.instanceId,
      cursors,
      deposits,
      settle,
      addresses,
      rates: opts.rates,
      events: opts.events,
      now: opts.now ?? (() => new Date()),
      log: opts.log,
    });
    const job = createPeriodicJob({
      name: `${watcher.network} watcher`,
      intervalMs: opts.config.pollMs,
      pass: watch.pass,
      log: opts.log,
    });
    byNetwork.set(watcher.network, {
      ...job,
      async stop() {
        await job.stop();
        await cursors.releaseLease(watcher.network, opts.instanceId).catch((err: unknown) => {
          opts.log.error({ err }, `${watcher.network} watcher: the lease was not released`);
        });
      },
    });
  }
  return {
    jobs: [...byNetwork.values()],
    /** One pass of a network now (or the one under way); null when it is not watched. */
    passOnce(network: Network): Promise<PassResult> | null {
      return byNetwork.get(network)?.runOnce() ?? null;
    },
  };
}
