import cookie from '@fastify/cookie';
import type { User } from '@parley/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: User | null;
    sessionToken: string | null;
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

export interface SessionCookies {
  set(reply: FastifyReply, session: Session): void;
  clear(reply: FastifyReply): void;
}

/** Reads the session cookie on every request and puts the user on `request.user`. */
export async function registerSessions(
  app: FastifyInstance,
  opts: { auth: SessionResolver; secure: boolean },
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
  // A callback hook, so a visitor's request (no cookie) makes no promise.
  app.addHook('onRequest', (request, reply, done) => {
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
  return cookies;
}
