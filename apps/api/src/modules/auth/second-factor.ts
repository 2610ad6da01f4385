import { createHash, randomInt } from 'node:crypto';
import { normaliseSecondFactorCode, type SecondFactorSetup } from '@parley/shared';
import { Secret, TOTP } from 'otpauth';
import type { UserRow } from './auth.repo.js';
import type { SecondFactorRepo } from './second-factor.repo.js';
import type { SecretBox } from './secret-box.js';
import { hashToken, newSessionToken } from './session-token.js';

export const TOTP_ISSUER = 'Parley';
const PERIOD_SECONDS = 30;
/** Codes of the previous and the next step are accepted too (clock drift). */
const WINDOW = 1;
const SETUP_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function totpOf(secret: Secret, label: string) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret,
  });
}

/** 80 random bits as 16 base32 characters in groups of four: ABCD-EFGH-IJKL-MNOP. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** Recovery codes carry 80 random bits, so a plain SHA-256 keeps them safe at rest. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseSecondFactorCode(code)).digest('hex');
}

/**
 * Admins' second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step either way)
 * with one-time recovery codes. A code is accepted only for a step later than the last
 * one used (recorded atomically), so a replay, or an older code still inside the
 * window, is refused on any instance.
 */
export function createSecondFactor(deps: {
  repo: SecondFactorRepo;
  box: SecretBox;
  now?: () => Date;
}) {
  const { repo, box } = deps;
  const now = deps.now ?? (() => new Date());

  /** The time step a six-digit code belongs to, or null when it is not a current code. */
  function stepOf(secretBase32: string, code: string, at: Date): number | null {
    const totp = totpOf(Secret.fromBase32(secretBase32), '');
    const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
    return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
  }

  return {
    /** 'none' (never set up, or set-up not finished) or 'confirmed'. */
    async stateOf(userId: string): Promise<'none' | 'confirmed'> {
      const factor = await repo.findFactor(userId);
      return factor?.confirmedAt ? 'confirmed' : 'none';
    },

    /** Whether `code` (six digits or a recovery code) opens this admin's factor, once. */
    async verify(userId: string, typed: string): Promise<boolean> {
      const code = normaliseSecondFactorCode(typed);
      const t = now();
      if (/^\d{6}$/.test(code)) {
        const factor = await repo.findFactor(userId);
        const secret = factor?.confirmedAt ? box.open(factor.secretCiphertext) : null;
        if (!secret) return false;
        const step = stepOf(secret, code, t);
        if (step === null) return false;
        return repo.useTotpStep(userId, step);
      }
      if (/^[A-Z2-7]{16}$/.test(code)) {
        return repo.useRecoveryCode(userId, hashRecoveryCode(code), t);
      }
      return false;
    },

    /** A new secret and set-up token for an admin without a confirmed factor. */
    async beginSetup(user: UserRow): Promise<SecondFactorSetup> {
      const secret = new Secret({ size: 20 });
      const token = newSessionToken();
      const expiresAt = new Date(now().getTime() + SETUP_MINUTES * 60_000);
      const saved = await repo.savePendingFactor({
        userId: user.id,
        secretCiphertext: box.seal(secret.base32),
        setupTokenHash: hashToken(token),
        setupExpiresAt: expiresAt,
      });
      if (!saved) throw new Error('the admin already has a second factor');
      return {
        setupToken: token,
        secret: secret.base32,
        otpauthUri: totpOf(secret, user.email).toString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The admin whose set-up this token continues, if it is still open. */
    async pendingSetup(setupToken: string) {
      return repo.findPendingSetup(hashToken(setupToken), now());
    },

    /**
     * Finishes a set-up with the first code from the app. Returns the recovery codes
     * (shown this once; only their hashes are kept), or null when the code is wrong or
     * the set-up was finished meanwhile.
     */
    async confirmSetup(
      pending: { user: UserRow; factor: { secretCiphertext: string } },
      setupToken: string,
      typed: string,
      ip: string | null,
    ): Promise<string[] | null> {
      const code = normaliseSecondFactorCode(typed);
      const secret = box.open(pending.factor.secretCiphertext);
      if (!secret || !/^\d{6}$/.test(code)) return null;
      const t = now();
      const step = stepOf(secret, code, t);
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const confirmed = await repo.confirmFactor({
        userId: pending.user.id,
        setupTokenHash: hashToken(setupToken),
        step,
        recoveryCodeHashes: codes.map(hashRecoveryCode),
        now: t,
        ip,
      });
      return confirmed ? codes : null;
    },

    /**
     * ADMIN_TOTP_SECRET: makes `secretBase32` the admin's confirmed factor. A factor that
     * already holds this secret is left alone (its used codes and recovery codes too).
     */
    async provision(userId: string, secretBase32: string): Promise<{ changed: boolean }> {
      const factor = await repo.findFactor(userId);
      if (factor?.confirmedAt && box.open(factor.secretCiphertext) === secretBase32) {
        return { changed: false };
      }
      await repo.provisionFactor(userId, box.seal(secretBase32), now());
      return { changed: true };
    },

    /** Removes the admin's factor and ends their sessions (`npm run admin -- reset-2fa`). */
    reset(userId: string): Promise<boolean> {
      return repo.resetFactor(userId);
    },
  };
}
export type SecondFactor = ReturnType<typeof createSecondFactor>;
