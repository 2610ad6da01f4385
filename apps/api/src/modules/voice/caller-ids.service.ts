import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CallerIds } from '@parley/shared';
import { canonicalNumber } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** A new code for the same number no sooner than this. */
export const CODE_RESEND_MS = 60_000;
/** Codes a customer may ask for in an hour (times AUTH_LIMIT_FACTOR). */
export const CODES_PER_CUSTOMER = 10;
/** Codes one number is sent in an hour, whoever asks (times AUTH_LIMIT_FACTOR). */
export const CODES_PER_NUMBER = 3;

const hashOf = (userId: string, number: string, code: string) =>
  createHash('sha256').update(`${userId}:${number}:${code}`).digest();

const codeText = (code: string) =>
  `Your Parley verification code is ${code}. It expires in 10 minutes.`;

type Limit = Pick<RateLimiter, 'take' | 'giveBack'>;

/**
 * Caller IDs cannot be spoofed: a call may show a number the customer rents, or one
 * they proved they hold with a 6-digit code sent to it by SMS (10 minutes, 5 tries).
 * The code is sent at Parley's cost, so only where the customer could send a paid SMS
 * (the SMS path's own rules and balance), and within three shared hourly limits: per
 * customer, per number whoever asks, and for all customers together (decision 0035).
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
    | 'pendingCodes'
  >;
  /**
   * The paid SMS path's rules for `text` from this customer to `number`: throws the
   * refusal a send would answer (invalid number, premium-rate or shared-cost, a country
   * with no SMS price, a balance that cannot pay for it); else answers the number as
   * the SMS is addressed (E.164).
   */
  checkSms: (userId: string, number: string, text: string) => Promise<string>;
  /** Sends the code's SMS; resolves once the gateway took it. */
  sendSms: (number: string, text: string) => Promise<void>;
  /** Codes counted on every instance: per customer, per number, and in all. */
  limits: { customer: Limit; number: Limit; overall: Limit };
  /**
   * Sandbox: keep the code readable for admins, show it to the customer who asked for it
   * (no real SMS reaches the number) and write it to the log.
   */
  sandbox: boolean;
  log: { info(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function list(userId: string): Promise<CallerIds> {
    const [owned, verified, pending] = await Promise.all([
      repo.ownedNumbers(userId),
      repo.verifiedNumbers(userId),
      repo.pendingCodes(userId, now()),
    ]);
    return {
      // A code locked by its tries is no longer waiting: a new one must be asked for.
      pending: pending
        .filter((p) => p.attempts < CODE_TRIES)
        .map((p) => ({
          number: p.number,
          expiresAt: p.expiresAt.toISOString(),
          sandboxCode: deps.sandbox ? p.sandboxCode : null,
        })),
      items: [
        ...owned.map((number) => ({ number, source: 'did' as const })),
        ...verified
          .filter((n) => !owned.includes(n))
          .map((number) => ({ number, source: 'verified' as const })),
      ],
    };
  }

  /**
   * Takes one code from each limit in turn, or none: a refusal gives back what the
   * limits before it took, so a refused request costs nobody's budget.
   */
  async function takeLimits(userId: string, recipient: string) {
    const { customer, number, overall } = deps.limits;
    const steps = [
      [customer, userId, 'RATE_LIMITED', 'You asked for too many codes. Try again later.'],
      [
        number,
        recipient,
        'VERIFICATION_NUMBER_LIMITED',
        'Too many codes were sent to this number. Try again later.',
      ],
      [
        overall,
        'all',
        'VERIFICATION_BUSY',
        'Too many codes are being sent right now. Try again later.',
      ],
    ] as const;
    const taken: (readonly [Limit, string])[] = [];
    try {
      for (const [limit, subject, code, message] of steps) {
        await limit.take(subject, 1, code, message);
        taken.push([limit, subject]);
      }
    } catch (err) {
      for (const [limit, subject] of taken) await limit.giveBack(subject, 1);
      throw err;
    }
  }

  return {
    list,
    async allowed(userId: string, number: string) {
      const { items } = await list(userId);
      return items.some((i) => i.number === number);
    },

    async start(userId: string, typed: string) {
      const at = now();
      // Refusals before anything is counted, stored or sent. The number is kept, counted
      // and verified as the SMS is addressed: one spelling per number.
      const number = await deps.checkSms(userId, typed, codeText('000000'));
      const recipient = number;
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
      await takeLimits(userId, recipient);
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
        await deps.sendSms(recipient, codeText(code));
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The code could not be sent. Please try again.');
      }
      return {
        number,
        expiresAt: expiresAt.toISOString(),
        sandboxCode: deps.sandbox ? code : null,
      };
    },

    async confirm(userId: string, typed: string, code: string) {
      const number = canonicalNumber(typed);
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
