import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AppError } from '../../lib/app-error.js';

const EXPIRES_SECONDS = 10 * 60;

export interface SecurityCheckOptions {
  /** Derived from SESSION_SECRET; never sent anywhere. */
  secret: string;
  /** Range of the counter the browser must find (work ~ its average). */
  counterRange?: [number, number];
  /** Records a solved challenge; false if it was used before. */
  useOnce: (signature: string, expiresAt: Date) => Promise<boolean>;
  now?: () => number;
}

function decodePayload(
  value: string,
): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    if (typeof parsed?.challenge?.signature !== 'string' || typeof parsed?.solution !== 'object')
      return null;
    return parsed;
  } catch {
    return null;
  }
}

/**
 * The "Verify security check": a self-hosted ALTCHA proof of work. Challenges are
 * signed and expire after ten minutes; a solution is accepted once only.
 */
export function createSecurityCheck(options: SecurityCheckOptions) {
  const hmacSignatureSecret = createHmac('sha256', options.secret)
    .update('altcha-signature')
    .digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', options.secret)
    .update('altcha-key')
    .digest('hex');
  // SHA-256 rounds the browser must try on average: about a second on a phone.
  const [low, high] = options.counterRange ?? [20_000, 80_000];
  const now = options.now ?? Date.now;

  return {
    async issue(): Promise<Challenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(high, low),
        deriveKey,
        expiresAt: Math.floor(now() / 1000) + EXPIRES_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** Throws CHALLENGE_FAILED unless `payload` is a fresh, valid, unused solution. */
    async verify(payload: string): Promise<void> {
      const decoded = decodePayload(payload);
      const fail = (why: string) =>
        new AppError('CHALLENGE_FAILED', `Security check failed: ${why}. Please try again.`);
      if (!decoded) throw fail('unreadable answer');
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        throw fail('unreadable answer');
      }
      if (result.expired) throw fail('it expired');
      if (!result.verified) throw fail('wrong answer');
      const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000);
      if (!(await options.useOnce(decoded.challenge.signature ?? '', expiresAt)))
        throw fail('it was already used');
    },
  };
}
export type SecurityCheck = ReturnType<typeof createSecurityCheck>;
