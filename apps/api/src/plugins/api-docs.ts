import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  type EndpointSchemas,
  endpoints,
  isOtherAnswer,
  type RouteName,
  routes,
} from '@parley/shared';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { route } from './endpoints.js';
import { SESSION_COOKIE } from './session-cookie.js';

const byRoute = new Map(
  (Object.keys(routes) as RouteName[]).map((name) => [
    `${routes[name].method} ${routes[name].path}`,
    name,
  ]),
);

/** Answers that are not JSON (pages, files, redirects, streams, empty), as OpenAPI sees them. */
function otherAnswers(schemas: EndpointSchemas): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schemas.responses)) {
    if (answer === null) out[status] = { type: 'null', description: 'No content' };
    else if (isOtherAnswer(answer))
      out[status] = {
        description: answer.description,
        ...(answer.contentType
          ? { content: { [answer.contentType]: { schema: { type: 'string' } } } }
          : {}),
      };
  }
  return out;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * OpenAPI 3.1 built from the shared endpoint definitions, served at /api/openapi.json,
 * with a reference page at /api/docs whose files come from this server (no CDN).
 * Routes outside the definitions (the web app's files) carry no tag and stay out.
 */
export async function registerApiDocs(app: FastifyInstance, webDistDir?: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version: '1',
        description:
          'Errors answer `{ error: { code, message, requestId, fields? } }`; translate by `code`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          edgeSecret: { type: 'http', scheme: 'bearer', description: 'VOICE_EDGE_SECRET' },
        },
      },
    },
    hideUntagged: true,
    transform: (document) => {
      const transformed = zodTransform(document);
      const name = byRoute.get(`${document.route.method} ${document.url}`);
      if (!name) return transformed;
      const schemas: EndpointSchemas = endpoints[name];
      const schema = { ...transformed.schema } as Record<string, unknown>;
      schema.response = { ...(schema.response as object), ...otherAnswers(schemas) };
      const { bodyType } = routes[name];
      if (bodyType) {
        schema.consumes = [bodyType];
        schema.body = { type: 'string', description: 'The file as text' };
      }
      return { ...transformed, schema };
    },
  });
  const favicon = webDistDir ? path.join(webDistDir, 'favicon.svg') : null;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The app's own policy, which allows the inline styles the reference page sets.
    staticCSP: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    },
    // A page under /api: the pages' headers, then its own policy above.
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.asPage();
        done();
      },
    },
    theme: { title: 'Parley API' },
    ...(favicon && fs.existsSync(favicon)
      ? { logo: { type: 'image/svg+xml', content: fs.readFileSync(favicon), href: '/' } }
      : {}),
    // Groups start closed, with a filter by group: the reference page stops drawing
    // operations after about 130 shown at once, and one group at a time stays quick.
    uiConfig: { docExpansion: 'none', deepLinking: true, filter: true },
    validatorUrl: false,
  });
  route(app, 'docs.openapi', (_request, reply) => reply.send(app.swagger()));
}
