import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import type { PasswordReset } from './password-reset.js';

/** "Forgot password?" and the reset link's page submission. */
export const passwordResetRoutes: FastifyPluginAsync<{ resets: PasswordReset }> = async (
  app,
  { resets },
) => {
  route(app, 'auth.forgotPassword', (request, reply) => {
    reply.header('cache-control', 'no-store');
    return resets.request(request.body, request.ip);
  });

  /** 204; the user signs in again with the new password. */
  route(app, 'auth.resetPassword', async (request) => {
    await resets.reset(request.body, request.ip);
  });
};
