import type { User } from '@parley/shared';
import type { AuthRepo, UserRow } from './auth.repo.js';
import { MINUTE } from './auth-limits.js';
import { toUser } from './auth-user.js';
import { hashToken, newSessionToken } from './session-token.js';

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

/** Sessions: started on sign-in, slid while used, ended on sign-out. */
export function createSessions(deps: {
  repo: Pick<
    AuthRepo,
    | 'deleteSession'
    | 'deleteExpiredSessionsOf'
    | 'insertSession'
    | 'findSession'
    | 'touchSession'
    | 'deleteSessionsOf'
  >;
  lifetimes: SessionLifetimes;
  now: () => Date;
}) {
  const { repo, lifetimes, now } = deps;

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

  return {
    startSession,

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
  };
}
export type Sessions = ReturnType<typeof createSessions>;
