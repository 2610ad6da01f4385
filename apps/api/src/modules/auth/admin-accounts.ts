import { randomBytes } from 'node:crypto';
import type { EventBus } from '../../lib/event-bus.js';
import type { AuthRepo } from './auth.repo.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SecondFactor } from './second-factor.js';

/**
 * Creating admins: from ADMIN_EMAIL/ADMIN_PASSWORD (and ADMIN_TOTP_SECRET) at start, or
 * `npm run admin -- create`; `npm run admin -- reset-2fa` removes a lost second factor.
 */
export function createAdminAccounts(deps: {
  repo: AuthRepo;
  events: EventBus;
  /** Needed to provision (ADMIN_TOTP_SECRET) or reset a second factor. */
  secondFactor?: SecondFactor;
}) {
  const { repo, events } = deps;
  const factors = () => {
    if (!deps.secondFactor) throw new Error('createAdminAccounts: no secondFactor given');
    return deps.secondFactor;
  };

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
     * With `totpSecret` (ADMIN_TOTP_SECRET) their second factor is that secret, already
     * confirmed; one that holds it already is left alone too.
     */
    async ensureAdmin(email: string, password: string, totpSecret: string | null = null) {
      const existing = await repo.findUserByEmail(email);
      // created: a new account; updated: an existing user made admin or given the password.
      const result =
        existing?.isAdmin && (await verifyPassword(existing.passwordHash, password))
          ? { created: false, updated: false }
          : { ...(await createOrPromote(email, password)), updated: Boolean(existing) };
      if (totpSecret) {
        const admin = await repo.findUserByEmail(email);
        if (admin) await factors().provision(admin.id, totpSecret);
      }
      return result;
    },

    /**
     * From the command line: removes the admin's second factor and recovery codes and
     * ends their sessions; the next sign-in sets a new factor up. `found` is false when
     * no admin has this email.
     */
    async resetSecondFactor(email: string): Promise<{ found: boolean }> {
      const admin = await repo.findUserByEmail(email);
      if (!admin?.isAdmin) return { found: false };
      await factors().reset(admin.id);
      return { found: true };
    },

    /** From the command line: creates or promotes the admin with a new password, returned once. */
    async createAdmin(email: string): Promise<{ created: boolean; password: string }> {
      const password = randomBytes(15).toString('base64url');
      const { created } = await createOrPromote(email, password);
      return { created, password };
    },
  };
}
