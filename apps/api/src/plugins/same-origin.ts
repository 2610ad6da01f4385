import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { bearerKeyOf } from './bearer-key.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sends from another origin. Same-origin
 * means PUBLIC_URL's origin when that is set, otherwise the host the request was sent
 * to, so any port or host name works without configuration. Without Origin, the browser's
 * Sec-Fetch-Site decides; a client sending neither is not a browser and carries no
 * victim's cookies.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      const from = new URL(origin);
      // With PUBLIC_URL set, that is the only origin: a Host header can be spoofed by
      // DNS rebinding; without it, the host the request was sent to decides.
      if (publicUrl) return from.origin === new URL(publicUrl).origin;
      return from.host === request.headers.host?.toLowerCase();
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * A request with an API key is exempt: the check guards cookies a browser adds on its
 * own, and a browser never adds an Authorization header across sites without CORS,
 * which Parley does not answer. Such a request's cookie is never read (session.ts).
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request, publicUrl)) return done();
    if (bearerKeyOf(request.headers.authorization) !== null) return done();
    done(new AppError('CROSS_SITE_REQUEST', 'Requests from other sites are not accepted.'));
  });
}
