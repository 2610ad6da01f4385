import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';

/**
 * Security headers and compression. The CSP allows only our own origin for scripts,
 * connections, fonts and workers (and, with the SIP gateway, the edge's WebSocket for
 * the browser's softphone); inline styles are allowed because the component library
 * positions popovers with style attributes.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // HSTS and request upgrades only make sense when the public address is https.
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const softphone = config.voice.gateway === 'sip' ? [new URL(config.voice.wssUrl).origin] : [];
  await app.register(helmet, {
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
  });
  await app.register(compress, { global: true, threshold: 1024 });
}
