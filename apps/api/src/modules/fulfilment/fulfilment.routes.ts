import type { FastifyPluginAsync } from 'fastify';
import { auditBy } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import type { FulfilmentService } from './fulfilment.service.js';

/** The admin panel's fulfilment queue (the guard in each definition is admin). */
export const fulfilmentAdminRoutes: FastifyPluginAsync<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  route(app, 'fulfilment.admin.open', () => fulfilment.open());
  route(app, 'fulfilment.admin.done', (request) =>
    fulfilment.done(request.params.id, auditBy(request)),
  );
};
