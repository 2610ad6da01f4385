import {
  EDGE_DENY_REASONS,
  type EdgeDecision,
  type EdgeDenyReason,
  type EdgeInboundDecision,
  e164,
  type edgeAuthoriseSchema,
  type edgeEndSchema,
  type edgeInboundSchema,
  moneyText,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService } from './calls.service.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

const OPEN = ['dialing', 'ringing', 'answered'];

const allow = (row: CallRow): EdgeDecision => ({
  allow: true,
  callId: row.id,
  callerId: row.callerId,
  destination: row.destination,
  ratePerMinute: moneyText(row.ratePerMinute),
  maxSeconds: row.maxSeconds,
});

const deny = (reason: EdgeDenyReason, message: string) => ({
  allow: false as const,
  reason,
  sipStatus: EDGE_DENY_REASONS[reason],
  message,
});

/** What an AppError from authorising means for the edge. */
function denial(err: unknown): EdgeDecision {
  if (!(err instanceof AppError)) throw err;
  const reason: Partial<Record<string, EdgeDenyReason>> = {
    CALLER_ID_NOT_VERIFIED: 'CALLER_ID_NOT_VERIFIED',
    DESTINATION_NOT_SUPPORTED: 'DESTINATION_NOT_SUPPORTED',
    PREMIUM_RATE_DESTINATION: 'DESTINATION_NOT_SUPPORTED',
    SHARED_COST_DESTINATION: 'DESTINATION_NOT_SUPPORTED',
    INVALID_NUMBER: 'DESTINATION_NOT_SUPPORTED',
    INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
    SUBSCRIPTION_SUSPENDED: 'SUBSCRIPTION_SUSPENDED',
    CONCURRENT_CALL_LIMIT: 'CONCURRENT_CALL_LIMIT',
    FORBIDDEN: 'ACCOUNT_DISABLED',
    GUARDRAIL_COUNTRY: 'SPENDING_LIMIT',
    GUARDRAIL_PRICE: 'SPENDING_LIMIT',
    GUARDRAIL_DAILY_CAP: 'SPENDING_LIMIT',
  };
  return deny(reason[err.code] ?? 'UNAVAILABLE', err.message);
}

/**
 * The SIP edge's questions and reports (`/internal/voice/*`). Each names the edge's
 * Call-ID, so a retried request gets the same answer and an end is billed once.
 */
export function createEdgeService(deps: {
  calls: CallsService;
  repo: Pick<CallsRepo, 'byEdgeId' | 'byToken' | 'attachEdge'>;
  accounts: Pick<VoiceAccountsRepo, 'byUsername' | 'numberHolder'>;
  callerIds: { list(userId: string): Promise<{ items: { number: string }[] }> };
  /** Heard from the edge: the gateway's "connected". */
  touch: () => void;
}) {
  const { calls, repo } = deps;

  async function authorise(input: z.output<typeof edgeAuthoriseSchema>): Promise<EdgeDecision> {
    deps.touch();
    const known = await repo.byEdgeId(input.edgeCallId);
    if (known)
      return OPEN.includes(known.status)
        ? allow(known)
        : deny('UNAVAILABLE', 'This call has ended already.');
    if (input.token) {
      const row = await repo.byToken(input.token);
      if (row?.status !== 'dialing' || row.edgeCallId)
        return deny('UNKNOWN_ACCOUNT', 'No call is waiting for this token.');
      // A token is only good from its owner's own SIP account.
      if (input.username) {
        const account = await deps.accounts.byUsername(input.username);
        if (account?.userId !== row.userId)
          return deny('UNKNOWN_ACCOUNT', 'No call is waiting for this token.');
      }
      if (row.destination !== e164(input.destination))
        return deny('DESTINATION_NOT_SUPPORTED', 'The destination is not the one authorised.');
      const attached = await repo.attachEdge(row.id, input.edgeCallId);
      return attached ? allow(attached) : deny('UNAVAILABLE', 'This call is taken.');
    }
    const account = await deps.accounts.byUsername(input.username ?? '');
    if (!account) return deny('UNKNOWN_ACCOUNT', 'Unknown SIP account.');
    if (account.disabledAt) return deny('ACCOUNT_DISABLED', 'This account is suspended.');
    const callerId = input.callerId
      ? e164(input.callerId)
      : (await deps.callerIds.list(account.userId)).items[0]?.number;
    if (!callerId)
      return deny('CALLER_ID_NOT_VERIFIED', 'Verify a number to use as caller ID first.');
    try {
      const row = await calls.authorise({
        userId: account.userId,
        destination: e164(input.destination),
        callerId,
        gateway: 'sip',
        edgeCallId: input.edgeCallId,
      });
      return allow(row);
    } catch (err) {
      // Two tries with one Call-ID at once: the second finds the first's call.
      const raced = await repo.byEdgeId(input.edgeCallId);
      if (raced) return allow(raced);
      return denial(err);
    }
  }

  /** The trunk rings a number: whose phones ring, or why nobody's do. */
  async function inbound(input: z.output<typeof edgeInboundSchema>): Promise<EdgeInboundDecision> {
    deps.touch();
    const number = e164(input.number);
    const holder = await deps.accounts.numberHolder(number);
    if (!holder) return deny('NUMBER_NOT_ASSIGNED', 'Nobody has this number.');
    if (holder.disabledAt || !holder.username)
      return deny('UNREACHABLE', 'This number cannot take calls now.');
    const known = await repo.byEdgeId(input.edgeCallId);
    const row =
      known ??
      (await calls.receive({
        userId: holder.userId,
        number,
        country: holder.country,
        from: input.from || 'anonymous',
        edgeCallId: input.edgeCallId,
      })) ??
      (await repo.byEdgeId(input.edgeCallId));
    if (row?.direction !== 'inbound' || !OPEN.includes(row.status))
      return deny('UNAVAILABLE', 'This call has ended already.');
    return { allow: true, callId: row.id, username: holder.username };
  }

  async function known(edgeCallId: string) {
    deps.touch();
    const row = await repo.byEdgeId(edgeCallId);
    if (!row) throw new AppError('NOT_FOUND', 'No call has this edgeCallId.');
    return row;
  }

  return {
    authorise,
    inbound,
    async progress(input: {
      edgeCallId: string;
      state: 'ringing' | 'answered';
      at?: string | number;
    }) {
      const row = await known(input.edgeCallId);
      const at = input.at ? new Date(input.at) : new Date();
      const moved =
        input.state === 'ringing'
          ? await calls.ringing(row.id, at)
          : await calls.answered(row.id, at);
      return { callId: row.id, status: (moved ?? row).status };
    },
    async end(input: z.output<typeof edgeEndSchema>) {
      const row = await known(input.edgeCallId);
      const ended = await calls.settle(row.id, {
        at: input.endedAt ? new Date(input.endedAt) : new Date(),
        cause: input.cause,
        by: input.by,
        ...(input.answeredAt !== undefined
          ? { answeredAt: input.answeredAt ? new Date(input.answeredAt) : null }
          : {}),
        quality: input.quality,
      });
      return { callId: row.id, status: (ended ?? row).status };
    },
  };
}
export type EdgeService = ReturnType<typeof createEdgeService>;
