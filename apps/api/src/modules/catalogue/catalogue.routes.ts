import {
  countryPricingSchema,
  destinationQuerySchema,
  destinationSchema,
  numbersPageSchema,
  numbersQuerySchema,
  packageSchema,
  packagesQuerySchema,
  serviceSchema,
  sipDomainSchema,
} from '@parley/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKey, type RateLimiter } from '../../lib/rate-limiter.js';
import type { CatalogueService } from './catalogue.service.js';

/**
 * What anyone may read: active services, packages, prices and available numbers.
 * Searches (the lists that take query parameters) are rate-limited per client address.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  searchLimit: RateLimiter;
}> = async (app, { catalogue, searchLimit }) => {
  const onRequest = async (request: FastifyRequest) => searchLimit.hit(clientKey(request.ip));
  app.get('/api/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () =>
    catalogue.services({ admin: false }),
  );
  app.get(
    '/api/packages',
    {
      onRequest,
      schema: { querystring: packagesQuerySchema, response: { 200: z.array(packageSchema) } },
    },
    async (request) => catalogue.packages({ admin: false, serviceSlug: request.query.service }),
  );
  app.get(
    '/api/country-pricing',
    { schema: { response: { 200: z.array(countryPricingSchema) } } },
    async () => catalogue.countryPricing({ admin: false }),
  );
  app.get(
    '/api/destinations',
    {
      onRequest,
      schema: { querystring: destinationQuerySchema, response: { 200: destinationSchema } },
    },
    async (request) => catalogue.destination(request.query.number),
  );
  app.get(
    '/api/sip-domains',
    { schema: { response: { 200: z.array(sipDomainSchema) } } },
    async () => catalogue.sipDomains({ admin: false }),
  );
  app.get(
    '/api/numbers',
    {
      onRequest,
      schema: { querystring: numbersQuerySchema, response: { 200: numbersPageSchema } },
    },
    async (request) => catalogue.numbers(request.query),
  );
};

/** Admin reads, inactive items included; registered under the admin guard at /api/admin. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () =>
    catalogue.services({ admin: true }),
  );
  app.get('/packages', { schema: { response: { 200: z.array(packageSchema) } } }, async () =>
    catalogue.packages({ admin: true }),
  );
  app.get(
    '/country-pricing',
    { schema: { response: { 200: z.array(countryPricingSchema) } } },
    async () => catalogue.countryPricing({ admin: true }),
  );
  app.get('/sip-domains', { schema: { response: { 200: z.array(sipDomainSchema) } } }, async () =>
    catalogue.sipDomains({ admin: true }),
  );
};
