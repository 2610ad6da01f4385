import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientKey, type RateLimiter } from '../../lib/rate-limiter.js';
import { route } from '../../plugins/endpoints.js';
import type { CatalogueService } from './catalogue.service.js';

/**
 * What anyone may read: active services, packages, prices and available numbers.
 * Searches (the lists that take query parameters) are rate-limited per client address.
 */
export const catalogueRoutes: FastifyPluginAsync<{
  catalogue: CatalogueService;
  searchLimit: RateLimiter;
}> = async (app, { catalogue, searchLimit }) => {
  const search = {
    onRequest: async (request: FastifyRequest) => searchLimit.hit(clientKey(request.ip)),
  };
  route(app, 'catalogue.services', (request) => catalogue.services(request.query.lang));
  route(
    app,
    'catalogue.packages',
    (request) =>
      catalogue.packages({ serviceSlug: request.query.service, lang: request.query.lang }),
    search,
  );
  route(app, 'catalogue.countryPricing', () => catalogue.countryPricing({ admin: false }));
  route(
    app,
    'catalogue.destination',
    (request) => catalogue.destination(request.query.number),
    search,
  );
  route(app, 'catalogue.sipDomains', () => catalogue.sipDomainsForSale());
  route(app, 'catalogue.coverage', () => catalogue.coverage());
  route(app, 'catalogue.numbers', (request) => catalogue.numbers(request.query), search);
};
