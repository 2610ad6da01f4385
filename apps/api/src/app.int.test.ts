import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  // Routes that exercise the shared error path; real modules get theirs the same way.
  ctx.app.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email(), count: z.number().int().min(1) }) } },
    async (request) => request.body,
  );
  ctx.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
  ctx.app.get('/api/test/null', async () => {
    throw null;
  });
  ctx.app.get('/api/test/cancelled', async () => {
    // As Drizzle throws it: the driver's error as its cause.
    const cause = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    throw new Error('Failed query: select pg_sleep(1)', { cause });
  });
  ctx.app.get('/api/test/teapot', async () => {
    throw Object.assign(new Error('upstream said: key sk_live_123 rejected'), { statusCode: 418 });
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok after asking the database, with a request id header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('route modules', () => {
  it("are registered in the app's own scope, but the catalogue's admin routes (decision 0034)", async () => {
    const dir = path.join(import.meta.dirname, 'modules');
    const names: string[] = [];
    for (const module of fs.readdirSync(dir))
      for (const file of fs
        .readdirSync(path.join(dir, module))
        .filter((f) => f.endsWith('.routes.ts')))
        names.push(
          ...Object.keys(await import(path.join(dir, module, file))).filter((n) =>
            n.endsWith('Routes'),
          ),
        );
    expect(names.length).toBeGreaterThan(20);
    const shared = names.filter((name) => ctx.app.hasPlugin(`${name} (shared scope)`));
    expect(names.filter((name) => !shared.includes(name))).toEqual(['catalogueAdminRoutes']);
  });
});

describe('error shape', () => {
  it('answers an unknown /api path with 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No such endpoint: GET /api/nope',
        requestId: expect.any(String),
      },
    });
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers an unknown non-GET path with the JSON 404, not the app', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/some/page', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('reports a validation failure as 400 naming each field path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', count: 0 },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.count',
      'body.email',
    ]);
    expect(error.message).toContain('body.email');
    expect(error.requestId).toBe(res.headers['x-request-id']);
  });

  it('reports malformed JSON as 400 BAD_REQUEST', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('rejects an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const { error } = res.json();
    expect(error.code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
  });

  it('answers a statement the database cancelled (DATABASE_STATEMENT_TIMEOUT) with 503', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/cancelled' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body).not.toContain('statement timeout');
  });

  it.each(['/api/test/null', '/api/test/teapot'])(
    'answers a strange failure (%s) with a generic 500 in the error shape',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toMatchObject({
        code: 'INTERNAL',
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('sk_live_123');
    },
  );

  it('answers a malformed URL with 400 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', requestId: expect.any(String) });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', count: 1, pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a valid body', async () => {
    const payload = { email: 'a@b.co', count: 2 };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(payload);
  });
});

describe('security headers', () => {
  it('gives pages a strict content security policy and no-sniff', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/some/page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The sandbox has no softphone: connections go to Parley alone.
    expect(csp).toContain("connect-src 'self';");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('lets nothing load in or frame a JSON answer, and no other site read it', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Headers that act on documents alone stay off the API's answers.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('visitors', () => {
  it('nobody is signed in yet: /api/auth/user is 401 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('/api/login sends the browser to the sign-in form', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?auth=signin#auth');
  });
});

describe('when the database is gone', () => {
  it('health answers 503 in the error shape', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    await broken.app.close();
  });
});
