import type { AdminUser, AdminUserDetail, AdminUsersPage } from '@parley/shared';
import { moneyText } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { withFields } from '../../lib/with-fields.js';
import { toUser } from '../auth/auth.service.js';
import type { UserRow, UserSearch, UsersRepo } from './users.repo.js';

function toAdminUser(row: UserRow): AdminUser {
  return withFields(toUser(row), { disabled: row.disabledAt !== null });
}

const noUser = () => new AppError('NOT_FOUND', 'No such user.');

/** The admin's users: search, one user's detail, suspending and reactivating. */
export function createUsersService(deps: { repo: UsersRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async search(q: UserSearch & { page: number; pageSize: number }): Promise<AdminUsersPage> {
      const { items, total } = await deps.repo.search(q, q.page, q.pageSize);
      return { items: items.map(toAdminUser), total, page: q.page, pageSize: q.pageSize };
    },

    async detail(id: string): Promise<AdminUserDetail> {
      const row = await deps.repo.find(id);
      if (!row) throw noUser();
      return {
        ...toAdminUser(row),
        held: moneyText(row.held),
        contactMethod: row.contactMethod,
        contactValue: row.contactValue,
      };
    },

    /** Suspends (disabled) or reactivates; an admin never suspends themselves. */
    async setDisabled(
      id: string,
      disabled: boolean,
      actor: { id: string; ip: string | null },
    ): Promise<AdminUser> {
      if (id === actor.id && disabled)
        throw new AppError('CONFLICT', 'You cannot disable your own account.');
      const row = await deps.repo.setDisabled(
        id,
        disabled,
        { actorId: actor.id, ip: actor.ip },
        now(),
      );
      if (!row) throw noUser();
      return toAdminUser(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
