import type { SmsGatewayStatus, SmsInboundList } from '@parley/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';

/** For admins: which gateway SMS go through, how many wait, what came in. */
export const smsAdminRoutes: FastifyPluginAsync<{
  status: () => Promise<SmsGatewayStatus>;
  inbound: (page: number, pageSize: number) => Promise<SmsInboundList>;
}> = async (app, { status, inbound }) => {
  route(app, 'admin.smsStatus', () => status());
  route(app, 'admin.smsInbound', (r) => inbound(r.query.page, r.query.pageSize));
};
