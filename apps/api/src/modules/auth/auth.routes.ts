import {
  adminLoginSchema,
  challengeSchema,
  changePasswordSchema,
  confirmSecondFactorSchema,
  secondFactorEnabledSchema,
  secondFactorSetupSchema,
  signInSchema,
  signUpSchema,
  userSchema,
} from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { SessionCookies } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import { LOGOUT_SCRIPT, logoutPage, pageLanguage } from './logout-page.js';

const signedIn = (request: { user: unknown; sessionToken: string | null }) => {
  if (!request.user || !request.sessionToken)
    throw new AppError('UNAUTHORIZED', 'You are not signed in.');
  return { user: request.user as { id: string }, token: request.sessionToken };
};

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cookies: SessionCookies;
}> = async (app, { auth, cookies }) => {
  app.get(
    '/api/auth/challenge',
    { schema: { response: { 200: challengeSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.issueChallenge(request.ip);
    },
  );

  app.post(
    '/api/auth/signup',
    { schema: { body: signUpSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      const { user, session } = await auth.signUp(request.body, request.ip, request.sessionToken);
      cookies.set(reply, session);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: signInSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const { user, session } = await auth.signIn(request.body, request.ip, request.sessionToken);
      cookies.set(reply, session);
      return user;
    },
  );

  /** 200 and a session; or 202 and the second factor's set-up step on a first sign-in. */
  app.post(
    '/api/admin/login',
    {
      schema: {
        body: adminLoginSchema,
        response: { 200: userSchema, 202: secondFactorSetupSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.adminSignIn(request.body, request.ip, request.sessionToken);
      if ('setup' in result) return reply.code(202).send(result.setup);
      cookies.set(reply, result.session);
      return reply.code(200).send(result.user);
    },
  );

  app.post(
    '/api/admin/login/setup',
    { schema: { body: confirmSecondFactorSchema, response: { 200: secondFactorEnabledSchema } } },
    async (request, reply) => {
      const { session, ...enabled } = await auth.confirmAdminSetup(
        request.body,
        request.ip,
        request.sessionToken,
      );
      cookies.set(reply, session);
      return enabled;
    },
  );

  app.get(
    '/api/auth/user',
    { schema: { response: { 200: userSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) throw new AppError('UNAUTHORIZED', 'You are not signed in.');
      return request.user;
    },
  );

  /** The Login and Sign Up buttons are navigations here; the landing page has the forms. */
  app.get('/api/login', async (_request, reply) => reply.redirect('/?auth=signin#auth', 302));

  /**
   * Signing out is this POST. GET /api/logout (the Log out menu item's navigation)
   * signs nobody out: it answers a page whose form posts here.
   */
  app.post('/api/logout', async (request, reply) => {
    if (request.sessionToken) await auth.signOut(request.sessionToken);
    cookies.clear(reply);
    return reply.redirect('/', 303);
  });

  app.get('/api/logout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) return reply.redirect('/', 302);
    const fromParley = request.headers['sec-fetch-site'] === 'same-origin';
    return (
      reply
        // Helmet's no-referrer would make the browser send `Origin: null` with the form,
        // which the same-origin check refuses; same-origin keeps the real origin.
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(logoutPage(pageLanguage(request.headers['accept-language']), fromParley))
    );
  });

  app.get('/api/logout.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(LOGOUT_SCRIPT),
  );

  /** A new password; every other session of the user ends (204). */
  app.post(
    '/api/auth/password',
    { schema: { body: changePasswordSchema } },
    async (request, reply) => {
      const { user, token } = signedIn(request);
      await auth.changePassword(user.id, token, request.body, request.ip);
      return reply.code(204).send();
    },
  );

  /** Ends every session of the user, this one included (204). */
  app.post('/api/auth/logout-everywhere', async (request, reply) => {
    const { user } = signedIn(request);
    await auth.signOutEverywhere(user.id);
    cookies.clear(reply);
    return reply.code(204).send();
  });
};
