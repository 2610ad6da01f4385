import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { UsersService } from './users.service.js';

/** The admin's list of users, and disabling or enabling one. */
export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, 'admin.users', () => users.list());
  route(app, 'admin.setUserDisabled', (r) =>
    users.setDisabled(r.params.id, r.body.disabled, userId(r)),
  );
};
