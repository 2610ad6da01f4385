import { randomUUID } from 'node:crypto';
import type { Network } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ChainsConfig,
  DEFAULT_CHAIN_IDS,
  DEFAULT_CONFIRMATIONS,
} from '../../config/chains-config.js';
import type { Db } from '../../db/client.js';
import type { ChainWatcher } from '../../integrations/chains/port.js';
import { createChainWatchers } from '../../integrations/chains/watchers.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createChainDepositsRepo } from './chain-deposits.repo.js';
import { createChainDepositsService } from './chain-deposits.service.js';
import { createChainStatusRepo } from './chain-status.repo.js';
import { setUpChainWatchers } from './chain-watchers.js';
import { chainsAdminRoutes } from './chains-admin.routes.js';
import { createDepositResolveRepo } from './deposit-resolve.repo.js';
import { createWatchKeysRepo } from './watch-keys.repo.js';
import { createWatchKeysService, type WatchedNetworkInfo } from './watch-keys.service.js';

/**
 * On-chain payments: the admins' watch-only keys and what the watchers report. The
 * node URLs stay here: the service sees each watched network's settings without them.
 */
export function setUpChains(opts: {
  db: Db;
  config: ChainsConfig;
  /** Each network's explorer (config.explorers): a deposit's link is it then the txid. */
  explorers: Record<Network, string>;
  /** Adapters of a test's own; by default one per network with a node (CHAIN_*_RPC_URL). */
  watchers?: ChainWatcher[];
  rates: Parameters<typeof setUpChainWatchers>[0]['rates'];
  events: EventBus;
  instanceId: string;
  log: FastifyBaseLogger;
}) {
  const watched: Partial<Record<Network, WatchedNetworkInfo>> = {};
  for (const [network, n] of Object.entries(opts.config.networks))
    if (n)
      watched[network as Network] = {
        confirmations: n.confirmations,
        chainId: n.chainId,
        chain: n.chain,
      };
  const keysRepo = createWatchKeysRepo(opts.db);
  const watchKeys = createWatchKeysService({
    keys: keysRepo,
    status: createChainStatusRepo(opts.db),
    watched,
    defaults: { confirmations: DEFAULT_CONFIRMATIONS, chainIds: DEFAULT_CHAIN_IDS },
  });
  const confirmations = { ...DEFAULT_CONFIRMATIONS };
  for (const [network, n] of Object.entries(watched))
    confirmations[network as Network] = n.confirmations;
  const deposits = createChainDepositsService({
    deposits: createChainDepositsRepo(opts.db),
    resolutions: createDepositResolveRepo(opts.db),
    events: opts.events,
    explorers: opts.explorers,
    confirmations,
  });
  const watch = setUpChainWatchers({
    db: opts.db,
    config: opts.config,
    watchers: opts.watchers ?? createChainWatchers(opts.config),
    rates: opts.rates,
    events: opts.events,
    // A lease belongs to one running process, even where instances share an id.
    instanceId: `${opts.instanceId}:${randomUUID()}`,
    log: opts.log,
  });
  const module: ModuleSetup = {
    routes: [routesOf(chainsAdminRoutes, { watchKeys, deposits })],
    jobs: watch.jobs,
    decorations: { chainWatch: { passOnce: watch.passOnce } },
  };
  return { ...module, watchKeys, keysRepo };
}
