import { ERROR_STATUS, type Route, routes, scopeOf } from '@parley/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app-fixture.js';
import { adminSession, sessionCookieOf, signUp } from '../../test/helpers.js';
import { audienceOf, openApiPath, operationIdOf } from './openapi-operations.js';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
};
type Document = {
  openapi: string;
  info: { description: string; contact?: unknown; license?: unknown };
  servers?: { url: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const ctx = useTestApp();
let customers: Document;
let operators: Document;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  customers = res.json();
  adminCookie = await adminSession(ctx, 'docs-admin@example.com');
  customerCookie = sessionCookieOf((await signUp(ctx.app)).res);
  const admin = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/openapi.json',
    headers: { cookie: adminCookie },
  });
  expect(admin.statusCode).toBe(200);
  operators = admin.json();
});

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
const operationOf = (route: Route) => {
  const document = audienceOf(route) === 'operators' ? operators : customers;
  return document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
};

describe('the OpenAPI documents', () => {
  it('are valid OpenAPI 3.1', async () => {
    for (const document of [customers, operators]) {
      expect(document.openapi).toBe('3.1.0');
      const result = await new Validator().validate(structuredClone(document));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
    // The check can fail: the same document without its required `info` is refused.
    const { info: _info, ...broken } = structuredClone(customers) as Record<string, unknown>;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('document every API route the server registers between them, and nothing else', () => {
    const registered = ctx.app.registeredRoutes
      .filter((r) => /^\/(api|internal)\//.test(r.url) && r.method !== 'HEAD')
      .filter((r) => !/^\/api\/(admin\/)?docs(\/|$)/.test(r.url))
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`);
    const documented = [customers, operators].flatMap((document) =>
      operationsOf(document).map(({ path, method }) => `${method} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(70);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('keep admin and edge operations out of the customers’ reference', () => {
    for (const route of Object.values(routes) as Route[]) {
      // Every admin and edge route, and the admins' sign-in (public, under /api/admin).
      const forOperators = route.path.startsWith('/api/admin/') || route.access === 'edge';
      const path = openApiPath(route.path);
      const method = route.method.toLowerCase();
      expect(Boolean(customers.paths[path]?.[method]), route.name).toBe(!forOperators);
      expect(Boolean(operators.paths[path]?.[method]), route.name).toBe(forOperators);
    }
    expect(JSON.stringify(Object.keys(customers.paths))).not.toContain('/api/admin/');
  });

  it('name every operation after its route, once', () => {
    const ids = [customers, operators].flatMap((d) =>
      operationsOf(d).map(({ operation }) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of Object.values(routes) as Route[])
      expect(operationOf(route)?.operationId, route.name).toBe(operationIdOf(route.name));
    expect(customers.paths['/api/sms/send']?.post?.operationId).toBe('smsSend');
  });

  it('declare the security schemes and each operation’s, with its scope', () => {
    expect(customers.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: 'parley_session',
      }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(Object.keys(operators.components.securitySchemes).sort()).toEqual([
      'edgeSecret',
      'sessionCookie',
    ]);
    for (const route of Object.values(routes) as Route[]) {
      const security = operationOf(route)?.security;
      const scope = scopeOf(route.name);
      if (route.access === 'public') expect(security, route.name).toEqual([]);
      else if (route.access === 'edge') expect(security, route.name).toEqual([{ edgeSecret: [] }]);
      else if (route.access === 'user' && scope)
        expect(security, route.name).toEqual([{ sessionCookie: [] }, { apiKey: [scope] }]);
      else expect(security, route.name).toEqual([{ sessionCookie: [] }]);
    }
  });

  it('list each operation’s refusals with their codes', () => {
    for (const route of Object.values(routes) as Route[]) {
      const answers = operationOf(route)?.responses ?? {};
      if (route.access !== 'public')
        expect(answers['401']?.description, route.name).toContain('UNAUTHORIZED');
      if (route.access === 'admin')
        expect(answers['403']?.description, route.name).toContain('FORBIDDEN');
    }
    const send = customers.paths['/api/sms/send']?.post?.responses ?? {};
    expect(send['400']?.description).toContain('VALIDATION_FAILED');
    expect(send['403']?.description).toContain('CROSS_SITE_REQUEST');
    const update = operators.paths['/api/admin/chat/sessions/{id}']?.patch?.responses ?? {};
    expect(update['404']?.description).toContain('NOT_FOUND');
  });

  it('say where the server is, who answers for it, and what each group is', () => {
    for (const document of [customers, operators]) {
      expect(document.servers?.length).toBeGreaterThan(0);
      expect(document.info.contact).toBeDefined();
      expect(document.info.license).toBeDefined();
      const tags = new Set(document.tags?.map((t) => t.name));
      for (const { operation } of operationsOf(document))
        for (const tag of operation.tags ?? []) expect(tags.has(tag), tag).toBe(true);
      for (const tag of document.tags ?? []) expect(tag.description, tag.name).not.toBe('');
    }
  });

  it('shows the answers that are not JSON', () => {
    const answers = (document: Document, path: string, method: string) =>
      JSON.stringify(document.paths[path]?.[method]);
    expect(answers(operators, '/api/admin/country-pricing/export', 'get')).toContain('text/csv');
    expect(answers(customers, '/api/events', 'get')).toContain('text/event-stream');
    expect(answers(customers, '/api/auth/password', 'post')).toContain('204');
  });

  it('describes bodies, answers and errors from the shared schemas', () => {
    const send = customers.paths['/api/sms/send']?.post as unknown as {
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    const body = JSON.stringify(send.requestBody);
    for (const field of ['senderId', 'recipient', 'message']) expect(body).toContain(field);
    expect(Object.keys(send.responses)).toContain('201');
    const csv = operators.paths['/api/admin/numbers/import']?.post;
    expect(JSON.stringify(csv)).toContain('text/csv');
  });
});

describe('the getting-started guide', () => {
  it('shows a key, an SMS with curl and a verified webhook', () => {
    const guide = customers.info.description;
    expect(guide).toContain('# Getting started');
    for (const part of ['Authorization: Bearer prl_live_', 'Idempotency-Key', 'webhook-signature'])
      expect(guide).toContain(part);
    expect(guide).toMatch(/from standardwebhooks import Webhook/);
    expect(guide).toMatch(/import \{ Webhook \} from 'standardwebhooks'/);
  });

  it('lists every error code with its status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS))
      expect(customers.info.description).toContain(`| \`${code}\` | ${status} |`);
  });
});

describe('the reference pages', () => {
  it('are served by this server, not a CDN', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']*\.(js|css)/);
    const script = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
  });

  it('give the customers’ page the customers’ document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.json()).toEqual(customers);
  });

  it('show the operators’ page and document to an admin only', async () => {
    for (const url of ['/api/admin/docs/', '/api/admin/docs/json', '/api/admin/openapi.json']) {
      const visitor = await ctx.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, url).toBe(401);
      const customer = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: customerCookie },
      });
      expect(customer.statusCode, url).toBe(403);
      const admin = await ctx.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(admin.statusCode, url).toBe(200);
    }
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/docs/json',
      headers: { cookie: adminCookie },
    });
    expect(page.json()).toEqual(operators);
  });
});
