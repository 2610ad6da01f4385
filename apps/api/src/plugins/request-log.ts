import type { ServerResponse } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const REQUEST_ID = 'requestId';

/** pino's check, which Fastify's logger type leaves out. */
type Leveled = { isLevelEnabled?(level: string): boolean };

/** A request's line: method, path (no query string), host, client address, status, time, id. */
function lineOf(request: FastifyRequest, reply: FastifyReply) {
  return { [REQUEST_ID]: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
}

const REPLY = Symbol('reply');
type Answer = ServerResponse & { [REPLY]?: FastifyReply };

function logOnClose(this: Answer): void {
  const reply = this[REPLY];
  if (!reply) return;
  this[REPLY] = undefined;
  const line = lineOf(reply.request, reply);
  reply.server.log.info(line, this.writableEnded ? 'request completed' : 'request aborted');
}

/**
 * One line per request, when its answer is done: "request completed", or "request
 * aborted" when the client went away first (an event stream the browser closed, a
 * request given up on). Fastify's own controller writes a line as each request comes in
 * and another as it completes: at `info`, the default level, that doubled the cost of
 * logging. The line goes to the app's logger with the request id as a field, which reads
 * as the request's own logger would but makes no pino child for every request
 * (lazy-child-logger.ts). Requests Fastify answers before routing them (a malformed
 * URL) are logged the same way.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID });
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if ((request.server.log as Leveled).isLevelEnabled?.('info') === false) return;
    // One shared listener rather than a closure for each request: the reply rides on its
    // response, which emits close once, whether it was answered or its client left.
    const raw = reply.raw as Answer;
    raw[REPLY] = reply;
    raw.on('close', logOnClose);
  }

  /** Only a response that failed on its way out: its completion is logged on close. */
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      request.server.log.error({ ...lineOf(request, reply), err: error }, 'request errored');
  }
}
