import {
  createTransactionSchema,
  paymentWalletSchema,
  quoteInputSchema,
  quoteSchema,
  transactionSchema,
} from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { PaymentsService } from './payments.service.js';
import type { WalletsService } from './wallets.service.js';

function signedIn(user: { id: string; email: string } | null | undefined) {
  if (!user)
    throw new AppError(
      'UNAUTHORIZED',
      'You must be logged in to submit payments. Please sign in first.',
    );
  return user;
}

/** A customer's own payments: where to pay, a locked quote, submitting and listing. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  wallets: WalletsService;
}> = async (app, { payments, wallets }) => {
  app.get(
    '/api/payments/wallets',
    { schema: { response: { 200: z.array(paymentWalletSchema) } } },
    async (request) => {
      signedIn(request.user);
      return wallets.active();
    },
  );
  app.post(
    '/api/payments/quote',
    { schema: { body: quoteInputSchema, response: { 201: quoteSchema } } },
    async (request, reply) =>
      reply.code(201).send(await payments.quote(signedIn(request.user).id, request.body)),
  );
  app.post(
    '/api/transactions/create',
    { schema: { body: createTransactionSchema, response: { 201: transactionSchema } } },
    async (request, reply) =>
      reply.code(201).send(await payments.create(signedIn(request.user), request.body)),
  );
  app.get(
    '/api/transactions',
    { schema: { response: { 200: z.array(transactionSchema) } } },
    async (request) => payments.mine(signedIn(request.user).id),
  );
};
