import { randomBytes } from 'node:crypto';
import type { EventBus } from '../../lib/event-bus.js';
import type { AuthRepo } from './auth.repo.js';
import { hashPassword } from './passwords.js';

/** Creating admins: from ADMIN_EMAIL/ADMIN_PASSWORD at start, or `npm run admin -- create`. */
export function createAdminAccounts(deps: { repo: AuthRepo; events: EventBus }) {
  const { repo, events } = deps;

  async function createOrPromote(email: string, password: string | null) {
    const existing = await repo.findUserByEmail(email);
    if (existing) {
      await repo.promoteToAdmin(existing.id, password ? await hashPassword(password) : undefined);
      return { created: false };
    }
    const row = await repo.insertUser({
      email,
      passwordHash: await hashPassword(password ?? randomBytes(32).toString('base64url')),
      isAdmin: true,
    });
    if (row) events.publish({ type: 'user.created', data: { id: row.id, email: row.email } });
    return { created: true };
  }

  return {
    /** At start: creates the admin if missing, or promotes an existing user (keeping their password). */
    async ensureAdmin(email: string, password: string) {
      const existing = await repo.findUserByEmail(email);
      if (existing) {
        if (!existing.isAdmin) await repo.promoteToAdmin(existing.id);
        return { created: false };
      }
      return createOrPromote(email, password);
    },

    /** From the command line: creates or promotes the admin with a new password, returned once. */
    async createAdmin(email: string): Promise<{ created: boolean; password: string }> {
      const password = randomBytes(15).toString('base64url');
      const { created } = await createOrPromote(email, password);
      return { created, password };
    },
  };
}
