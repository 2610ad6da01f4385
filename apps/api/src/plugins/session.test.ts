import type { User } from '@parley/shared';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSessions } from './session.js';
import { SESSION_COOKIE } from './session-cookie.js';

const user = { id: 'u1', email: 'a@example.com', role: 'customer' } as unknown as User;
const KEY = 'Bearer prl_live_0123456789abcdef';

/** A server with the plugin alone: "good" is a session that is renewed on every request. */
function server() {
  const asked: string[] = [];
  const app = Fastify();
  const cookies = registerSessions(app, {
    secure: true,
    auth: {
      resolveSession: async (token) => {
        asked.push(token);
        return token === 'good' ? { user, renewed: { token, maxAgeSeconds: 600 } } : null;
      },
    },
    keys: { authenticate: async () => ({ user, key: { id: 'k1', scopes: [] } }) },
  });
  app.get('/who', async (request) => ({ user: request.user?.id ?? null }));
  app.get('/sign-in', async (_request, reply) => {
    cookies.set(reply, { token: 'fresh', maxAgeSeconds: 1200 });
    return {};
  });
  app.get('/sign-out', async (_request, reply) => {
    cookies.clear(reply);
    return {};
  });
  return { app, asked };
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

const setCookies = (header: string | string[] | undefined) => [header ?? []].flat();

describe('the session cookie', () => {
  it('is read from among other cookies, and renewed', async () => {
    const s = server();
    app = s.app;
    const res = await app.inject({
      url: '/who',
      headers: { cookie: `theme=dark; ${SESSION_COOKIE}=good; lang=ar` },
    });
    expect(res.json()).toEqual({ user: 'u1' });
    expect(setCookies(res.headers['set-cookie'])).toEqual([
      `${SESSION_COOKIE}=good; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax`,
    ]);
  });

  it('asks for no session when the request carries none', async () => {
    const s = server();
    app = s.app;
    const res = await app.inject({ url: '/who', headers: { cookie: 'theme=dark' } });
    expect(res.json()).toEqual({ user: null });
    expect(s.asked).toEqual([]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is cleared when its session is gone', async () => {
    const s = server();
    app = s.app;
    const res = await app.inject({ url: '/who', headers: { cookie: `${SESSION_COOKIE}=old` } });
    expect(res.json()).toEqual({ user: null });
    expect(setCookies(res.headers['set-cookie'])).toEqual([
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax`,
    ]);
  });

  it('is written once when a renewed session signs in again: the newer one', async () => {
    const s = server();
    app = s.app;
    const res = await app.inject({
      url: '/sign-in',
      headers: { cookie: `${SESSION_COOKIE}=good` },
    });
    expect(setCookies(res.headers['set-cookie'])).toEqual([
      `${SESSION_COOKIE}=fresh; Max-Age=1200; Path=/; HttpOnly; Secure; SameSite=Lax`,
    ]);
  });

  it('is never given to a request with an API key, nor read from it', async () => {
    const s = server();
    app = s.app;
    for (const url of ['/sign-in', '/sign-out', '/who']) {
      const res = await app.inject({
        url,
        headers: { authorization: KEY, cookie: `${SESSION_COOKIE}=old` },
      });
      expect([url, res.headers['set-cookie']]).toEqual([url, undefined]);
    }
    expect(s.asked).toEqual([]);
  });
});
