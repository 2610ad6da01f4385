import type { Network } from '@parley/shared';
import {
  type ChainsConfig,
  DEFAULT_CHAIN_IDS,
  DEFAULT_CONFIRMATIONS,
} from '../../config/chains-config.js';
import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createChainStatusRepo } from './chain-status.repo.js';
import { chainsAdminRoutes } from './chains-admin.routes.js';
import { createWatchKeysRepo } from './watch-keys.repo.js';
import { createWatchKeysService, type WatchedNetworkInfo } from './watch-keys.service.js';

/**
 * On-chain payments: the admins' watch-only keys and what the watchers report. The
 * node URLs stay here: the service sees each watched network's settings without them.
 */
export function setUpChains(opts: { db: Db; config: ChainsConfig }) {
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
  const module: ModuleSetup = { routes: [routesOf(chainsAdminRoutes, { watchKeys })] };
  return { ...module, watchKeys, keysRepo };
}
