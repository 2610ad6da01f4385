import type { ApiScope, User } from '@parley/shared';
import { parse, serialize } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** The session token a request's Cookie header carries, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  // Most requests (a health check, a key's call, a first visit) carry no session cookie.
  if (!header?.includes(SESSION_COOKIE)) return undefined;
  return parse(header)[SESSION_COOKIE];
}

/**
 * Writes the session cookie, replacing one written earlier in the same answer (the
 * session's renewal, then a sign-in). Parley has this one cookie, read and written here
 * rather than by a cookie plugin, whose two hooks every request would pass. An answer to
 * a key's request is never given a cookie, whatever a route asks.
 */
function writeSessionCookie(reply: FastifyReply, cookie: string): void {
  if (bearerKeyOf(reply.request.headers.authorization) !== null) return;
  const prefix = `${SESSION_COOKIE}=`;
  const others = [reply.getHeader('set-cookie') ?? []]
    .flat()
    .map(String)
    .filter((c) => !c.startsWith(prefix));
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...others, cookie]);
}

/**
 * Reads the session cookie, or an API key (`Authorization: Bearer prl_live_…`), on every
 * request and puts the user on `request.user`. A request with a key is the key's alone:
 * its cookie is not read, and it is never given one.
 */
export function registerSessions(
  app: FastifyInstance,
  opts: { auth: SessionResolver; secure: boolean; keys?: KeyResolver },
): SessionCookies {
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
  const cookies: SessionCookies = {
    set: (reply, session) => {
      writeSessionCookie(
        reply,
        serialize(SESSION_COOKIE, session.token, { ...base, maxAge: session.maxAgeSeconds }),
      );
    },
    clear: (reply) => {
      writeSessionCookie(
        reply,
        serialize(SESSION_COOKIE, '', { ...base, maxAge: 0, expires: new Date(0) }),
      );
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
    const token = sessionTokenOf(request);
    if (!token || token.length > 100) return done();
    opts.auth
      .resolveSession(token)
      .then((found) => {
        if (!found) cookies.clear(reply);
        else {
          request.user = found.user;
          request.sessionToken = token;
          if (found.renewed) cookies.set(reply, found.renewed);
        }
      })
      // A cookie that cannot be written fails the request rather than leaving it hanging.
      .then(() => done(), done);
  });
  return cookies;
}
