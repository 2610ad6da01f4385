import type {
  AdminLoginInput,
  ConfirmSecondFactorInput,
  SecondFactorSetup,
  User,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { clientKey } from '../../lib/rate-limiter.js';
import type { UserRow } from './auth.repo.js';
import type { AuthLimiters } from './auth-limits.js';
import { secondFactorRequired, toUser } from './auth-user.js';
import type { SecondFactor } from './second-factor.js';
import type { Session, Sessions } from './sessions.js';
import type { SignIn } from './sign-in.js';

/** Admins' sign-in: password, then the second factor, or its set-up the first time. */
export function createAdminSignIn(deps: {
  secondFactor: SecondFactor;
  limit: AuthLimiters;
  passwordHolder: SignIn['passwordHolder'];
  signedIn: SignIn['signedIn'];
  startSession: Sessions['startSession'];
}) {
  const { secondFactor, limit, passwordHolder, signedIn, startSession } = deps;
  return {
    /**
     * Admins only; a customer's correct password is refused like a wrong one. Attempts
     * count per address and per account across every address, with a growing lockout,
     * so guesses spread over many addresses add up too. After the password, the second
     * factor: a missing or wrong code is SECOND_FACTOR_REQUIRED and stays counted as a
     * failed attempt, so codes cannot be guessed past the limit either. An admin without a
     * factor yet gets a set-up step (a short-lived token and a new secret), not a session.
     */
    async adminSignIn(
      input: AdminLoginInput,
      ip: string,
      previousToken: string | null = null,
    ): Promise<{ user: User; session: Session } | { setup: SecondFactorSetup }> {
      await limit.adminPerIp.hit(clientKey(ip));
      const key = input.email;
      const isAdmin = (user: UserRow) => user.isAdmin;
      const row = await passwordHolder(
        input.email,
        input.password,
        limit.adminPerAccount,
        key,
        isAdmin,
      );
      if ((await secondFactor.stateOf(row.id)) !== 'confirmed') {
        return { setup: await secondFactor.beginSetup(row) };
      }
      const code = input.code?.trim();
      if (!code || !(await secondFactor.verify(row.id, code))) throw secondFactorRequired();
      await signedIn(row, limit.adminPerAccount, key);
      return { user: toUser(row), session: await startSession(row, previousToken) };
    },

    /**
     * The set-up's last step: the first code from the app confirms the new factor; the
     * admin gets a session and the recovery codes, shown this once. Counted like a
     * sign-in attempt of that admin.
     */
    async confirmAdminSetup(
      input: ConfirmSecondFactorInput,
      ip: string,
      previousToken: string | null = null,
    ) {
      await limit.adminPerIp.hit(clientKey(ip));
      const pending = await secondFactor.pendingSetup(input.setupToken);
      if (!pending) {
        throw new AppError(
          'SECOND_FACTOR_SETUP_EXPIRED',
          'This set-up has expired. Sign in again to start a new one.',
        );
      }
      const key = pending.user.email;
      await limit.adminPerAccount.hit(key);
      const recoveryCodes = await secondFactor.confirmSetup(
        pending,
        input.setupToken,
        input.code,
        ip,
      );
      if (!recoveryCodes) throw secondFactorRequired();
      await signedIn(pending.user, limit.adminPerAccount, key);
      return {
        user: toUser(pending.user),
        recoveryCodes,
        session: await startSession(pending.user, previousToken),
      };
    },
  };
}
