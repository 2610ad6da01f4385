import type { FastifyInstance } from 'fastify';

/**
 * Signed-in answers are never kept by a browser or a proxy cache: every /api response
 * to a request with a valid session, and every /api/admin and /api/auth response
 * (errors included), carries `Cache-Control: no-store`.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return payload;
    if (request.user || path.startsWith('/api/admin/') || path.startsWith('/api/auth/'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
