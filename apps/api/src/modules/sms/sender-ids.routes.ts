import {
  adminSenderListQuerySchema,
  adminSenderListSchema,
  idParamsSchema,
  senderApproveInputSchema,
  senderRejectInputSchema,
  senderRequestInputSchema,
  senderRequestSchema,
  smsSendersSchema,
} from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/admin-guard.js';
import type { SenderIdsService } from './sender-ids.service.js';

const uid = (request: { user?: { id: string } | null }) => request.user?.id ?? '';

/** A customer's sender IDs: the list (with the brand sender and their numbers), a request. */
export const senderIdsRoutes: FastifyPluginAsyncZod<{ senders: SenderIdsService }> = async (
  app,
  { senders },
) => {
  app.addHook('onRequest', requireUser);
  app.get('/api/sms/senders', { schema: { response: { 200: smsSendersSchema } } }, (request) =>
    senders.list(uid(request)),
  );
  app.post(
    '/api/sms/senders',
    { schema: { body: senderRequestInputSchema, response: { 201: senderRequestSchema } } },
    async (request, reply) =>
      reply.code(201).send(await senders.request(uid(request), request.body)),
  );
};

/** Under the admin guard: the requests, approved or rejected (each decision audited). */
export const senderIdsAdminRoutes: FastifyPluginAsyncZod<{ senders: SenderIdsService }> = async (
  app,
  { senders },
) => {
  const admin = (request: { user?: { id: string } | null; ip: string }) => ({
    id: uid(request),
    ip: request.ip,
  });
  app.get(
    '/sender-ids',
    {
      schema: { querystring: adminSenderListQuerySchema, response: { 200: adminSenderListSchema } },
    },
    (request) => senders.adminList(request.query),
  );
  app.post(
    '/sender-ids/:id/approve',
    {
      schema: {
        params: idParamsSchema,
        body: senderApproveInputSchema,
        response: { 200: senderRequestSchema },
      },
    },
    (request) => senders.approve(request.params.id, admin(request), request.body.note),
  );
  app.post(
    '/sender-ids/:id/reject',
    {
      schema: {
        params: idParamsSchema,
        body: senderRejectInputSchema,
        response: { 200: senderRequestSchema },
      },
    },
    (request) => senders.reject(request.params.id, admin(request), request.body.note),
  );
};
