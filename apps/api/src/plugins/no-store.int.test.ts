import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, fundedCustomer, send } from '../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminSession(ctx, 'cache-admin@example.com');
  customer = (await fundedCustomer(ctx.app, ctx.database, '0')).cookie;
});
afterAll(() => ctx.close());

describe('Cache-Control: no-store', () => {
  it('is on every answer to a signed-in request, errors included', async () => {
    const cases: [string, string][] = [
      ['/api/orders', customer],
      ['/api/services', customer],
      ['/api/sms/history', customer],
      ['/api/sms/batches/00000000-0000-4000-8000-000000000000', customer],
      ['/api/no-such-endpoint', customer],
      ['/api/admin/users', admin],
      ['/api/services', admin],
    ];
    for (const [url, cookie] of cases) {
      const res = await send(ctx.app, 'GET', url, cookie);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });

  it('is on every /api/admin and /api/auth answer, even to a visitor', async () => {
    const cases: [string, string, object?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/analytics'],
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/login', { email: 'x@example.com', password: 'x', altcha: 'x' }],
      ['POST', '/api/admin/login', { email: 'x@example.com', password: 'x' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await send(ctx.app, method as 'GET', url, null, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });

  it('is left to the route for a visitor reading the public catalogue', async () => {
    const res = await send(ctx.app, 'GET', '/api/services', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
