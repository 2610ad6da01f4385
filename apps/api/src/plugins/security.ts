import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env.js';

/**
 * The security headers for this configuration. The CSP allows only our own origin for
 * scripts, connections, fonts and workers (and, with the SIP gateway, the edge's
 * WebSocket for the browser's softphone); inline styles are allowed because the
 * component library positions popovers with style attributes.
 */
export function helmetOptions(config: Config): HelmetOptions {
  // HSTS and request upgrades only make sense when the public address is https.
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const softphone = config.voice.gateway === 'sip' ? [new URL(config.voice.wssUrl).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...softphone],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * What helmet sets for these options, worked out once. They never vary by request, and
 * @fastify/helmet would parse the whole policy again on every request (a tenth of a
 * health check's time). Helmet itself writes them here, so they stay exactly its.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers on every answer, and compression of answers above 1 KB. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = staticSecurityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
}
