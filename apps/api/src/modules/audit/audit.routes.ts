import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

/** The audit log; under the admin guard at /api/admin. */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => audit.page(request.query),
  );
  app.get('/audit/facets', { schema: { response: { 200: auditFacetsSchema } } }, async () =>
    audit.facets(),
  );
};
