import type { AdminLoginInput, SignInInput, SignUpInput, User } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRateLimiter, type RateLimitRule } from '../../lib/rate-limiter.js';
import type { AuthRepo, UserRow } from './auth.repo.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import type { SecurityCheck } from './security-check.js';
import {
  ADMIN_IDLE_SECONDS,
  CUSTOMER_IDLE_SECONDS,
  hashToken,
  newSessionToken,
} from './session-token.js';

const MINUTE = 60_000;
export const DEFAULT_LIMITS = {
  signInPerIp: { max: 20, windowMs: 10 * MINUTE },
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 10, windowMs: 60 * MINUTE },
  adminPerIp: { max: 10, windowMs: 15 * MINUTE },
  adminPerAccount: { max: 5, windowMs: 15 * MINUTE },
  challengePerIp: { max: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;
export type AuthLimits = typeof DEFAULT_LIMITS;

/** Sessions are touched at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = MINUTE;

export interface Session {
  token: string;
  idleSeconds: number;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    cryptoBalance: row.cryptoBalance,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');

export function createAuthService(deps: {
  repo: AuthRepo;
  events: EventBus;
  securityCheck: SecurityCheck;
  limits?: AuthLimits;
  now?: () => Date;
}) {
  const { repo, events, securityCheck } = deps;
  const now = deps.now ?? (() => new Date());
  const rules = deps.limits ?? DEFAULT_LIMITS;
  const limit = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, createRateLimiter(rule)]),
  ) as Record<keyof AuthLimits, ReturnType<typeof createRateLimiter>>;

  async function startSession(user: UserRow): Promise<Session> {
    const token = newSessionToken();
    const idleSeconds = user.isAdmin ? ADMIN_IDLE_SECONDS : CUSTOMER_IDLE_SECONDS;
    const expiresAt = new Date(now().getTime() + idleSeconds * 1000);
    await repo.insertSession({
      tokenHash: hashToken(token),
      userId: user.id,
      idleSeconds,
      expiresAt,
    });
    return { token, idleSeconds };
  }

  /** The user behind email and password, or INVALID_CREDENTIALS (same answer for both). */
  async function checkPassword(email: string, password: string): Promise<UserRow> {
    const user = await repo.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok || user.disabledAt) throw invalidCredentials();
    return user;
  }

  return {
    async issueChallenge(ip: string) {
      limit.challengePerIp.hit(ip);
      return securityCheck.issue();
    },

    async signUp(input: SignUpInput, ip: string): Promise<{ user: User; session: Session }> {
      limit.signUpPerIp.hit(ip);
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
      return { user: toUser(row), session: await startSession(row) };
    },

    async signIn(input: SignInInput, ip: string): Promise<{ user: User; session: Session }> {
      limit.signInPerIp.hit(ip);
      limit.signInPerAccount.hit(input.email);
      await securityCheck.verify(input.altcha);
      const row = await checkPassword(input.email, input.password);
      limit.signInPerAccount.reset(input.email);
      return { user: toUser(row), session: await startSession(row) };
    },

    /** Admins only; a customer's correct password is refused like a wrong one. */
    async adminSignIn(
      input: AdminLoginInput,
      ip: string,
    ): Promise<{ user: User; session: Session }> {
      limit.adminPerIp.hit(ip);
      limit.adminPerAccount.hit(input.email);
      const row = await checkPassword(input.email, input.password);
      if (!row.isAdmin) throw invalidCredentials();
      limit.adminPerAccount.reset(input.email);
      return { user: toUser(row), session: await startSession(row) };
    },

    /** The user of a live session; slides its idle expiry. `renewed` when the cookie should be re-sent. */
    async resolveSession(token: string): Promise<{ user: User; renewed: Session | null } | null> {
      const t = now();
      const found = await repo.findSession(hashToken(token), t);
      if (!found) return null;
      let renewed: Session | null = null;
      if (t.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await repo.touchSession(found.session.id, t);
        renewed = { token, idleSeconds: found.session.idleSeconds };
      }
      return { user: toUser(found.user), renewed };
    },

    async signOut(token: string): Promise<void> {
      await repo.deleteSession(hashToken(token));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
