import { routes } from '@parley/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => ctx.close());

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: the same document without its required `info` is refused.
    const { info: _info, ...broken } = structuredClone(document) as Record<string, unknown>;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('documents every API route the server registers, and nothing else', () => {
    const registered = ctx.app.registeredRoutes
      .filter((r) => /^\/(api|internal)\//.test(r.url) && r.method !== 'HEAD')
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(70);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('registers exactly the shared route table, each with its access marked', () => {
    for (const [name, route] of Object.entries(routes)) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(Boolean(operation?.security?.length), name).toBe(route.access !== 'public');
    }
  });

  it('shows the answers that are not JSON', () => {
    const answers = (path: string, method: string) =>
      JSON.stringify(document.paths[path]?.[method]);
    expect(answers('/api/admin/country-pricing/export', 'get')).toContain('text/csv');
    expect(answers('/api/events', 'get')).toContain('text/event-stream');
    expect(answers('/api/auth/password', 'post')).toContain('204');
  });

  it('describes bodies, answers and errors from the shared schemas', () => {
    const send = document.paths['/api/sms/send']?.post as {
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    const body = JSON.stringify(send.requestBody);
    for (const field of ['senderId', 'recipient', 'message']) expect(body).toContain(field);
    expect(Object.keys(send.responses)).toContain('201');
    const csv = document.paths['/api/admin/numbers/import']?.post;
    expect(JSON.stringify(csv)).toContain('text/csv');
  });
});

describe('the reference page', () => {
  it('is served by this server, not a CDN', async () => {
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
});
