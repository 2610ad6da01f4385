import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const REQUEST_ID = 'requestId';

/**
 * One line per request, as it is answered: its method and path (never the query string,
 * see log-safety.ts), status, time and request id. Fastify's own controller also writes
 * a line as each request comes in: at `info`, the default level, that doubled the cost
 * of logging and said nothing the answered line does not (a long request, an event
 * stream, is logged as it ends). The line goes to the app's logger with the request id
 * as a field, which reads the same as the request's own logger but does not make one
 * for every request (lazy-child-logger.ts).
 */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = request.server.log;
    const line = {
      [REQUEST_ID]: request.id,
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}
