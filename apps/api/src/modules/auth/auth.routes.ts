import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';

/**
 * The browser asks who is signed in before it renders anything. Accounts and
 * sessions do not exist yet, so nobody is: the answer is always 401.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/user', async () => {
    throw new AppError('UNAUTHORIZED', 'You are not signed in.');
  });

  /** The Login and Sign Up buttons are navigations here; the landing page has the forms. */
  app.get('/api/login', async (_request, reply) => reply.redirect('/?auth=signin#auth', 302));
};
