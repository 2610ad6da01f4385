import { type FieldError, textProblem, textProblemCode } from '@parley/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';

const MAX_DEPTH = 32;
/** Enough to name the problem; a body full of control characters is not listed whole. */
const MAX_FIELDS = 20;

/**
 * The texts in `value` (strings and object keys, at any depth) that no field may hold,
 * each named by its path (`body.recipients.2`); empty when all of it is acceptable.
 */
export function findBadText(value: unknown, path: string, found: FieldError[] = [], depth = 0) {
  if (found.length >= MAX_FIELDS) return found;
  if (typeof value === 'string') {
    const problem = textProblem(value);
    const code = textProblemCode(value);
    if (problem && code) found.push({ path, code, params: {}, message: problem });
    return found;
  }
  if (value === null || typeof value !== 'object') return found;
  if (depth >= MAX_DEPTH) {
    found.push({ path, code: 'NESTED_TOO_DEEPLY', params: {}, message: 'Nested too deeply' });
    return found;
  }
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const where = `${path}.${key}`;
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    const keyCode = typeof key === 'string' ? textProblemCode(key) : null;
    if (keyProblem && keyCode)
      found.push({ path: where, code: keyCode, params: {}, message: keyProblem });
    else findBadText(item, where, found, depth + 1);
  }
  return found;
}

/** Whether `value` holds no field (Fastify's query and params are plain objects). */
function isEmpty(value: unknown): boolean {
  if (value == null) return true;
  if (typeof value !== 'object') return false;
  for (const _ in value) return false;
  return true;
}

/**
 * One guarantee for every route: no text that reaches a handler holds a control
 * character (C0 but TAB, LF and CR; DEL; C1) or a lone surrogate, whether it came in
 * the path, the query string or the body (JSON or text/csv). Such a request is answered
 * `400 VALIDATION_FAILED` naming the field (`body.message`) before validation runs, so
 * nothing is written. Single-line fields refuse TAB, LF and CR too, in their contracts.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook: on every request, and most pass, so no promise is made for them.
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    // Most reads carry no text at all: nothing to walk.
    if (request.body === undefined && isEmpty(request.query) && isEmpty(request.params))
      return done();
    const found: FieldError[] = [];
    findBadText(request.params, 'params', found);
    findBadText(request.query, 'query', found);
    findBadText(request.body, 'body', found);
    if (found.length === 0) return done();
    const summary = found.map((f) => `${f.path}: ${f.message}`).join('; ');
    // Answered here: the request goes no further (done is not called).
    sendError(reply, 'VALIDATION_FAILED', `Invalid request. ${summary}`, found);
  });
}
