import { errorResponseSchema } from '@parley/shared';
import { z } from 'zod';
import { gettingStarted } from './getting-started.js';
import { audienceOf, completeOperation, routeByOperation } from './openapi-operations.js';
import { tagOf } from './openapi-tags.js';
import { SESSION_COOKIE } from './session-cookie.js';

export type Audience = 'customer' | 'operators';

/** What the documents say about this server: where it answers and who to ask. */
export interface DocsSettings {
  publicUrl: string | undefined;
  supportEmail: string;
}

/** The OpenAPI object as @fastify/swagger builds it, loosely typed. */
export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

const SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The browser session the sign-in sets.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from the account page: `Authorization: Bearer prl_live_…`.',
  },
  edgeSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'The SIP edge’s shared secret, VOICE_EDGE_SECRET.',
  },
};

const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(errorResponseSchema, {
  target: 'draft-2020-12',
}) as Record<string, unknown>;

const OPERATORS_INTRO = `Parley's admin and SIP edge operations, for operators only: the
customers' reference is at /api/docs. Admin routes take an admin's browser session; the
SIP edge's take VOICE_EDGE_SECRET as a bearer token.`;

/** The server's own origin; a relative URL when PUBLIC_URL is not set. */
const serverUrlOf = (settings: DocsSettings) => settings.publicUrl?.replace(/\/+$/, '') ?? '';

function infoFor(audience: Audience, settings: DocsSettings) {
  const url = serverUrlOf(settings);
  return {
    title: audience === 'customer' ? 'Parley API' : 'Parley operators’ API',
    version: '1',
    description:
      audience === 'customer' ? gettingStarted(url || 'https://parley.example') : OPERATORS_INTRO,
    contact: { name: 'Parley support', email: settings.supportEmail, ...(url ? { url } : {}) },
    license: { name: 'Proprietary', identifier: 'LicenseRef-Parley' },
  };
}

/** The operations of one audience, each completed, by path. */
function pathsFor(audience: Audience, full: OpenApiDocument) {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, methods] of Object.entries(full.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const route = routeByOperation.get(`${method} ${path}`);
      if (!route || audienceOf(route) !== audience) continue;
      paths[path] = { ...paths[path], [method]: completeOperation(route, operation) };
    }
  return paths;
}

/**
 * The customers' reference (public and customer operations, with the getting-started
 * guide) or the operators' document (admin and edge operations), from the one document
 * @fastify/swagger builds of every route.
 */
export function documentFor(
  audience: Audience,
  full: OpenApiDocument,
  settings: DocsSettings,
): OpenApiDocument {
  const paths = pathsFor(audience, full);
  const groups = new Set(
    Object.values(paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => operation.tags as string[]),
    ),
  );
  const schemes =
    audience === 'customer'
      ? { sessionCookie: SCHEMES.sessionCookie, apiKey: SCHEMES.apiKey }
      : { sessionCookie: SCHEMES.sessionCookie, edgeSecret: SCHEMES.edgeSecret };
  return {
    openapi: full.openapi,
    info: infoFor(audience, settings),
    servers: [{ url: serverUrlOf(settings) || '/', description: 'This Parley server' }],
    tags: [...groups].sort().map(tagOf),
    paths,
    components: {
      schemas: { ...full.components?.schemas, Error: errorSchema },
      securitySchemes: schemes,
    },
  };
}
