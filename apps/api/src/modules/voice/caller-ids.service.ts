import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CallerIds } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** A new code for the same number no sooner than this. */
export const CODE_RESEND_MS = 60_000;

const hashOf = (userId: string, number: string, code: string) =>
  createHash('sha256').update(`${userId}:${number}:${code}`).digest();

/**
 * Caller IDs cannot be spoofed: a call may show a number the customer rents, or one
 * they proved they hold with a 6-digit code sent to it by SMS (10 minutes, 5 tries).
 */
export function createCallerIdsService(deps: {
  repo: Pick<
    VoiceAccountsRepo,
    | 'ownedNumbers'
    | 'verifiedNumbers'
    | 'callerId'
    | 'saveCode'
    | 'countTry'
    | 'markVerified'
    | 'sandboxCodes'
  >;
  /** Sends the code's SMS; resolves once the gateway took it. */
  sendSms: (number: string, text: string) => Promise<void>;
  /** Codes a customer may ask for, counted on every instance. */
  limit: RateLimiter;
  /** Sandbox: keep the code readable for admins and write it to the log. */
  sandbox: boolean;
  log: { info(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function list(userId: string): Promise<CallerIds> {
    const [owned, verified] = await Promise.all([
      repo.ownedNumbers(userId),
      repo.verifiedNumbers(userId),
    ]);
    return {
      items: [
        ...owned.map((number) => ({ number, source: 'did' as const })),
        ...verified
          .filter((n) => !owned.includes(n))
          .map((number) => ({ number, source: 'verified' as const })),
      ],
    };
  }

  return {
    list,
    async allowed(userId: string, number: string) {
      const { items } = await list(userId);
      return items.some((i) => i.number === number);
    },

    async start(userId: string, number: string) {
      const at = now();
      const existing = await repo.callerId(userId, number);
      if (existing?.sentAt && at.getTime() - existing.sentAt.getTime() < CODE_RESEND_MS) {
        const wait = Math.ceil(
          (CODE_RESEND_MS - (at.getTime() - existing.sentAt.getTime())) / 1000,
        );
        throw new AppError(
          'VERIFICATION_RATE_LIMITED',
          `A code was just sent to this number. Try again in ${wait} seconds.`,
          undefined,
          { headers: { 'retry-after': String(wait) } },
        );
      }
      await deps.limit.hit(userId);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(at.getTime() + CODE_LIFETIME_MS);
      await repo.saveCode(userId, number, {
        hash: hashOf(userId, number, code).toString('hex'),
        expiresAt,
        sandboxCode: deps.sandbox ? code : null,
        sentAt: at,
      });
      if (deps.sandbox)
        // The number is personal data: only its last digits go to the log.
        deps.log.info(
          { number: `…${number.slice(-4)}`, code },
          'sandbox: caller ID verification code',
        );
      try {
        await deps.sendSms(
          number,
          `Your Parley verification code is ${code}. It expires in 10 minutes.`,
        );
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The code could not be sent. Please try again.');
      }
      return { number, expiresAt: expiresAt.toISOString() };
    },

    async confirm(userId: string, number: string, code: string) {
      const row = await repo.countTry(userId, number);
      if (!row?.codeHash || !row.codeExpiresAt)
        throw new AppError(
          'VERIFICATION_FAILED',
          'No code is waiting for this number. Ask for one.',
        );
      if (row.codeExpiresAt <= now() || row.attempts > CODE_TRIES)
        throw new AppError('VERIFICATION_EXPIRED', 'This code has expired. Ask for a new one.');
      const right = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashOf(userId, number, code));
      if (!right) throw new AppError('VERIFICATION_FAILED', 'That code is not right.');
      await repo.markVerified(userId, number, now());
      return list(userId);
    },

    async sandboxCodes() {
      const rows = await repo.sandboxCodes(now());
      return {
        items: rows.map((r) => ({
          number: r.number,
          userEmail: r.email,
          code: r.code ?? '',
          expiresAt: r.expiresAt?.toISOString() ?? '',
        })),
      };
    },
  };
}
export type CallerIdsService = ReturnType<typeof createCallerIdsService>;
