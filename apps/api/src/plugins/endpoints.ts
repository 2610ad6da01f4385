import {
  defaultStatus,
  type EndpointSchemas,
  type Endpoints,
  endpoints,
  idempotencyHeadersSchema,
  isOtherAnswer,
  type ParsedOf,
  type ReplyOf,
  type RouteName,
  routes,
} from '@parley/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
} from 'fastify';
import { guardFor } from './guards.js';
import { idempotentRequest, recordAnswer } from './idempotency.js';

/** The request a handler sees: Fastify's, with params, query and body parsed by the contract. */
export type EndpointRequest<N extends RouteName> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> &
  ParsedOf<Endpoints[N]>;

type Result<N extends RouteName> = ReplyOf<Endpoints[N]> | FastifyReply | undefined;

/** A handler answers the body, or nothing for 204, or the reply it has sent itself. */
export type Handler<N extends RouteName> = (
  request: EndpointRequest<N>,
  reply: FastifyReply,
  // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler is an async function returning nothing
) => Result<N> | Promise<Result<N> | void>;

export interface EndpointOptions {
  /** Runs after the access guard (e.g. a rate limit). */
  onRequest?: onRequestAsyncHookHandler;
  /** The 401 text where an endpoint promises its own. */
  signInMessage?: string;
}

/** The Fastify schema of an endpoint: validation, serialisation and the docs' details. */
function fastifySchema(name: RouteName): FastifySchema {
  const route = routes[name];
  const schemas: EndpointSchemas = endpoints[name];
  const response = Object.fromEntries(
    Object.entries(schemas.responses).filter(([, s]) => s !== null && !isOtherAnswer(s)),
  );
  return {
    summary: schemas.summary,
    // The group (`payments` or `payments.admin`): the docs list customer and admin apart.
    tags: [name.slice(0, name.lastIndexOf('.'))],
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    // The Idempotency-Key header, validated and shown in the docs where it is read.
    ...(schemas.idempotent ? { headers: idempotencyHeadersSchema } : {}),
    // A CSV upload is read as text by its own parser, so the docs alone describe it.
    ...(schemas.body && !route.bodyType ? { body: schemas.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
    ...(route.access === 'public'
      ? {}
      : { security: [route.access === 'edge' ? { edgeSecret: [] } : { session: [] }] }),
  };
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === 'function';

/** What a handler's result makes of the reply: the body, or the reply itself once sent. */
function answer(reply: FastifyReply, result: unknown) {
  if (result === reply || reply.sent) return reply;
  if (result === undefined) return reply.send();
  return result;
}

/**
 * Registers one endpoint from its shared definition: the path, the access guard and the
 * schemas come from `@parley/shared`, so the handler is all a module writes. The answer's
 * status is the endpoint's first success status unless the handler sets another.
 */
export function route<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: Handler<N>,
  options: EndpointOptions = {},
): void {
  const { method, path, access } = routes[name];
  const status = defaultStatus(endpoints[name]);
  // The edge's routes bring their own guard (the shared secret): never left open.
  if (access === 'edge' && !options.onRequest) throw new Error(`${name}: the edge needs a guard`);
  const guard = guardFor(name, access, options.signInMessage);
  const onRequest = [guard, options.onRequest].filter((h) => h != null);
  const { idempotent } = endpoints[name] as EndpointSchemas;
  app.route({
    method,
    url: path,
    schema: fastifySchema(name),
    onRequest,
    // After the guard and the validation: the key is the signed-in customer's.
    ...(idempotent
      ? { preHandler: idempotentRequest(name, idempotent), onSend: [recordAnswer] }
      : {}),
    // A read has no body to inflate: no decompression hook on its every request.
    ...(method === 'GET' ? { decompress: false as const } : {}),
    // Not an async function: a handler that answers at once makes no promise here.
    handler: (request, reply) => {
      reply.code(status);
      const result = handler(request as unknown as EndpointRequest<N>, reply);
      // The reply itself (a thenable, so tested first): the handler sends it, now or later.
      if (result === reply) return undefined;
      if (isPromise(result)) return result.then((r) => answer(reply, r));
      const body = answer(reply, result);
      // Once sent here, the reply is not a body: there is nothing left for Fastify to send.
      return body === reply ? undefined : body;
    },
  });
}
