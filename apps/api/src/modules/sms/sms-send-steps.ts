// One message's steps on its way out of the outbox (sms-outbox.ts): the writes around its
// submit, and what a failed submit leaves behind.
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  GatewayUnknownOutcomeError,
} from '../../integrations/sms/port.js';
import { batchedWrites } from '../../lib/batched-writes.js';
import type { SmsOutboxRepo } from './sms-outbox.repo.js';
import type { SmsRow } from './sms-rows.repo.js';

export const NOT_RESENT = 'Refunded and not sent again, so it is never delivered twice.';

/** What these steps write: the outbox's repository has it all (OutboxRepo). */
type StepsRepo = Pick<SmsOutboxRepo, 'renewLeases' | 'markSent' | 'retryLater' | 'fail'>;
type StepsLog = { error(o: object, m: string): void };

/**
 * A submit that failed: a refusal or an unknown outcome fails the message (refunded,
 * never re-sent); after `maxAttempts` it fails too; else it waits and is tried again.
 */
export async function afterFailedSubmit(
  ctx: {
    repo: StepsRepo;
    log: StepsLog;
    now: () => Date;
    maxAttempts: number;
    retryDelay: (attempt: number) => number;
  },
  row: SmsRow,
  err: unknown,
) {
  const message = (err as Error).message;
  const accepted =
    err instanceof GatewayUnavailableError ||
    err instanceof GatewayRejectedError ||
    err instanceof GatewayUnknownOutcomeError
      ? err.accepted
      : row.acceptedParts;
  if (err instanceof GatewayRejectedError)
    await ctx.repo.fail(row.id, message, ctx.now(), accepted);
  else if (err instanceof GatewayUnknownOutcomeError)
    await ctx.repo.fail(row.id, `${message} ${NOT_RESENT}`, ctx.now(), accepted);
  else if (row.attempts >= ctx.maxAttempts)
    await ctx.repo.fail(
      row.id,
      `Not sent after ${row.attempts} tries: ${message}`,
      ctx.now(),
      accepted,
    );
  else {
    if (!(err instanceof GatewayUnavailableError))
      ctx.log.error({ err, id: row.id }, 'SMS: send failed');
    const delay = ctx.retryDelay(row.attempts);
    await ctx.repo.retryLater(row.id, accepted, new Date(ctx.now().getTime() + delay), message);
  }
}

/**
 * Each message's two writes around its submit: the hand-over mark before (false when the
 * claim was lost) and what the gateway answered after, retried, as the upstream has it.
 * Each is the message's own, but the submits in flight share their round trips.
 */
export function sendWrites(ctx: {
  repo: StepsRepo;
  log: StepsLog;
  now: () => Date;
  leaseMs: number;
  max: number;
}) {
  const { repo, log, now } = ctx;
  const handOver = batchedWrites<{ id: string; attempt: number }, boolean>(
    async (claims) => {
      const renewed = new Set(await repo.renewLeases(claims, now(), ctx.leaseMs));
      return claims.map((c) => renewed.has(c.id));
    },
    { max: ctx.max },
  );
  const markSent = batchedWrites<{ id: string; upstreamIds: string[] }, void>(
    async (sent) => {
      await repo.markSent(sent, now());
      return sent.map(() => undefined);
    },
    { max: ctx.max },
  );
  async function recordSent(id: string, upstreamIds: string[]) {
    for (let tries = 0; ; tries++) {
      try {
        // A retry goes alone: a write another message's record broke must not take this
        // message's tries with it.
        if (tries === 0) return await markSent({ id, upstreamIds });
        return await repo.markSent([{ id, upstreamIds }], now());
      } catch (err) {
        if (tries >= 4) {
          log.error({ err, id }, 'SMS: sent, but could not record it');
          return;
        }
        await new Promise((r) => setTimeout(r, 250 * 2 ** tries));
      }
    }
  }
  return { handOver, recordSent };
}
