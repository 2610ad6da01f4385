import type { FastifyPluginAsync } from 'fastify';
import { actor as admin } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import type { SenderIdsService } from './sender-ids.service.js';

/** For admins: the requests, approved or rejected (each decision audited). */
export const senderIdsAdminRoutes: FastifyPluginAsync<{ senders: SenderIdsService }> = async (
  app,
  { senders },
) => {
  route(app, 'sms.admin.senderIds', (r) => senders.adminList(r.query));
  route(app, 'sms.admin.approveSenderId', (r) =>
    senders.approve(r.params.id, admin(r), r.body.note),
  );
  route(app, 'sms.admin.rejectSenderId', (r) => senders.reject(r.params.id, admin(r), r.body.note));
};
