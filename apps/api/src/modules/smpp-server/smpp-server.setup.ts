import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import type { Db } from '../../db/client.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSmppAccountsRepo } from './smpp-accounts.repo.js';
import { createSmppAccountsService } from './smpp-accounts.service.js';
import {
  BIND_FAILURES_PER_IP,
  BIND_FAILURES_PER_SYSTEM_ID,
  BIND_LIMITER_NAMES,
} from './smpp-bind-auth.js';
import { smppServerRoutes } from './smpp-server.routes.js';
import { smppServerAdminRoutes } from './smpp-server-admin.routes.js';

/**
 * Parley's SMPP server for customers' gateways (decision 0066): the accounts API, the
 * admin's sessions, and `accounts.authenticate` for the listener's binds (failed binds
 * counted in the shared limit store, so every instance sees them).
 */
export function setUpSmppServer(opts: {
  db: Db;
  config: SmppServerConfig;
  limitStore: LimitStore;
  now?: () => Date;
}) {
  const accounts = createSmppAccountsService({
    repo: createSmppAccountsRepo(opts.db),
    server: opts.config,
    limits: {
      perSystemId: createRateLimiter(
        opts.limitStore,
        BIND_LIMITER_NAMES.perSystemId,
        BIND_FAILURES_PER_SYSTEM_ID,
      ),
      perIp: createRateLimiter(opts.limitStore, BIND_LIMITER_NAMES.perIp, BIND_FAILURES_PER_IP),
    },
    now: opts.now,
  });
  const module: ModuleSetup = {
    routes: [
      routesOf(smppServerRoutes, { accounts }),
      routesOf(smppServerAdminRoutes, { accounts }),
    ],
  };
  return { ...module, accounts };
}
