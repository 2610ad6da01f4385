import type { SmsGatewayStatus, SmsHistory, SmsInboundList } from '@parley/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';

/** For admins: which gateway SMS go through, how many wait, what came in, a customer's SMS. */
export const smsAdminRoutes: FastifyPluginAsync<{
  status: () => Promise<SmsGatewayStatus>;
  inbound: (page: number, pageSize: number) => Promise<SmsInboundList>;
  /** A customer's messages, as they see them. */
  history: (userId: string, page: number, pageSize: number) => Promise<SmsHistory>;
}> = async (app, { status, inbound, history }) => {
  route(app, 'sms.admin.status', () => status());
  route(app, 'sms.admin.inbound', (r) => inbound(r.query.page, r.query.pageSize));
  route(app, 'sms.admin.forUser', (r) => history(r.params.id, r.query.page, r.query.pageSize));
};
