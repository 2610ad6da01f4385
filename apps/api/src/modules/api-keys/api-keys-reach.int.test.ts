import { API_SCOPES, keyMayCall, type Route, routes, scopeOf } from '@parley/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { sessionCookieOf, signUp } from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';

const ID = '00000000-0000-4000-8000-000000000000';
const ctx = useTestApp();
let cookie: string;
let all: string;

const create = async (app = ctx.app, by = cookie, scopes: string[] = [...API_SCOPES]) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: by },
    payload: { name: 'Walk', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
};
const withKey = (route: Route, secret: string) =>
  ctx.app.inject({
    method: route.method,
    url: route.path.replace(/:(\w+)/g, ID),
    headers: { authorization: `Bearer ${secret}` },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

beforeAll(async () => {
  cookie = sessionCookieOf((await signUp(ctx.app)).res);
  all = (await create()).secret;
});

const AUTH_REFUSALS = ['UNAUTHORIZED', 'FORBIDDEN', 'API_KEY_SCOPE', 'API_KEY_NOT_ALLOWED'];

describe('every route, called with a key (decision 0062)', () => {
  const walked = () => (Object.values(routes) as Route[]).filter((r) => r.access !== 'edge');

  it('names only real routes in ROUTE_SCOPES, but the webhooks’ (their own module)', async () => {
    const { ROUTE_SCOPES } = await import('@parley/shared');
    for (const name of Object.keys(ROUTE_SCOPES))
      if (!name.startsWith('webhooks.')) expect(routes, name).toHaveProperty([name]);
  });

  it('refuses routes keys may not call, whatever the scopes, and passes the others', async () => {
    const refused: string[] = [];
    for (const route of walked()) {
      const res = await withKey(route, all);
      const code = res.statusCode >= 400 ? res.json().error?.code : undefined;
      if (keyMayCall(route.name, route.access)) {
        // Reached: any answer but a refusal of the key (a 403 of the route's own, such as
        // MAIL_PACKAGE_REQUIRED for a customer without the package, is the route speaking).
        expect(res.statusCode, `${route.name} ${res.body}`).not.toBe(401);
        expect(AUTH_REFUSALS, `${route.name} ${res.body}`).not.toContain(code);
      } else {
        expect(res.statusCode, route.name).toBe(403);
        expect(code, route.name).toBe('API_KEY_NOT_ALLOWED');
        refused.push(route.name);
      }
    }
    // Admin routes, account security and the keys themselves are among the refused.
    for (const name of ['users.admin.list', 'auth.changePassword', 'apiKeys.create'])
      expect(refused).toContain(name);
  });

  it('asks each scoped route for its scope', async () => {
    const scoped = walked().filter((r) => scopeOf(r.name) !== null);
    expect(scoped.length).toBeGreaterThan(20);
    // A key per scope with every other scope, well within the twenty a customer may hold.
    for (const scope of API_SCOPES) {
      const others = API_SCOPES.filter((s) => s !== scope);
      const { secret } = await create(ctx.app, cookie, others);
      for (const route of scoped.filter((r) => scopeOf(r.name) === scope)) {
        const res = await withKey(route, secret);
        expect(res.statusCode, route.name).toBe(403);
        expect(res.json().error.code, route.name).toBe('API_KEY_SCOPE');
      }
    }
  });
});

describe('the new bodies, fuzzed', () => {
  it('answer 201, 400 or 409 to any JSON, never a 500', async () => {
    const fuzzer = (await signUp(ctx.app)).res;
    const by = sessionCookieOf(fuzzer);
    const body = fc.record(
      {
        name: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
        scopes: fc.oneof(
          fc.array(fc.constantFrom(...API_SCOPES, 'admin', ''), { maxLength: 12 }),
          fc.string(),
        ),
        expiresAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
          fc.constant(null),
        ),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/account/api-keys',
          headers: { cookie: by },
          payload,
        });
        expect([201, 400, 409]).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});

describe('on two instances', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  afterAll(() => two?.close());

  it('a revoked key fails at once on the other instance', async () => {
    two = await twoInstances({ API_KEY_PER_MINUTE: '4' });
    const owner = sessionCookieOf((await signUp(two.at(0))).res);
    const { id, secret } = await create(two.at(0), owner, ['balance:read']);
    const ledger = () =>
      two.at(1).inject({
        method: 'GET',
        url: '/api/ledger',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await ledger()).statusCode).toBe(200);
    const revoked = await two.at(0).inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${id}`,
      headers: { cookie: owner },
    });
    expect(revoked.statusCode).toBe(204);
    const res = await ledger();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('API_KEY_INVALID');
  }, 30_000);

  it('a key’s requests per minute are counted across both', async () => {
    const owner = sessionCookieOf((await signUp(two.at(0))).res);
    const { secret } = await create(two.at(0), owner, ['balance:read']);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await two.at(i).inject({
        method: 'GET',
        url: '/api/ledger',
        headers: { authorization: `Bearer ${secret}` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(last?.json().error.code).toBe('API_KEY_RATE_LIMITED');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
