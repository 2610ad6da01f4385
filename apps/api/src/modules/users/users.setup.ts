import type { IssuedPasswordReset } from '@parley/shared';
import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createUsersRepo } from './users.repo.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** The admin's users: search, detail, suspending, and the auth module's reset links. */
export function setUpUsers(opts: {
  db: Db;
  /** The auth module's one-time reset link, issued by an admin. */
  issueReset: (
    userId: string,
    actor: { id: string; ip: string | null },
  ) => Promise<IssuedPasswordReset>;
}): ModuleSetup {
  const users = createUsersService({ repo: createUsersRepo(opts.db) });
  return { routes: [routesOf(usersRoutes, { users, issueReset: opts.issueReset })] };
}
