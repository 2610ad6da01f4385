import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * The headers of a JSON answer, which is never a page: nothing may load in it or frame it
 * (`default-src 'none'`, stricter than a page's policy), no other site may read it, and it
 * is never sniffed as something else; HSTS as the pages have it. Helmet's other headers
 * (COOP, Origin-Agent-Cluster, DNS prefetch, IE's download and XSS switches) only act on
 * documents, and leaving them off halves the size of a small answer (decision 0031).
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const hsts = page['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

declare module 'fastify' {
  interface FastifyReply {
    /** Gives an answer under /api that is a page (the sign-out page, the API reference) the pages' headers. */
    asPage(): FastifyReply;
  }
}

/**
 * Security headers on every answer, and its request id: the pages' set everywhere but
 * /api, the API's set under /api (answers there are JSON unless a route calls `reply.asPage()`); compression
 * of answers above 1 KB.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const page = staticSecurityHeaders(helmetOptions(config));
  const api = apiSecurityHeaders(page);
  const apiNames = Object.keys(api);
  // One hook for every answer's headers, the request id's too: each hook costs every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    reply.header('x-request-id', request.id);
    done();
  });
  app.decorateReply('asPage', function asPage(this: FastifyReply) {
    for (const name of apiNames) this.removeHeader(name);
    return this.headers(page);
  });
  await app.register(compress, { global: true, threshold: 1024 });
}
