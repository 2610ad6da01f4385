import cookie from '@fastify/cookie';
import type { ApiScope, User } from '@parley/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bearerKeyOf } from './bearer-key.js';
import { SESSION_COOKIE } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: User | null;
    sessionToken: string | null;
    /** The API key the request came with (decision 0062), or null for a browser or visitor. */
    apiKey: { id: string; scopes: readonly ApiScope[] } | null;
  }
}

/** A session as the cookie carries it (the auth module's Session). */
export interface Session {
  token: string;
  /** How long the browser should keep the cookie: the idle time, or less near the absolute end. */
  maxAgeSeconds: number;
}

/** What the plugin needs of the auth module: a token's user, and the session slid forward. */
export interface SessionResolver {
  resolveSession(token: string): Promise<{ user: User; renewed: Session | null } | null>;
}

/** What the plugin needs of the API keys module: a secret's user and key, or a 401. */
export interface KeyResolver {
  authenticate(
    secret: string,
    ip: string,
  ): Promise<{ user: User; key: { id: string; scopes: readonly ApiScope[] } }>;
}

export interface SessionCookies {
  set(reply: FastifyReply, session: Session): void;
  clear(reply: FastifyReply): void;
}

/**
 * Reads the session cookie, or an API key (`Authorization: Bearer prl_live_…`), on every
 * request and puts the user on `request.user`. A request with a key is the key's alone:
 * its cookie is not read, and it is never given one.
 */
export async function registerSessions(
  app: FastifyInstance,
  opts: { auth: SessionResolver; secure: boolean; keys?: KeyResolver },
): Promise<SessionCookies> {
  await app.register(cookie);
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
  const cookies: SessionCookies = {
    set: (reply, session) => {
      reply.setCookie(SESSION_COOKIE, session.token, { ...base, maxAge: session.maxAgeSeconds });
    },
    clear: (reply) => {
      reply.clearCookie(SESSION_COOKIE, base);
    },
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiKey', null);
  // A callback hook, so a visitor's request (no cookie) makes no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const secret = opts.keys ? bearerKeyOf(request.headers.authorization) : null;
    if (secret !== null && opts.keys) {
      opts.keys.authenticate(secret, request.ip).then((found) => {
        request.user = found.user;
        request.apiKey = found.key;
        done();
      }, done);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    opts.auth.resolveSession(token).then((found) => {
      if (!found) cookies.clear(reply);
      else {
        request.user = found.user;
        request.sessionToken = token;
        if (found.renewed) cookies.set(reply, found.renewed);
      }
      done();
    }, done);
  });
  // Belt and braces: whatever a route does, a key's answer never sets a cookie.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (bearerKeyOf(request.headers.authorization) !== null) reply.removeHeader('set-cookie');
    done(null, payload);
  });
  return cookies;
}
