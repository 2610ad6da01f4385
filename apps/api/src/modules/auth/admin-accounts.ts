import { randomBytes } from 'node:crypto';
import type { EventBus } from '../../lib/event-bus.js';
import type { AuthRepo } from './auth.repo.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** Creating admins: from ADMIN_EMAIL/ADMIN_PASSWORD at start, or `npm run admin -- create`. */
export function createAdminAccounts(deps: { repo: AuthRepo; events: EventBus }) {
  const { repo, events } = deps;

  /**
   * Creates the admin, or promotes the existing user with this email. Promotion always
   * sets the given password and ends the user's sessions: sign-up is open, so whoever
   * registered the address first must not keep a way in.
   */
  async function createOrPromote(email: string, password: string) {
    const passwordHash = await hashPassword(password);
    const existing = await repo.findUserByEmail(email);
    if (existing) {
      await repo.promoteToAdmin(existing.id, passwordHash);
      return { created: false };
    }
    const row = await repo.insertUser({ email, passwordHash, isAdmin: true });
    if (row) events.publish({ type: 'user.created', data: { id: row.id, email: row.email } });
    return { created: true };
  }

  return {
    /**
     * At start (ADMIN_EMAIL/ADMIN_PASSWORD): creates the admin if missing, or makes the
     * user with that email an admin whose password is ADMIN_PASSWORD. An admin whose
     * password already matches is left alone, so restarts do not end admin sessions.
     */
    async ensureAdmin(email: string, password: string) {
      const existing = await repo.findUserByEmail(email);
      if (existing?.isAdmin && (await verifyPassword(existing.passwordHash, password))) {
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
