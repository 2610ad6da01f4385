import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, createTestApp, generousLimits, totpCode } from '../../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      authLimits: {
        ...generousLimits(),
        adminPerAccount: { max: 2, windowMs: 60_000, backoff: { maxMs: 150_000 } },
      },
    },
  );
});
afterAll(() => ctx.close());

/** Lets every open window and lockout run out, as time would; the strikes stay. */
const timePasses = () =>
  ctx.database.db.execute(
    sql`update rate_limits set expires_at = now() - interval '1 second' where key not like '%:strikes'`,
  );

describe('admin sign-in lockout', () => {
  it('grows with each window an account goes over, whatever the address, up to the cap', async () => {
    const email = `admin-${randomUUID()}@example.com`;
    const { password, secret } = await createTestAdmin(ctx, email, ctx.app.events);
    let n = 0;
    const attempt = (guess: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: `192.0.2.${++n}`,
        payload: { email, password: guess, code: totpCode(secret) },
      });

    const lockouts: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect((await attempt('wrong')).statusCode).toBe(401);
      expect((await attempt('wrong')).statusCode).toBe(401);
      const refused = await attempt('wrong');
      expect(refused.statusCode).toBe(429);
      lockouts.push(Number(refused.headers['retry-after']));
      // Locked: even the right password, from a new address, is refused unchecked.
      expect((await attempt(password)).statusCode).toBe(429);
      await timePasses();
    }
    expect(lockouts).toEqual([60, 120, 150]);

    // Once the lock runs out the right password works, and clears the strikes.
    expect((await attempt(password)).statusCode).toBe(200);
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect(Number((await attempt('wrong')).headers['retry-after'])).toBe(60);
  });
});
