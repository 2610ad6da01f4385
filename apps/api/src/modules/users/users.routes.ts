import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { UsersService } from './users.service.js';

/** The admin's users: search, one user, suspending and reactivating. */
export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, 'admin.users', (r) => users.search(r.query));
  route(app, 'admin.user', (r) => users.detail(r.params.id));
  route(app, 'admin.setUserDisabled', (r) =>
    users.setDisabled(r.params.id, r.body.disabled, { id: userId(r), ip: r.ip }),
  );
};
