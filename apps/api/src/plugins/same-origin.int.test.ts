import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://parley.example.com' });
});
afterAll(() => ctx.close());

const post = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost:5000', ...headers },
    payload: {},
  });

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await post({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('refuses a cross-site request that sends no Origin but Sec-Fetch-Site', async () => {
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it('with PUBLIC_URL set, accepts only its origin', async () => {
    expect((await post({ origin: 'https://parley.example.com' })).statusCode).toBe(400);
    expect((await post({ origin: 'http://localhost:5000' })).statusCode).toBe(403);
  });

  it('without PUBLIC_URL, accepts the host the request was sent to, whatever its case', async () => {
    const open = await createTestApp();
    const res = await open.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'Parley.Example:8443', origin: 'https://parley.example:8443' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const other = await open.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'parley.example:8443', origin: 'https://parley.example:9999' },
      payload: {},
    });
    expect(other.statusCode).toBe(403);
    await open.close();
  });

  it('lets requests without an Origin through unless Sec-Fetch-Site says cross-site', async () => {
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
  });

  it('does not judge a malformed Origin as same-origin', async () => {
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });

  it('leaves reads alone', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
