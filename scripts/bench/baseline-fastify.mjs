// The framework's floor for Parley's answers: Fastify answering a hello with the same
// security headers Parley sends on every API answer (worked out by the same code), and no
// other plugin. Health can come no closer to node:http than this does. With
// BENCH_FASTIFY_ROUTES=1 it also registers every route Parley defines (empty handlers):
// Fastify's cost per request grows with the size of its route table.
import Fastify from 'fastify';
import {
  apiSecurityHeaders,
  helmetOptions,
  staticSecurityHeaders,
} from '../../apps/api/dist/plugins/security.js';
import { routes } from '../../packages/shared/dist/index.js';

const headers = apiSecurityHeaders(
  staticSecurityHeaders(helmetOptions({ publicUrl: undefined, voice: { gateway: 'sandbox' } })),
);
const app = Fastify({ logger: false });
app.addHook('onRequest', (request, reply, done) => {
  reply.headers(headers);
  reply.header('x-request-id', request.id);
  done();
});
app.get('/', async () => ({ status: 'ok' }));
if (process.env.BENCH_FASTIFY_ROUTES === '1')
  for (const { method, path } of Object.values(routes))
    app.route({ method, url: path, handler: async () => ({}) });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
