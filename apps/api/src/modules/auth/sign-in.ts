import type { ChangePasswordInput, SignInInput, SignUpInput } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { clientKey, type RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthRepo, UserRow } from './auth.repo.js';
import type { AuthLimiters } from './auth-limits.js';
import { invalidCredentials, splitName, toUser } from './auth-user.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import type { SecurityCheck } from './security-check.js';
import { hashToken } from './session-token.js';
import type { Sessions } from './sessions.js';

/** Passwords: signing up, signing in under the limits, and changing one's password. */
export function createSignIn(deps: {
  repo: Pick<
    AuthRepo,
    'findUserByEmail' | 'recordSignIn' | 'insertUser' | 'findUserById' | 'changePassword'
  >;
  events: Pick<EventBus, 'publish'>;
  securityCheck: SecurityCheck;
  limit: AuthLimiters;
  startSession: Sessions['startSession'];
  now: () => Date;
}) {
  const { repo, events, securityCheck, limit, startSession, now } = deps;

  /**
   * The user behind email and password, or INVALID_CREDENTIALS (same answer and time
   * for an unknown email). The attempt is counted against `accountKey` before the
   * password is checked, so concurrent guesses on any instance cannot slip past the
   * limit; a success clears the count, so only failures add up.
   */
  async function checkPassword(
    email: string,
    password: string,
    limiter: RateLimiter,
    accountKey: string,
    accept: (user: UserRow) => boolean = () => true,
  ) {
    const user = await passwordHolder(email, password, limiter, accountKey, accept);
    await signedIn(user, limiter, accountKey);
    return user;
  }

  /** The counted password check alone: the attempt stays counted until signedIn(). */
  async function passwordHolder(
    email: string,
    password: string,
    limiter: RateLimiter,
    accountKey: string,
    accept: (user: UserRow) => boolean,
  ) {
    await limiter.hit(accountKey);
    const user = await repo.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok || user.disabledAt || !accept(user)) {
      throw invalidCredentials();
    }
    return user;
  }

  async function signedIn(user: UserRow, limiter: RateLimiter, accountKey: string) {
    await limiter.reset(accountKey);
    await repo.recordSignIn(user.id, now());
  }

  return {
    passwordHolder,
    signedIn,

    async signUp(input: SignUpInput, ip: string, previousToken: string | null = null) {
      await limit.signUpPerIp.hit(clientKey(ip));
      await securityCheck.verify(input.altcha);
      const row = await repo.insertUser({
        ...splitName(input.name),
        email: input.email,
        passwordHash: await hashPassword(input.password),
        contactMethod: input.contactMethod,
        contactValue: input.contactValue,
      });
      if (!row) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      events.publish({ type: 'user.created', data: { id: row.id, email: row.email } });
      return { user: toUser(row), session: await startSession(row, previousToken) };
    },

    async signIn(input: SignInInput, ip: string, previousToken: string | null = null) {
      await limit.signInPerIp.hit(clientKey(ip));
      await securityCheck.verify(input.altcha);
      const row = await checkPassword(
        input.email,
        input.password,
        limit.signInPerAccount,
        input.email,
      );
      return { user: toUser(row), session: await startSession(row, previousToken) };
    },

    /**
     * A signed-in user's new password. The current one is checked under the sign-in
     * limits (per address and per account, counted before the check), so it cannot be
     * guessed through this route faster than through sign-in. Every other session of
     * the user ends; the one making the change stays signed in.
     */
    async changePassword(
      userId: string,
      token: string,
      input: ChangePasswordInput,
      ip: string,
    ): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
      await limit.signInPerIp.hit(clientKey(ip));
      await limit.signInPerAccount.hit(user.email);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
        throw new AppError('WRONG_PASSWORD', 'The current password is not right', [
          {
            path: 'body.currentPassword',
            code: 'CURRENT_PASSWORD_WRONG',
            message: 'The current password is not right',
          },
        ]);
      await limit.signInPerAccount.reset(user.email);
      await repo.changePassword(user.id, await hashPassword(input.newPassword), hashToken(token));
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
