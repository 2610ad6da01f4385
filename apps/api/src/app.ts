import { randomUUID } from 'node:crypto';
import type { PublicConfig } from '@parley/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createHealthRepo } from './modules/health/health.repo.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createHealthService } from './modules/health/health.service.js';
import { handleError, registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web.js';

export interface AppDeps {
  config: Config;
  database: Database;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

function publicConfigOf(config: Config): PublicConfig {
  return {
    salesEmail: config.salesEmail,
    supportEmail: config.supportEmail,
    whatsappUrl: config.whatsappUrl,
    telegramUrl: config.telegramUrl,
  };
}

/** Assembles the server from its dependencies; main.ts and the tests both call this. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL…) take the same path.
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  await registerSecurity(app, config);

  const { db } = database;
  await app.register(healthRoutes, {
    service: createHealthService({ repo: createHealthRepo(db) }),
  });
  await app.register(authRoutes);

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicConfig: publicConfigOf(config),
  });
  return app;
}
