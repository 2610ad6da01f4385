import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
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
import { requireAdmin } from './guards.js';
import {
  type Audience,
  type DocsSettings,
  documentFor,
  type OpenApiDocument,
} from './openapi-documents.js';
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

/** Where the documents and their pages come from. */
export interface ApiDocsOptions extends DocsSettings {
  webDistDir?: string;
}

/** Each audience's document, made once from the full one on first use. */
function documents(app: FastifyInstance, settings: DocsSettings) {
  const made = new Map<Audience, OpenApiDocument>();
  return (audience: Audience): OpenApiDocument => {
    let document = made.get(audience);
    if (!document) {
      document = documentFor(audience, app.swagger() as unknown as OpenApiDocument, settings);
      made.set(audience, document);
    }
    return document;
  };
}

/** The reference page's options: its files come from this server (no CDN). */
function pageOptions(webDistDir: string | undefined, title: string) {
  const favicon = webDistDir ? path.join(webDistDir, 'favicon.svg') : null;
  return {
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
    theme: { title },
    ...(favicon && fs.existsSync(favicon)
      ? { logo: { type: 'image/svg+xml', content: fs.readFileSync(favicon), href: '/' } }
      : {}),
    // Groups start closed, with a filter by group: the reference page stops drawing
    // operations after about 130 shown at once, and one group at a time stays quick.
    uiConfig: { docExpansion: 'none', deepLinking: true, filter: true },
    validatorUrl: false,
    transformSpecificationClone: false,
  } satisfies FastifySwaggerUiOptions;
}

/**
 * OpenAPI 3.1 built from the shared endpoint definitions. Customers get theirs at
 * /api/openapi.json with a reference page and its getting-started guide at /api/docs;
 * routes outside the definitions (the web app's files) carry no tag and stay out.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: ApiDocsOptions,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parley API', version: '1' },
      // The schemes endpoints.ts names; each audience's document declares its own.
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          edgeSecret: { type: 'http', scheme: 'bearer' },
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
  const documentOf = documents(app, options);
  app.decorate('apiDocument', documentOf);
  // Each page in a scope of its own: the page plugin decorates the scope it is in.
  await app.register(async (scope) => {
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      ...pageOptions(options.webDistDir, 'Parley API'),
      transformSpecification: () => documentOf('customer'),
    });
  });
  route(app, 'docs.openapi', (_request, reply) => reply.send(documentOf('customer')));
}

/**
 * The operators' document (admin and edge operations) at /api/admin/openapi.json and
 * its page at /api/admin/docs, for signed-in admins only. Registered after the session
 * plugin, whose hook the page's scope needs to know the admin.
 */
export async function registerOperatorDocs(app: FastifyInstance, webDistDir?: string) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    await scope.register(swaggerUi, {
      routePrefix: '/api/admin/docs',
      ...pageOptions(webDistDir, 'Parley operators’ API'),
      transformSpecification: () => app.apiDocument('operators'),
    });
  });
  route(app, 'docs.admin.openapi', (_request, reply) => reply.send(app.apiDocument('operators')));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The customers' or the operators' OpenAPI document. */
    apiDocument: (audience: Audience) => OpenApiDocument;
  }
}
