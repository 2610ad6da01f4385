import type { FastifyInstance } from 'fastify';

/**
 * Signed-in answers are never kept by a browser or a proxy cache: every /api response
 * to a request with a valid session, and every /api/admin and /api/auth response
 * (errors included), carries `Cache-Control: no-store`.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { url } = request;
    if (
      url.startsWith('/api/') &&
      (request.user || url.startsWith('/api/admin/') || url.startsWith('/api/auth/'))
    )
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
