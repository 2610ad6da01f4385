import { randomUUID } from 'node:crypto';
import type { PublicConfig } from '@parley/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { IdempotencyStore } from './lib/idempotency-keys.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { handleError, registerErrorHandling } from './plugins/errors.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { lazyChildLogger } from './plugins/lazy-child-logger.js';
import { safeLogging } from './plugins/log-safety.js';
import { registerNoStore } from './plugins/no-store.js';
import { RequestLog } from './plugins/request-log.js';
import { responseSerializer } from './plugins/response-serializer.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextGuard } from './plugins/text-guard.js';

export function publicConfigOf(config: Config): PublicConfig {
  return {
    salesEmail: config.salesEmail,
    supportEmail: config.supportEmail,
    whatsappUrl: config.whatsappUrl,
    telegramUrl: config.telegramUrl,
    sipDomain: config.voice.domain,
  };
}

/** The Fastify instance with the plugins every route goes through, in their hook order. */
export async function createServer(
  config: Config,
  idempotency: IdempotencyStore,
  logStream?: NodeJS.WritableStream,
) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...safeLogging,
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLog(),
    // Behind a proxy every client would share its address, and so its rate limits; only
    // the proxies named (by hop count or address) are believed, never any client.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL…) take the same path.
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();

  const routes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  registerTextGuard(app);
  registerNoStore(app);
  // The store the idempotent endpoints' own hooks use (decision 0064).
  registerIdempotency(app, { store: idempotency });
  await registerSecurity(app, config);
  registerSameOriginCheck(app, config.publicUrl);
  // Before any route: the API reference reads each route as it is added.
  await registerApiDocs(app, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  });
  return app;
}
