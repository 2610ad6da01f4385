import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { BillingRates } from './billing-prices.js';
import { createCatalogueRepo } from './catalogue.repo.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { createCatalogueAdminRepo } from './catalogue-admin.repo.js';
import { catalogueAdminRoutes } from './catalogue-admin.routes.js';
import { createCatalogueAdminService } from './catalogue-admin.service.js';
import { createPriceCaches } from './pricing-cache.js';

/**
 * The catalogue, its admin (in a scope of its own: the CSV parser is for its imports
 * alone) and the instance's price caches of the SMS and call paths (pricing-cache.ts).
 */
export function setUpCatalogue(opts: {
  db: Db;
  events: EventBus;
  limitStore: LimitStore;
  /** Catalogue searches per address per minute. */
  searchPerMinute: number;
  /** Read at request time: the payments module's rates are made after the catalogue. */
  rates: BillingRates;
}) {
  const catalogue = createCatalogueService({
    repo: createCatalogueRepo(opts.db),
    rates: opts.rates,
  });
  const searchLimit = createRateLimiter(opts.limitStore, 'catalogue.searchPerIp', {
    max: opts.searchPerMinute,
    windowMs: 60_000,
  });
  const priceCaches = createPriceCaches(opts.events);
  const admin = createCatalogueAdminService({
    repo: createCatalogueAdminRepo(opts.db),
    events: opts.events,
    priceCaches,
  });
  const module: ModuleSetup = {
    routes: [
      routesOf(catalogueRoutes, { catalogue, searchLimit }),
      routesOf(catalogueAdminRoutes, { admin, catalogue }, true),
    ],
    jobs: [{ stop: () => priceCaches.stop() }],
  };
  return { ...module, catalogue, priceCaches };
}
