import {
  adminNumberSchema,
  countryPricingInputSchema,
  countryPricingSchema,
  csvImportQuerySchema,
  csvImportResultSchema,
  idParamsSchema,
  numberInputSchema,
  packageInputSchema,
  packageSchema,
  serviceInputSchema,
  serviceSchema,
  sipDomainInputSchema,
  sipDomainSchema,
} from '@parley/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueService } from './catalogue.service.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';
import { countryPricingToCsv } from './catalogue-csv.js';

interface Crud<I, O> {
  create(input: I): Promise<O>;
  update(id: string, input: I): Promise<O>;
  remove(id: string): Promise<void>;
}

/**
 * POST /{path} → 201 with the item; PUT /{path}/:id → the item; DELETE /{path}/:id → 204.
 * The schemas validate and serialise; the handlers only pass the parsed values on.
 */
function registerCrud<I extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  input: I,
  output: z.ZodType,
  crud: Crud<z.output<I>, unknown>,
): void {
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const bodyOf = (request: FastifyRequest) => request.body as z.output<I>;
  app.post(
    `/${path}`,
    { schema: { body: input, response: { 201: output } } },
    async (request, reply) => reply.code(201).send(await crud.create(bodyOf(request))),
  );
  app.put(
    `/${path}/:id`,
    { schema: { params: idParamsSchema, body: input, response: { 200: output } } },
    async (request) => crud.update(idOf(request), bodyOf(request)),
  );
  app.delete(`/${path}/:id`, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await crud.remove(idOf(request));
    return reply.code(204).send();
  });
}

/** A CSV upload's text; any other content type is refused. */
function csvBody(request: FastifyRequest): string {
  if (typeof request.body !== 'string')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
  return request.body;
}

/** Catalogue changes; registered under the admin guard with the /api/admin prefix. */
export const catalogueWriteRoutes: FastifyPluginAsyncZod<{
  admin: CatalogueAdminService;
  catalogue: CatalogueService;
}> = async (app, { admin, catalogue }) => {
  registerCrud(app, 'services', serviceInputSchema, serviceSchema, {
    create: admin.createService,
    update: admin.updateService,
    remove: admin.deleteService,
  });
  registerCrud(app, 'packages', packageInputSchema, packageSchema, {
    create: admin.createPackage,
    update: admin.updatePackage,
    remove: admin.deletePackage,
  });
  registerCrud(app, 'country-pricing', countryPricingInputSchema, countryPricingSchema, {
    create: admin.createCountryPricing,
    update: admin.updateCountryPricing,
    remove: admin.deleteCountryPricing,
  });
  registerCrud(app, 'sip-domains', sipDomainInputSchema, sipDomainSchema, {
    create: admin.createSipDomain,
    update: admin.updateSipDomain,
    remove: admin.deleteSipDomain,
  });
  registerCrud(app, 'numbers', numberInputSchema, adminNumberSchema, {
    create: admin.createNumber,
    update: admin.updateNumber,
    remove: admin.deleteNumber,
  });
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.get('/country-pricing/export', async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="country-pricing.csv"')
      .send(countryPricingToCsv(await catalogue.countryPricing({ admin: true }))),
  );
  app.post(
    '/country-pricing/import',
    { schema: { querystring: csvImportQuerySchema, response: { 200: csvImportResultSchema } } },
    async (request) => {
      return admin.importCountryPricing(csvBody(request), request.query.commit);
    },
  );
  app.post(
    '/numbers/import',
    { schema: { querystring: csvImportQuerySchema, response: { 200: csvImportResultSchema } } },
    async (request) => {
      return admin.importNumbers(csvBody(request), request.query.commit);
    },
  );
  app.get('/numbers', { schema: { response: { 200: z.array(adminNumberSchema) } } }, async () =>
    admin.listNumbers(),
  );
};
