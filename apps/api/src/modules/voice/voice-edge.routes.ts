import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../plugins/endpoints.js';
import type { EdgeService } from './edge.service.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The edge proves itself with `Authorization: Bearer <VOICE_EDGE_SECRET>`. */
export function edgeGuard(secret: string | null) {
  const expected = secret ? digest(secret) : null;
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    // Compared as digests: equal lengths, and no timing clue about the secret.
    if (!expected || !given || !timingSafeEqual(digest(given), expected))
      throw new AppError('UNAUTHORIZED', 'The edge secret is missing or wrong.');
  };
}

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
