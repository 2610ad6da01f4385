import type { AdminUser } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { toUser } from '../auth/auth.service.js';
import type { UsersRepo } from './users.repo.js';

type Row = Awaited<ReturnType<UsersRepo['list']>>[number];

function toAdminUser(row: Row): AdminUser {
  return { ...toUser(row), disabled: row.disabledAt !== null };
}

export function createUsersService(deps: { repo: UsersRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async list(): Promise<AdminUser[]> {
      return (await deps.repo.list()).map(toAdminUser);
    },

    async setDisabled(id: string, disabled: boolean, actorId: string): Promise<AdminUser> {
      if (id === actorId && disabled)
        throw new AppError('CONFLICT', 'You cannot disable your own account.');
      const row = await deps.repo.setDisabled(id, disabled, now());
      if (!row) throw new AppError('NOT_FOUND', 'No such user.');
      return toAdminUser(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
