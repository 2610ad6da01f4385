import type { FastifyPluginAsync } from 'fastify';
import { edgeGuard } from '../../plugins/edge-guard.js';
import { route } from '../../plugins/endpoints.js';
import type { EdgeService } from './edge.service.js';

/** The SIP edge's side: authorise a call or look up a number rung, report progress and end. */
export const voiceEdgeRoutes: FastifyPluginAsync<{
  edge: EdgeService;
  secret: string | null;
}> = async (app, { edge, secret }) => {
  const onRequest = edgeGuard(secret);
  route(app, 'voice.edge.authorise', (r) => edge.authorise(r.body), { onRequest });
  route(app, 'voice.edge.inbound', (r) => edge.inbound(r.body), { onRequest });
  route(app, 'voice.edge.progress', (r) => edge.progress(r.body), { onRequest });
  route(app, 'voice.edge.end', (r) => edge.end(r.body), { onRequest });
};
