import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { SenderIdsService } from './sender-ids.service.js';

/** A customer's sender IDs: the list (with the brand sender and their numbers), a request. */
export const senderIdsRoutes: FastifyPluginAsync<{ senders: SenderIdsService }> = async (
  app,
  { senders },
) => {
  route(app, 'sms.senders', (r) => senders.list(userId(r)));
  route(app, 'sms.requestSender', (r) => senders.request(userId(r), r.body));
};
