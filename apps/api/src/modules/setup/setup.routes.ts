import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import type { SetupService } from './setup.service.js';

/** The admin's set-up checklist. */
export const setupRoutes: FastifyPluginAsync<{ setup: SetupService }> = async (app, { setup }) => {
  route(app, 'setup.admin.checklist', (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return setup.checklist();
  });
};
