import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { SipTrunkService } from './sip-trunk.service.js';

/** The signed-in customer's own trunk preferences (the Configure Service dialog). */
export const sipTrunkRoutes: FastifyPluginAsync<{ trunk: SipTrunkService }> = async (
  app,
  { trunk },
) => {
  route(app, 'sipTrunk.settings', (request) => trunk.settings(userId(request)));
  route(app, 'sipTrunk.saveSettings', (request) => trunk.save(userId(request), request.body));
};
