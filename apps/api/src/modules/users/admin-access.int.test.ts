import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, sessionCookieOf, signUp } from '../../../test/helpers.js';

let adminCookie: string;
let customerCookie: string;
let customer: { id: string; email: string };
const ADMIN = 'boss@example.com';

const ctx = useTestApp();
beforeAll(async () => {
  adminCookie = await adminSession(ctx, ADMIN);
  const signed = await signUp(ctx.app);
  customerCookie = sessionCookieOf(signed.res);
  customer = signed.res.json();
});

describe('admin sign-in', () => {
  it('refuses a customer with the right password exactly like a wrong one', async () => {
    const { email } = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(res.cookies.find((c) => c.name === 'parley_session')?.value ?? '').toBe('');
  });

  it('lets an admin in, marked isAdmin', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: adminCookie },
    });
    expect(res.json()).toMatchObject({ email: ADMIN, isAdmin: true });
  });
});

describe('every admin route', () => {
  const adminRoutes = () =>
    ctx.app.registeredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/admin/') &&
        !['/api/admin/login', '/api/admin/login/setup'].includes(r.url) &&
        r.method !== 'HEAD',
    );

  it('exists (so the walk below means something)', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    for (const route of adminRoutes()) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const visitor = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(visitor.statusCode, `${route.method} ${route.url} as visitor`).toBe(401);
      const asCustomer = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: { cookie: customerCookie },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(asCustomer.statusCode, `${route.method} ${route.url} as customer`).toBe(403);
      expect(asCustomer.json().error.code).toBe('FORBIDDEN');
    }
  });
});

describe('users', () => {
  it('lists users with their role for an admin', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().items as { email: string; isAdmin: boolean; disabled: boolean }[];
    expect(list).toContainEqual(
      expect.objectContaining({ email: ADMIN, isAdmin: true, disabled: false }),
    );
    expect(list).toContainEqual(expect.objectContaining({ email: customer.email, isAdmin: false }));
    expect(JSON.stringify(list)).not.toContain('argon2');
  });

  it('disabling a user ends their sessions at once and refuses their sign-in', async () => {
    const { res, email } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${res.json().id}`,
      headers: { cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().disabled).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      headers: { cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/not-a-uuid',
      headers: { cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('params.id');
  });
});
