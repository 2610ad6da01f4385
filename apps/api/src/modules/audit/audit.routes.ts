import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import type { AuditService } from './audit.service.js';

/** The audit log and its filters' choices. */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  route(app, 'audit.admin.list', (r) => audit.page(r.query));
  route(app, 'audit.admin.facets', () => audit.facets());
};
