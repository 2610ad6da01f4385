import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { signedInUser } from '../../plugins/guards.js';
import type { PayableCoins } from './payable-coins.js';
import type { PaymentsService } from './payments.service.js';

const signIn = { signInMessage: 'You must be logged in to submit payments. Please sign in first.' };

/** Which coins can be paid in (public); a customer's own payments: where to pay, a locked quote, submitting and listing. */
export const paymentsRoutes: FastifyPluginAsync<{
  payments: PaymentsService;
  coins: PayableCoins;
}> = async (app, { payments, coins }) => {
  route(app, 'payments.wallets', () => coins.wallets(), signIn);
  route(app, 'payments.coins', (_request, reply) => {
    reply.header('cache-control', 'public, max-age=10');
    return coins.payable();
  });
  route(app, 'payments.quote', (r) => payments.quote(signedInUser(r).id, r.body), signIn);
  route(
    app,
    'payments.quoteStatus',
    (r) => payments.quoteStatus(signedInUser(r).id, r.params.id),
    signIn,
  );
  route(app, 'payments.create', (r) => payments.create(signedInUser(r), r.body), signIn);
  route(app, 'payments.mine', (r) => payments.mine(signedInUser(r).id, r.query.lang), signIn);
};
