import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@parley/shared';
import type {
  FastifyInstance,
  FastifyReply,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { fingerprintOf, keyedId, keyInProgress, keyReused } from '../lib/idempotency.js';
import {
  type IdempotencyStore,
  type KeyClaim,
  keepsAnswer,
  type StoredAnswer,
  verdictOf,
} from '../lib/idempotency-keys.js';
import { loggable } from './errors.js';
import { userId } from './guards.js';

/** How long a running request holds its key before a repeat may take it over. */
export const IDEMPOTENCY_LOCK_MS = 60_000;
const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

interface Settings {
  store: IdempotencyStore;
  now: () => Date;
  lockMs: number;
}

/** The key a request holds while its handler runs. */
interface HeldKey {
  userId: string;
  key: string;
  token: string;
  /** The module's own record id for this key (lib/idempotency.ts, keyedId). */
  id: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: Settings;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, until its answer is recorded (decision 0064). */
    idempotency: HeldKey | null;
  }
}

/** Sends a recorded answer again, marked as a replay. */
function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.code(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.type(answer.contentType);
  return reply.send(answer.body ?? undefined);
}

/** The answer as it leaves, if it can be kept: JSON text (a stream or file cannot). */
function answerOf(reply: FastifyReply, payload: unknown): StoredAnswer | null {
  const type = reply.getHeader('content-type');
  const contentType = typeof type === 'string' ? type : null;
  if (payload === undefined || payload === null)
    return { status: reply.statusCode, contentType, body: null };
  if (typeof payload === 'string') return { status: reply.statusCode, contentType, body: payload };
  if (Buffer.isBuffer(payload))
    return { status: reply.statusCode, contentType, body: payload.toString('utf8') };
  return null;
}

/**
 * The Idempotency-Key mechanism (decision 0064): the settings the endpoints' hooks read.
 * Only idempotent endpoints carry its hooks (`idempotentRequest`, `recordAnswer`), so
 * every other request passes none of them.
 */
export function registerIdempotency(
  app: FastifyInstance,
  settings: { store: IdempotencyStore; now?: () => Date; lockMs?: number },
): void {
  app.decorate('idempotency', {
    store: settings.store,
    now: settings.now ?? (() => new Date()),
    lockMs: settings.lockMs ?? IDEMPOTENCY_LOCK_MS,
  });
  app.decorateRequest('idempotency', null);
}

/**
 * An idempotent endpoint's `onSend` hook: records the first answer (or drops the claim
 * after a server failure). A route's own hook, so it runs before compression's, which
 * the compression plugin adds after it: the answer is still its JSON text. A callback
 * hook: most requests hold no key, and make no promise here.
 */
export const recordAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const held = request.idempotency;
  if (!held) return done(null, payload);
  request.idempotency = null;
  const { store } = request.server.idempotency;
  const answer = answerOf(reply, payload);
  const recorded =
    answer && keepsAnswer(answer.status)
      ? store.finish(held.userId, held.key, held.token, answer)
      : store.release(held.userId, held.key, held.token);
  recorded.then(
    () => done(null, payload),
    (err: unknown) => {
      // The claim stays running: its lock lapses and the endpoint's mode decides a repeat.
      request.log.error({ err: loggable(err) }, 'idempotency: the answer was not recorded');
      done(null, payload);
    },
  );
};

/**
 * The hook an idempotent endpoint runs after its guard and validation: without the
 * header, nothing; else it claims the customer's key, or answers a repeat: the first
 * answer again, 422 for another request, 409 while the first one runs.
 */
export function idempotentRequest(
  route: string,
  mode: 'rerun' | 'hold',
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return;
    const { store, now, lockMs } = request.server.idempotency;
    const user = userId(request);
    const at = now();
    const { params, query, body } = request;
    const claim: KeyClaim = {
      userId: user,
      key,
      route,
      fingerprint: fingerprintOf({ params, query, body }),
      token: randomUUID(),
      lockedUntil: new Date(at.getTime() + lockMs),
      expiresAt: new Date(at.getTime() + TTL_MS),
      now: at,
    };
    const held = await store.claim(claim);
    if (held) {
      const verdict = verdictOf(held, { route, fingerprint: claim.fingerprint, mode }, at);
      if (verdict === 'reused') throw keyReused('Idempotency-Key');
      if (verdict === 'replay' && held.answer) return replay(reply, held.answer);
      if (verdict !== 'take-over' || !(await store.takeOver(claim, held.token)))
        throw keyInProgress();
    }
    request.idempotency = { userId: user, key, token: claim.token, id: keyedId(user, route, key) };
  };
}

/**
 * The module's own record id for the Idempotency-Key this request holds (an SMS's
 * `requestId`, an order's `orderId`), so a repeat that runs again finds the first
 * record instead of acting twice; undefined without the header.
 */
export const idempotentId = (request: { idempotency: HeldKey | null }): string | undefined =>
  request.idempotency?.id;
