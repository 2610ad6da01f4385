import { type FieldError, textProblem } from '@parley/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';

const MAX_DEPTH = 32;

/**
 * The first text in `value` (strings and object keys, at any depth) that no field may
 * hold, named by its path (`body.recipients.2`), or null when all of it is acceptable.
 */
export function findBadText(value: unknown, path: string, depth = 0): FieldError | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, message: problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { path, message: 'Nested too deeply' };
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const where = `${path}.${key}`;
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: where, message: keyProblem };
    const found = findBadText(item, where, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One guarantee for every route: no text that reaches a handler holds a control
 * character (C0 but TAB, LF and CR; DEL; C1) or a lone surrogate, whether it came in
 * the path, the query string or the body (JSON or text/csv). Such a request is answered
 * `400 VALIDATION_FAILED` naming the field (`body.message`) before validation runs, so
 * nothing is written. Single-line fields refuse TAB, LF and CR too, in their contracts.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const found =
      findBadText(request.params, 'params') ??
      findBadText(request.query, 'query') ??
      findBadText(request.body, 'body');
    if (!found) return;
    return sendError(
      reply,
      'VALIDATION_FAILED',
      `Invalid request. ${found.path}: ${found.message}`,
      [found],
    );
  });
}
