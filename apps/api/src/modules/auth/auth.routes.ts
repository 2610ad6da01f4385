import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { signedInUser } from '../../plugins/guards.js';
import type { SessionCookies } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import { LOGOUT_SCRIPT, logoutPage, pageLanguage } from './logout-page.js';

const NOT_SIGNED_IN = 'You are not signed in.';

/** The signed-in user and the session token the request came with. */
const session = (request: Pick<FastifyRequest, 'user' | 'sessionToken'>) => ({
  id: signedInUser(request, NOT_SIGNED_IN).id,
  token: request.sessionToken ?? '',
});

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService;
  cookies: SessionCookies;
}> = async (app, { auth, cookies }) => {
  route(app, 'auth.challenge', (request, reply) => {
    reply.header('cache-control', 'no-store');
    return auth.issueChallenge(request.ip);
  });

  route(app, 'auth.signUp', async (request, reply) => {
    const { user, session } = await auth.signUp(request.body, request.ip, request.sessionToken);
    cookies.set(reply, session);
    return user;
  });

  route(app, 'auth.signIn', async (request, reply) => {
    const { user, session } = await auth.signIn(request.body, request.ip, request.sessionToken);
    cookies.set(reply, session);
    return user;
  });

  /** 200 and a session; or 202 and the second factor's set-up step on a first sign-in. */
  route(app, 'auth.admin.signIn', async (request, reply) => {
    const result = await auth.adminSignIn(request.body, request.ip, request.sessionToken);
    if ('setup' in result) return reply.code(202).send(result.setup);
    cookies.set(reply, result.session);
    return result.user;
  });

  route(app, 'auth.admin.setup', async (request, reply) => {
    const { session, ...enabled } = await auth.confirmAdminSetup(
      request.body,
      request.ip,
      request.sessionToken,
    );
    cookies.set(reply, session);
    return enabled;
  });

  route(
    app,
    'auth.user',
    (request, reply) => {
      reply.header('cache-control', 'no-store');
      return signedInUser(request);
    },
    { signInMessage: NOT_SIGNED_IN },
  );

  /** The Login and Sign Up buttons are navigations here; the landing page has the forms. */
  route(app, 'auth.loginPage', (request, reply) =>
    reply.redirect(`/?auth=${request.query.tab ?? 'signin'}#auth`, 302),
  );

  /**
   * Signing out is this POST. GET /api/logout (the Log out menu item's navigation)
   * signs nobody out: it answers a page whose form posts here.
   */
  route(app, 'auth.logout', async (request, reply) => {
    if (request.sessionToken) await auth.signOut(request.sessionToken);
    cookies.clear(reply);
    return reply.redirect('/', 303);
  });

  route(app, 'auth.logoutPage', (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) return reply.redirect('/', 302);
    const fromParley = request.headers['sec-fetch-site'] === 'same-origin';
    return (
      reply
        .asPage()
        // Helmet's no-referrer would make the browser send `Origin: null` with the form,
        // which the same-origin check refuses; same-origin keeps the real origin.
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(logoutPage(pageLanguage(request.headers['accept-language']), fromParley))
    );
  });

  route(app, 'auth.logoutScript', (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(LOGOUT_SCRIPT),
  );

  /** A new password; every other session of the user ends (204). */
  route(
    app,
    'auth.changePassword',
    async (request) => {
      const { id, token } = session(request);
      await auth.changePassword(id, token, request.body, request.ip);
    },
    { signInMessage: NOT_SIGNED_IN },
  );

  /** Ends every session of the user, this one included (204). */
  route(
    app,
    'auth.logoutEverywhere',
    async (request, reply) => {
      await auth.signOutEverywhere(session(request).id);
      cookies.clear(reply);
    },
    { signInMessage: NOT_SIGNED_IN },
  );
};
