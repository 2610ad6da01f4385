import type { IssuedPasswordReset } from '@parley/shared';
import type { FastifyPluginAsync } from 'fastify';
import { actor } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';

import type { UsersService } from './users.service.js';

/** The admin's users: search, one user, suspending and reactivating, reset links. */
export const usersRoutes: FastifyPluginAsync<{
  users: UsersService;
  /** The auth module's one-time reset link, issued by an admin. */
  issueReset: (
    userId: string,
    actor: { id: string; ip: string | null },
  ) => Promise<IssuedPasswordReset>;
}> = async (app, { users, issueReset }) => {
  route(app, 'users.admin.list', (r) => users.search(r.query));
  route(app, 'users.admin.get', (r) => users.detail(r.params.id));
  route(app, 'users.admin.setDisabled', (r) =>
    users.setDisabled(r.params.id, r.body.disabled, actor(r)),
  );
  route(app, 'users.admin.issuePasswordReset', (r, reply) => {
    reply.header('cache-control', 'no-store');
    return issueReset(r.params.id, actor(r));
  });
};
