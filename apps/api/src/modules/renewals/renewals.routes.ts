import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { RenewalsService } from './renewals.service.js';

/** A customer's monthly items and runway; the admin's view of what is due, in grace or suspended. */
export const renewalsRoutes: FastifyPluginAsync<{ renewals: RenewalsService }> = async (
  app,
  { renewals },
) => {
  route(app, 'renewals.mine', (r) => renewals.mine(userId(r), r.query.lang));
  route(app, 'renewals.update', (r) =>
    renewals.setAutoRenew(userId(r), r.params.id, r.body.autoRenew),
  );
  route(app, 'renewals.reactivate', (r) => renewals.reactivate(userId(r), r.params.id));
  route(app, 'renewals.admin.list', (r) =>
    renewals.adminList(r.query.filter, r.query.page, r.query.pageSize),
  );
  route(app, 'renewals.admin.extendGrace', (r) =>
    renewals.extendGrace(r.params.id, r.body.days, userId(r), r.ip),
  );
  route(app, 'renewals.admin.waive', (r) => renewals.waive(r.params.id, userId(r), r.ip));
};
