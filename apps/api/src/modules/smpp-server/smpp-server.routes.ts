import type { FastifyPluginAsync } from 'fastify';
import { auditBy } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { SmppAccountsService } from './smpp-accounts.service.js';

/** A customer's SMPP accounts; API keys with sms:send reach them too (scopes.ts). */
export const smppServerRoutes: FastifyPluginAsync<{ accounts: SmppAccountsService }> = async (
  app,
  { accounts },
) => {
  route(app, 'smppServer.accounts', (r) => accounts.list(userId(r)));
  route(app, 'smppServer.create', (r) => accounts.create(userId(r), r.body, auditBy(r)));
  route(app, 'smppServer.remove', (r) => accounts.remove(userId(r), r.params.id, auditBy(r)));
};
