import type { FastifyPluginAsync } from 'fastify';
import { auditBy } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import type { SmppAccountsService } from './smpp-accounts.service.js';

/** Every bound SMPP session on every instance, and an admin's request to end one. */
export const smppServerAdminRoutes: FastifyPluginAsync<{ accounts: SmppAccountsService }> = async (
  app,
  { accounts },
) => {
  route(app, 'smppServer.admin.sessions', () => accounts.sessions());
  route(app, 'smppServer.admin.endSession', (r) => accounts.endSession(r.params.id, auditBy(r)));
};
