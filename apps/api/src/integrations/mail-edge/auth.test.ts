import { describe, expect, it } from 'vitest';
import { AUTH_FAIL_LIMIT, AUTH_WINDOW_MS, authFailures, authHooks } from './auth.js';
import type { HarakaConnection } from './haraka-runtime.js';
import type { ParleyClient } from './parley-client.js';

const CREDENTIAL = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const connection = (over: { tls?: boolean; port?: number; ip?: string } = {}) =>
  ({
    remote: { ip: over.ip ?? '198.51.100.7' },
    local: { port: over.port ?? 587 },
    tls: { enabled: over.tls ?? true },
    notes: {},
    capabilities: [],
  }) as unknown as HarakaConnection;

function client(answer: (password: string) => Promise<unknown>) {
  const asked: unknown[] = [];
  return {
    asked,
    client: {
      auth: (b: { password: string }) => {
        asked.push(b);
        return answer(b.password);
      },
    } as unknown as ParleyClient,
  };
}
const verdictOf = (hooks: ReturnType<typeof authHooks>, c: HarakaConnection, pw: string) =>
  new Promise<[boolean, unknown]>((resolve) =>
    hooks.check(c, 'smtp-user', pw, (valid, reply) => resolve([valid, reply])),
  );
const parley = client(async (password) =>
  password === 'right'
    ? { allowed: true, credentialId: CREDENTIAL }
    : { allowed: false, reply: { code: 535, enhanced: '5.7.8', message: 'Nope' } },
);

describe('AUTH at the edge', () => {
  it('offers PLAIN and LOGIN over TLS on the submission ports only', () => {
    const hooks = authHooks(parley.client, { bounce: 25 });
    const [tls, plain, bounce] = [
      connection(),
      connection({ tls: false }),
      connection({ port: 25 }),
    ];
    for (const c of [tls, plain, bounce]) hooks.capabilities(c);
    expect(tls.capabilities).toEqual(['AUTH PLAIN LOGIN']);
    expect(tls.notes.allowed_auth_methods).toEqual(['PLAIN', 'LOGIN']);
    expect(plain.capabilities).toEqual([]);
    expect(bounce.capabilities).toEqual([]);
  });

  it("answers Parley's verdict: the credential kept, or Parley's reply", async () => {
    const hooks = authHooks(parley.client, { bounce: 25 });
    const c = connection();
    expect(await verdictOf(hooks, c, 'right')).toEqual([true, undefined]);
    expect(c.notes.parleyCredential).toBe(CREDENTIAL);
    expect(await verdictOf(hooks, connection(), 'wrong')).toEqual([
      false,
      { code: 535, message: '5.7.8 Nope' },
    ]);
    const asked = parley.asked.length;
    expect(await verdictOf(hooks, connection(), 'pass\u0000word')).toEqual([
      false,
      { code: 535, message: '5.7.8 Authentication credentials invalid' },
    ]);
    expect(parley.asked).toHaveLength(asked);
    const down = authHooks(client(() => Promise.reject(new Error('down'))).client, { bounce: 25 });
    expect(await verdictOf(down, connection(), 'right')).toEqual([
      false,
      { code: 454, message: '4.7.0 Temporary authentication failure' },
    ]);
  });

  it('refuses an address after too many failures, without asking Parley, until the window ends', async () => {
    let now = 1_000_000;
    const failures = authFailures(() => now);
    const counted = client(async () => ({
      allowed: false,
      reply: { code: 535, enhanced: '5.7.8', message: 'Nope' },
    }));
    const hooks = authHooks(counted.client, { bounce: 25 }, failures);
    for (let i = 0; i < AUTH_FAIL_LIMIT; i++) await verdictOf(hooks, connection(), 'x');
    expect(counted.asked).toHaveLength(AUTH_FAIL_LIMIT);
    expect(await verdictOf(hooks, connection(), 'x')).toEqual([
      false,
      { code: 454, message: '4.7.0 Too many failed logins, try again later' },
    ]);
    expect(counted.asked).toHaveLength(AUTH_FAIL_LIMIT);
    // Another address is not held back; the same one is again after the window.
    await verdictOf(hooks, connection({ ip: '203.0.113.9' }), 'x');
    expect(counted.asked).toHaveLength(AUTH_FAIL_LIMIT + 1);
    now += AUTH_WINDOW_MS + 1;
    await verdictOf(hooks, connection(), 'x');
    expect(counted.asked).toHaveLength(AUTH_FAIL_LIMIT + 2);
  });
});
