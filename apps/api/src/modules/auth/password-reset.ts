import {
  type ForgotPasswordInput,
  type ForgotPasswordResult,
  type IssuedPasswordReset,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordInput,
} from '@parley/shared';
import type { Mailer } from '../../integrations/mail/port.js';
import { AppError } from '../../lib/app-error.js';
import { clientKey, createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import type { AuthLimits } from './auth.service.js';
import type { PasswordResetRepo } from './password-reset.repo.js';
import { hashPassword } from './passwords.js';
import { resetEmail, resetLink } from './reset-email.js';
import type { SecurityCheck } from './security-check.js';
import { hashToken, newSessionToken } from './session-token.js';

const TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

const invalidLink = () =>
  new AppError(
    'RESET_LINK_INVALID',
    'This reset link is not valid: it was used, it expired, or a newer one replaced it.',
  );

export interface PasswordResetDeps {
  repo: PasswordResetRepo;
  securityCheck: SecurityCheck;
  limitStore: LimitStore;
  limits: Pick<AuthLimits, 'resetPerIp' | 'resetPerAddress'>;
  /** Email links go out only with both a mailer and the public address links point to. */
  mail: { mailer: Mailer; publicUrl: string } | null;
  log: { warn(o: object, m: string): void };
  now?: () => Date;
}

/**
 * Forgotten passwords: a one-time link by email ("Forgot password?"), or one an admin
 * issues when Parley sends no email. A link's token is 256 random bits; only its hash is
 * stored. Using it sets a password with sign-up's rules and ends every session.
 */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { repo, mail } = deps;
  const now = deps.now ?? (() => new Date());
  const perIp = createRateLimiter(deps.limitStore, 'auth.resetPerIp', deps.limits.resetPerIp);
  const perAddress = createRateLimiter(
    deps.limitStore,
    'auth.resetPerAddress',
    deps.limits.resetPerAddress,
  );
  // Emails under way: answered before they are written, so the answer's timing says
  // nothing about the address; close() waits for them.
  const sending = new Set<Promise<void>>();

  async function newLink(userId: string, issuedBy?: { actorId: string; ip: string | null }) {
    const token = newSessionToken();
    const expiresAt = new Date(now().getTime() + TTL_MS);
    await repo.insert({ userId, tokenHash: hashToken(token), expiresAt, issuedBy });
    return { token, expiresAt };
  }

  async function emailLink(email: string, via: NonNullable<typeof mail>) {
    const holder = await repo.findByEmail(email);
    if (!holder || holder.disabled) return;
    const { token } = await newLink(holder.id);
    const { subject, text } = resetEmail(holder.language, resetLink(via.publicUrl, token));
    await via.mailer.send({ to: holder.email, subject, text });
  }

  return {
    /**
     * Counted per address and per client address, checked, then answered at once; the
     * link (if the address has an enabled account) is made and emailed after the answer.
     */
    async request(input: ForgotPasswordInput, ip: string): Promise<ForgotPasswordResult> {
      await perIp.hit(clientKey(ip));
      // The proof of work before the address is counted: an unsolved request must not
      // spend a victim's few links an hour.
      await deps.securityCheck.verify(input.altcha);
      await perAddress.hit(input.email);
      if (!mail) return { delivery: 'unavailable' };
      const job = emailLink(input.email, mail)
        .catch((err: unknown) =>
          // Named by type only: the error may carry the address.
          deps.log.warn(
            { reason: err instanceof Error ? err.name : 'unknown' },
            'Password reset: email not sent',
          ),
        )
        .finally(() => sending.delete(job));
      sending.add(job);
      return { delivery: 'email' };
    },

    /** Sets the new password from a live link; every session of the user ends. */
    async reset(input: ResetPasswordInput, ip: string): Promise<void> {
      await perIp.hit(clientKey(ip));
      const passwordHash = await hashPassword(input.password);
      const userId = await repo.consume(hashToken(input.token), passwordHash, now());
      if (!userId) throw invalidLink();
    },

    /**
     * An admin's one-time link for a customer (shown to the admin once, audited). Never for
     * the admin's own account (they change it on their account page), another admin's,
     * nor a suspended one.
     */
    async issue(
      userId: string,
      actor: { id: string; ip: string | null },
    ): Promise<IssuedPasswordReset> {
      if (userId === actor.id)
        throw new AppError(
          'SELF_RESET_FORBIDDEN',
          'Change your own password on your account page.',
        );
      const holder = await repo.findById(userId);
      if (!holder) throw new AppError('NOT_FOUND', 'No such user.');
      // An admin's link would let one admin take over another's account (and sign in as
      // them, second factor aside): admins reset by email or with `npm run admin`.
      if (holder.isAdmin)
        throw new AppError(
          'ADMIN_RESET_FORBIDDEN',
          "An admin's password is not reset by link: they use Forgot password?, or npm run admin.",
        );
      if (holder.disabled)
        throw new AppError('CONFLICT', 'This account is suspended: reactivate it first.');
      const { token, expiresAt } = await newLink(holder.id, { actorId: actor.id, ip: actor.ip });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** Waits for the emails under way (on close, and in tests). */
    async settled(): Promise<void> {
      await Promise.all([...sending]);
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
