import { ADMIN_EVENT_TYPES, CUSTOMER_EVENT_TYPES } from '@parley/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import { type StreamDeps, stream } from './event-stream.js';

/** The live streams: a customer's own payment updates, and everything for admins. */
export const eventsRoutes: FastifyPluginAsync<StreamDeps> = async (app, deps) => {
  route(app, 'events.customer', (request, reply) =>
    stream(request as FastifyRequest, reply, deps, CUSTOMER_EVENT_TYPES, userId(request)),
  );
  route(app, 'events.admin', (request, reply) =>
    stream(request as FastifyRequest, reply, deps, ADMIN_EVENT_TYPES, null),
  );
};
