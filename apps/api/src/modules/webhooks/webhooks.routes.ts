import type { FastifyPluginAsync } from 'fastify';
import { actor } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { WebhooksService } from './webhooks.service.js';

/** A customer's webhook endpoints and their delivery logs; an admin's view of a customer's. */
export const webhooksRoutes: FastifyPluginAsync<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  route(app, 'webhooks.list', (r) => webhooks.list(userId(r)));
  route(app, 'webhooks.create', (r) => webhooks.create(userId(r), r.body, actor(r)));
  route(app, 'webhooks.update', (r) => webhooks.update(userId(r), r.params.id, r.body, actor(r)));
  route(app, 'webhooks.remove', (r) => webhooks.remove(userId(r), r.params.id, actor(r)));
  route(app, 'webhooks.rotateSecret', (r) =>
    webhooks.rotateSecret(userId(r), r.params.id, actor(r)),
  );
  route(app, 'webhooks.test', (r) => webhooks.test(userId(r), r.params.id));
  route(app, 'webhooks.deliveries', (r) =>
    webhooks.deliveries(userId(r), r.params.id, r.query.page, r.query.pageSize),
  );
  route(app, 'webhooks.redeliver', (r) =>
    webhooks.redeliver(userId(r), r.params.id, r.params.deliveryId),
  );
  // The guard in the definition is admin: any customer's endpoints, read only.
  route(app, 'webhooks.admin.forUser', (r) => webhooks.list(r.params.id));
};
