import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { queryRows, sessionCookieOf, signUp } from '../../../test/helpers.js';

let ada: string;
let grace: string;

const ctx = useTestApp();
beforeAll(async () => {
  ada = sessionCookieOf((await signUp(ctx.app)).res);
  grace = sessionCookieOf((await signUp(ctx.app)).res);
});

const get = (cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/sip-trunk/settings',
    headers: cookie ? { cookie } : {},
  });
const put = (payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/sip-trunk/settings',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const rows = async () =>
  (
    await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from trunk_settings`)
  )[0]?.n;

describe('SIP trunk settings', () => {
  it('are only for signed-in customers', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put({ authMethod: 'tls', concurrentCalls: 5, codec: 'opus' });
    expect(res.statusCode).toBe(401);
    expect(await rows()).toBe(0);
  });

  it('start at the defaults, then keep what the customer saves, per customer', async () => {
    expect((await get(ada)).json()).toEqual({
      authMethod: 'credentials',
      concurrentCalls: 10,
      codec: 'g711',
      allowedIps: [],
      updatedAt: null,
    });
    const saved = await put(
      {
        authMethod: 'ip',
        concurrentCalls: 50,
        codec: 'g729',
        allowedIps: ['81.2.69.160', '2a00:1450:4009:81f::200e', '81.2.69.160'],
      },
      ada,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ authMethod: 'ip', concurrentCalls: 50, codec: 'g729' });
    expect((await get(ada)).json()).toMatchObject({
      authMethod: 'ip',
      allowedIps: ['81.2.69.160', '2a00:1450:4009:81f::200e'],
      updatedAt: expect.any(String),
    });
    // Saving again replaces, it does not add a row.
    await put({ authMethod: 'tls', concurrentCalls: 25, codec: 'opus' }, ada);
    expect((await get(ada)).json()).toMatchObject({ authMethod: 'tls', allowedIps: [] });
    expect((await get(grace)).json()).toMatchObject({ authMethod: 'credentials', updatedAt: null });
    expect(await rows()).toBe(1);
  });

  it.each([
    [{ authMethod: 'kerberos', concurrentCalls: 5, codec: 'g711' }, 'body.authMethod'],
    [{ authMethod: 'tls', concurrentCalls: 0, codec: 'g711' }, 'body.concurrentCalls'],
    [{ authMethod: 'tls', concurrentCalls: 1001, codec: 'g711' }, 'body.concurrentCalls'],
    [{ authMethod: 'tls', concurrentCalls: 2.5, codec: 'g711' }, 'body.concurrentCalls'],
    [{ authMethod: 'tls', concurrentCalls: '10', codec: 'g711' }, 'body.concurrentCalls'],
    [{ authMethod: 'tls', concurrentCalls: 10, codec: 'mp3' }, 'body.codec'],
    [{ authMethod: 'ip', concurrentCalls: 10, codec: 'g711' }, 'body.allowedIps'],
    [
      { authMethod: 'ip', concurrentCalls: 10, codec: 'g711', allowedIps: ['10.0.0.300'] },
      'body.allowedIps.0',
    ],
    [
      {
        authMethod: 'ip',
        concurrentCalls: 10,
        codec: 'g711',
        allowedIps: ['81.2.69.160', '192.168.1.10'],
      },
      'body.allowedIps.1',
    ],
  ])('refuse %j naming the field, and change nothing', async (payload, field) => {
    const before = (await get(grace)).json();
    const res = await put(payload, grace);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await get(grace)).json()).toEqual(before);
  });
});
