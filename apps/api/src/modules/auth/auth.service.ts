import {
  type AdminLoginInput,
  type ChangePasswordInput,
  type ConfirmSecondFactorInput,
  moneyText,
  type SecondFactorSetup,
  type SignInInput,
  type SignUpInput,
  type User,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { isoTime } from '../../lib/iso-time.js';
import {
  clientKey,
  createRateLimiter,
  type LimitStore,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limiter.js';
import type { AuthRepo, UserRow } from './auth.repo.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import type { SecondFactor } from './second-factor.js';
import type { SecurityCheck } from './security-check.js';
import { hashToken, newSessionToken } from './session-token.js';

const MINUTE = 60_000;
export const DEFAULT_LIMITS = {
  signInPerIp: { max: 20, windowMs: 10 * MINUTE },
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 10, windowMs: 60 * MINUTE },
  adminPerIp: { max: 10, windowMs: 15 * MINUTE },
  /** Per account across every address, locked out longer after each window it goes over. */
  adminPerAccount: { max: 5, windowMs: 15 * MINUTE, backoff: { maxMs: 240 * MINUTE } },
  challengePerIp: { max: 60, windowMs: 10 * MINUTE },
  /** "Forgot password?" and reset links used, per client address. */
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Reset emails asked for one address, whoever asks. */
  resetPerAddress: { max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
export type AuthLimits = Record<keyof typeof DEFAULT_LIMITS, RateLimitRule>;

/** The default limits with every allowance multiplied by `factor`. */
export function scaledLimits(factor: number): AuthLimits {
  return Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, rule]) => [
      name,
      { ...rule, max: rule.max * factor },
    ]),
  ) as AuthLimits;
}

/** Sessions are touched at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = MINUTE;

export interface Session {
  token: string;
  /** How long the browser should keep the cookie: the idle time, or less near the absolute end. */
  maxAgeSeconds: number;
}

/** Idle and absolute lifetimes per role, in seconds (config `sessions`). */
export interface SessionLifetimes {
  customer: { idleSeconds: number; maxSeconds: number };
  admin: { idleSeconds: number; maxSeconds: number };
}
export const DEFAULT_LIFETIMES: SessionLifetimes = {
  customer: { idleSeconds: 30 * 86_400, maxSeconds: 30 * 86_400 },
  admin: { idleSeconds: 30 * 60, maxSeconds: 12 * 3600 },
};

/** The account columns a user's answer is made of (times as Dates, or as ISO text). */
export type SessionUserRow = Pick<
  UserRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'cryptoBalance' | 'isAdmin'
> & { createdAt: Date | string; updatedAt: Date | string };

export function toUser(row: SessionUserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    cryptoBalance: moneyText(row.cryptoBalance),
    isAdmin: row.isAdmin,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
const secondFactorRequired = () =>
  new AppError(
    'SECOND_FACTOR_REQUIRED',
    'Enter the current code from your authenticator app, or a recovery code.',
  );

export function createAuthService(deps: {
  repo: AuthRepo;
  events: EventBus;
  securityCheck: SecurityCheck;
  /** Admins' TOTP and recovery codes. */
  secondFactor: SecondFactor;
  /** Where the limits count (shared by every instance); see app.ts. */
  limitStore: LimitStore;
  limits?: AuthLimits;
  lifetimes?: SessionLifetimes;
  now?: () => Date;
}) {
  const { repo, events, securityCheck, secondFactor } = deps;
  const lifetimes = deps.lifetimes ?? DEFAULT_LIFETIMES;
  const now = deps.now ?? (() => new Date());
  const rules = deps.limits ?? DEFAULT_LIMITS;
  const limit = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      createRateLimiter(deps.limitStore, `auth.${name}`, rule),
    ]),
  ) as Record<keyof AuthLimits, RateLimiter>;

  /**
   * A new session for a successful sign-in. The one the browser came with (if any) is
   * ended only now, so a failed attempt never signs anyone out; the user's expired
   * sessions are cleared on the way.
   */
  async function startSession(user: UserRow, previousToken: string | null): Promise<Session> {
    const t = now();
    if (previousToken) await repo.deleteSession(hashToken(previousToken));
    await repo.deleteExpiredSessionsOf(user.id, t);
    const token = newSessionToken();
    const { idleSeconds, maxSeconds } = user.isAdmin ? lifetimes.admin : lifetimes.customer;
    const absoluteExpiresAt = new Date(t.getTime() + maxSeconds * 1000);
    const expiresAt = new Date(t.getTime() + Math.min(idleSeconds, maxSeconds) * 1000);
    await repo.insertSession({
      tokenHash: hashToken(token),
      userId: user.id,
      idleSeconds,
      expiresAt,
      absoluteExpiresAt,
    });
    return { token, maxAgeSeconds: Math.min(idleSeconds, maxSeconds) };
  }

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
    async issueChallenge(ip: string) {
      await limit.challengePerIp.hit(clientKey(ip));
      return securityCheck.issue();
    },

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

    /** The user of a live session; slides its idle expiry. `renewed` when the cookie should be re-sent. */
    async resolveSession(token: string): Promise<{ user: User; renewed: Session | null } | null> {
      const t = now();
      const found = await repo.findSession(hashToken(token), t);
      if (!found) return null;
      let renewed: Session | null = null;
      if (t.getTime() - found.lastSeenMs >= TOUCH_EVERY_MS) {
        await repo.touchSession(found.sessionId, t);
        const left = (found.absoluteExpiresMs - t.getTime()) / 1000;
        renewed = {
          token,
          maxAgeSeconds: Math.max(1, Math.floor(Math.min(found.idleSeconds, left))),
        };
      }
      return { user: toUser(found), renewed };
    },

    /**
     * The user of a live session without sliding its expiry: an open event stream checks
     * its session this way, so a stream alone does not keep an idle session alive.
     */
    async currentUser(token: string): Promise<User | null> {
      const found = await repo.findSession(hashToken(token), now());
      return found ? toUser(found) : null;
    },

    async signOut(token: string): Promise<void> {
      await repo.deleteSession(hashToken(token));
    },

    /** Ends every session of the user, this one included. */
    async signOutEverywhere(userId: string): Promise<void> {
      await repo.deleteSessionsOf(userId);
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
export type AuthService = ReturnType<typeof createAuthService>;
