import type { FastifyPluginAsync } from 'fastify';
import { sendCsv } from '../../plugins/csv-file.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { SipTrunkService } from './sip-trunk.service.js';

/** The signed-in customer's trunks (browser sessions only: they hold SIP credentials). */
export const sipTrunkRoutes: FastifyPluginAsync<{ trunks: SipTrunkService }> = async (
  app,
  { trunks },
) => {
  route(app, 'sipTrunk.trunks', (r) => trunks.list(userId(r)));
  route(app, 'sipTrunk.update', (r) => trunks.update(userId(r), r.params.id, r.body));
  route(app, 'sipTrunk.newPassword', (r) => trunks.newPassword(userId(r), r.params.id));
  route(app, 'sipTrunk.exportCalls', async (r, reply) => {
    const { filename, csv } = await trunks.exportCalls(userId(r), r.params.id);
    return sendCsv(reply, filename, csv);
  });
  route(app, 'sipTrunk.routeNumber', async (r) => {
    await trunks.routeNumber(userId(r), r.params.id, r.body.trunkId);
  });
};

/** Every customer's trunks with today's figures. */
export const sipTrunkAdminRoutes: FastifyPluginAsync<{ trunks: SipTrunkService }> = async (
  app,
  { trunks },
) => {
  route(app, 'sipTrunk.admin.trunks', () => trunks.adminList());
};
