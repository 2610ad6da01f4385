import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  cryptoWalletInputSchema,
  cryptoWalletSchema,
  decisionInputSchema,
  exchangeRateSchema,
  idParamsSchema,
  ledgerCheckSchema,
  rateInputSchema,
  rateParamsSchema,
  transactionSchema,
  walletToggleSchema,
} from '@parley/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from './payments.service.js';
import type { RatesService } from './rates.service.js';
import type { WalletsService } from './wallets.service.js';

/** Who acts and from where, for the audit log (the guard has made sure of the user). */
const auditBy = (request: FastifyRequest) => ({
  actorId: request.user?.id ?? null,
  ip: request.ip,
});

/** Payments, wallets, rates and the ledger check; under the admin guard at /api/admin. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  wallets: WalletsService;
  rates: RatesService;
}> = async (app, { payments, wallets, rates }) => {
  app.get(
    '/payments',
    {
      schema: {
        querystring: adminPaymentsQuerySchema,
        response: { 200: z.array(adminPaymentSchema) },
      },
    },
    async (request) => payments.all(request.query),
  );
  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    app.post(
      `/payments/:id/${action}`,
      {
        schema: {
          params: idParamsSchema,
          body: decisionInputSchema,
          response: { 200: transactionSchema },
        },
      },
      async (request) =>
        payments.decide(
          request.params.id,
          status,
          { id: request.user?.id ?? '', ip: request.ip },
          request.body?.adminNotes,
        ),
    );

  app.get(
    '/crypto-wallets',
    { schema: { response: { 200: z.array(cryptoWalletSchema) } } },
    async () => wallets.list(),
  );
  app.post(
    '/crypto-wallets',
    { schema: { body: cryptoWalletInputSchema, response: { 201: cryptoWalletSchema } } },
    async (request, reply) =>
      reply.code(201).send(await wallets.create(request.body, auditBy(request))),
  );
  app.put(
    '/crypto-wallets/:id',
    {
      schema: {
        params: idParamsSchema,
        body: walletToggleSchema,
        response: { 200: cryptoWalletSchema },
      },
    },
    async (request) =>
      wallets.setActive(request.params.id, request.body.isActive, auditBy(request)),
  );

  app.get('/rates', { schema: { response: { 200: z.array(exchangeRateSchema) } } }, async () =>
    rates.list(),
  );
  app.put(
    '/rates/:base/:quote',
    {
      schema: {
        params: rateParamsSchema,
        body: rateInputSchema,
        response: { 200: exchangeRateSchema },
      },
    },
    async (request) =>
      rates.set(request.params.base, request.params.quote, request.body.rate, {
        id: request.user?.id ?? '',
        email: request.user?.email ?? '',
        ip: request.ip,
      }),
  );

  app.get('/ledger/check', { schema: { response: { 200: ledgerCheckSchema } } }, async () =>
    payments.ledgerCheck(),
  );
};
