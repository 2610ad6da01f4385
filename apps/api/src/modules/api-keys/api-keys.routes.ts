import type { FastifyPluginAsync } from 'fastify';
import { actor } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { ApiKeysService } from './api-keys.service.js';

/**
 * A customer's API keys, and an admin's view of them. Keys never reach these routes (they
 * are account security: `scopes.ts` lists none of them), only a browser session does.
 */
export const apiKeysRoutes: FastifyPluginAsync<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  route(app, 'apiKeys.list', (request) => apiKeys.list(userId(request)));
  route(app, 'apiKeys.create', (request) =>
    apiKeys.create(userId(request), request.body, request.ip),
  );
  route(app, 'apiKeys.revoke', (request) =>
    apiKeys.revoke(request.params.id, { actorId: userId(request), ip: request.ip }, true),
  );
  route(app, 'apiKeys.admin.list', (request) => apiKeys.list(request.params.id));
  route(app, 'apiKeys.admin.revoke', (request) => {
    const { id, ip } = actor(request);
    return apiKeys.revoke(request.params.id, { actorId: id, ip }, false);
  });
};
