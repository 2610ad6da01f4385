import {
  bulkBatchSchema,
  bulkPreviewInputSchema,
  bulkPreviewSchema,
  bulkSendInputSchema,
  bulkSentSchema,
  idParamsSchema,
  smsGatewayStatusSchema,
  smsHistoryQuerySchema,
  smsHistorySchema,
  smsInboundListSchema,
  smsInboundQuerySchema,
  smsQuoteSchema,
  smsSendSchema,
  smsSentSchema,
} from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser } from '../../plugins/admin-guard.js';
import type { SmsService } from './sms.service.js';

const uid = (request: { user?: { id: string } | null }) => request.user?.id ?? '';

/** A customer's SMS: quote, send one, send in bulk, follow a batch, read history. */
export const smsRoutes: FastifyPluginAsyncZod<{ sms: SmsService }> = async (app, { sms }) => {
  app.addHook('onRequest', requireUser);
  app.post(
    '/api/sms/quote',
    { schema: { body: smsSendSchema, response: { 200: smsQuoteSchema } } },
    async (request) => sms.quote(uid(request), request.body),
  );
  app.post(
    '/api/sms/send',
    { schema: { body: smsSendSchema, response: { 201: smsSentSchema } } },
    async (request, reply) => reply.code(201).send(await sms.send(uid(request), request.body)),
  );
  app.get(
    '/api/sms/history',
    { schema: { querystring: smsHistoryQuerySchema, response: { 200: smsHistorySchema } } },
    async (request) => sms.history(uid(request), request.query.page, request.query.pageSize),
  );
  app.post(
    '/api/sms/bulk/preview',
    { schema: { body: bulkPreviewInputSchema, response: { 200: bulkPreviewSchema } } },
    async (request) => sms.bulkPreview(uid(request), request.body),
  );
  app.post(
    '/api/sms/bulk/send',
    {
      schema: {
        body: bulkSendInputSchema,
        response: { 201: bulkSentSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await sms.bulkSend(uid(request), request.body)),
  );
  app.get(
    '/api/sms/batches/:id',
    { schema: { params: idParamsSchema, response: { 200: bulkBatchSchema } } },
    async (request) => sms.batch(uid(request), request.params.id),
  );
};

/** Under the admin guard: which gateway SMS go through, how many wait, what came in. */
export const smsAdminRoutes: FastifyPluginAsyncZod<{
  status: () => Promise<z.infer<typeof smsGatewayStatusSchema>>;
  inbound: (page: number, pageSize: number) => Promise<z.infer<typeof smsInboundListSchema>>;
}> = async (app, { status, inbound }) => {
  app.get('/sms/status', { schema: { response: { 200: smsGatewayStatusSchema } } }, async () =>
    status(),
  );
  app.get(
    '/sms/inbound',
    { schema: { querystring: smsInboundQuerySchema, response: { 200: smsInboundListSchema } } },
    async (request) => inbound(request.query.page, request.query.pageSize),
  );
};
