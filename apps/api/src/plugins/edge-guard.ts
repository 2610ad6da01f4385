import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The guard of the SIP edge's routes (access `edge`, which `route` refuses without one):
 * the edge proves itself with `Authorization: Bearer <VOICE_EDGE_SECRET>`.
 */
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
