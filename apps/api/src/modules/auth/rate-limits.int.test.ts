import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  generousLimits,
  signUp,
  solveSecurityCheck,
} from '../../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const windowMs = 60_000;

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      authLimits: {
        ...generousLimits(),
        signInPerAccount: { max: 3, windowMs },
        adminPerIp: { max: 2, windowMs },
        challengePerIp: { max: 40, windowMs },
      },
    },
  );
});
afterAll(() => ctx.close());

describe('brute force', () => {
  it('limits sign-in per account with 429 and Retry-After', async () => {
    const { email } = await signUp(ctx.app);
    const attempt = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong password', altcha: await solveSecurityCheck(ctx.app) },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not let requests that fail the security check lock an account out', async () => {
    const { email } = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) {
      const junk = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'guess', altcha: 'junk' },
      });
      expect(junk.statusCode).toBe(400);
    }
    const real = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email,
        password: 'correct horse battery',
        altcha: await solveSecurityCheck(ctx.app),
      },
    });
    expect(real.statusCode).toBe(200);
  });

  it('limits admin sign-in per IP, whatever the account', async () => {
    const attempt = (email: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { email, password: 'x' },
      });
    expect((await attempt('a@example.com', '10.9.9.1')).statusCode).toBe(401);
    expect((await attempt('b@example.com', '10.9.9.1')).statusCode).toBe(401);
    expect((await attempt('c@example.com', '10.9.9.1')).statusCode).toBe(429);
    expect((await attempt('c@example.com', '10.9.9.2')).statusCode).toBe(401);
  });

  it('limits challenge issuing per IP', async () => {
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/auth/challenge', remoteAddress: '10.8.8.8' });
    for (let i = 0; i < 40; i++) expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });
});
