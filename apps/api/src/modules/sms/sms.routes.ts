import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import { idempotentId } from '../../plugins/idempotency.js';
import type { SmsService } from './sms.service.js';

/** A customer's SMS: quote, send one, send in bulk, follow a batch, read history. */
export const smsRoutes: FastifyPluginAsync<{ sms: SmsService }> = async (app, { sms }) => {
  route(app, 'sms.quote', (r) => sms.quote(userId(r), r.body));
  // An Idempotency-Key stands for a requestId when the body names none (decision 0064).
  route(app, 'sms.send', (r) =>
    sms.send(userId(r), { ...r.body, requestId: r.body.requestId ?? idempotentId(r) }),
  );
  route(app, 'sms.history', (r) => sms.history(userId(r), r.query.page, r.query.pageSize));
  route(app, 'sms.bulkPreview', (r) => sms.bulkPreview(userId(r), r.body));
  route(app, 'sms.bulkSend', (r) => sms.bulkSend(userId(r), r.body));
  route(app, 'sms.batch', (r) => sms.batch(userId(r), r.params.id));
};
