import type { FastifyPluginAsync } from 'fastify';
import { actorWithEmail as actor, auditBy } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import type { PaymentsService } from './payments.service.js';
import type { RatesService } from './rates.service.js';
import type { WalletsService } from './wallets.service.js';

/** Payments, wallets, rates and the ledger check, for admins. */
export const paymentsAdminRoutes: FastifyPluginAsync<{
  payments: PaymentsService;
  wallets: WalletsService;
  rates: RatesService;
}> = async (app, { payments, wallets, rates }) => {
  route(app, 'payments.admin.list', (r) => payments.all(r.query));
  route(app, 'payments.admin.forUser', (r) => payments.ofUser(r.params.id, r.query));
  route(app, 'payments.admin.approve', (r) =>
    payments.decide(r.params.id, 'approved', actor(r), r.body?.adminNotes),
  );
  route(app, 'payments.admin.reject', (r) =>
    payments.decide(r.params.id, 'rejected', actor(r), r.body?.adminNotes),
  );

  route(app, 'payments.admin.wallets', () => wallets.list());
  route(app, 'payments.admin.createWallet', (r) => wallets.create(r.body, auditBy(r)));
  route(app, 'payments.admin.setWalletActive', (r) =>
    wallets.setActive(r.params.id, r.body.isActive, auditBy(r)),
  );

  route(app, 'payments.admin.rates', () => rates.list());
  route(app, 'payments.admin.setRate', (r) =>
    rates.set(r.params.base, r.params.quote, r.body.rate, actor(r)),
  );
  route(app, 'payments.admin.ledgerCheck', () => payments.ledgerCheck());
};
