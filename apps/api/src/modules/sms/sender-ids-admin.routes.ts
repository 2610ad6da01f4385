import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { SenderIdsService } from './sender-ids.service.js';

/** For admins: the requests, approved or rejected (each decision audited). */
export const senderIdsAdminRoutes: FastifyPluginAsync<{ senders: SenderIdsService }> = async (
  app,
  { senders },
) => {
  const admin = (request: Parameters<typeof userId>[0] & { ip: string }) => ({
    id: userId(request),
    ip: request.ip,
  });
  route(app, 'sms.admin.senderIds', (r) => senders.adminList(r.query));
  route(app, 'sms.admin.approveSenderId', (r) =>
    senders.approve(r.params.id, admin(r), r.body.note),
  );
  route(app, 'sms.admin.rejectSenderId', (r) => senders.reject(r.params.id, admin(r), r.body.note));
};
