import type { Db } from '../../db/client.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createApiKeysRepo } from './api-keys.repo.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { createApiKeysService } from './api-keys.service.js';

/**
 * Customers' API keys (decision 0062). Made before the session plugin, which asks it who a
 * request's key stands for; its routes are used with the other modules.
 */
export function setUpApiKeys(opts: {
  db: Db;
  limitStore: LimitStore;
  /** Requests per minute per key (API_KEY_PER_MINUTE), on every instance together. */
  perMinute: number;
  now?: () => Date;
}) {
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepo(opts.db),
    limit: createRateLimiter(opts.limitStore, 'apiKey.perKey', {
      max: opts.perMinute,
      windowMs: 60_000,
    }),
    now: opts.now,
  });
  const module: ModuleSetup = { routes: [routesOf(apiKeysRoutes, { apiKeys })] };
  return { ...module, apiKeys };
}
