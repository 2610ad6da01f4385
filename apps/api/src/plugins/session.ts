import cookie from '@fastify/cookie';
import type { User } from '@parley/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthService, Session } from '../modules/auth/auth.service.js';
import { SESSION_COOKIE } from '../modules/auth/session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: User | null;
    sessionToken: string | null;
  }
}

export interface SessionCookies {
  set(reply: FastifyReply, session: Session): void;
  clear(reply: FastifyReply): void;
}

/** Reads the session cookie on every request and puts the user on `request.user`. */
export async function registerSessions(
  app: FastifyInstance,
  opts: { auth: AuthService; secure: boolean },
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
