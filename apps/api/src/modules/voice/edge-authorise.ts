import {
  EDGE_DENY_PHRASES,
  EDGE_DENY_REASONS,
  type EdgeDecision,
  type EdgeDenyReason,
  e164,
  type edgeAuthoriseSchema,
  moneyText,
} from '@parley/shared';
import { countryOfNumber, dialledNumber } from '@parley/shared/phone';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isOpenCall } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService } from './calls.service.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

export const allow = (row: CallRow): EdgeDecision => ({
  allow: true,
  callId: row.id,
  callerId: row.callerId,
  destination: row.destination,
  ratePerMinute: moneyText(row.ratePerMinute),
  maxSeconds: row.maxSeconds,
});

export const deny = (reason: EdgeDenyReason, message: string) => ({
  allow: false as const,
  reason,
  sipStatus: EDGE_DENY_REASONS[reason],
  phrase: EDGE_DENY_PHRASES[reason],
  message,
});

type AuthoriseInput = z.output<typeof edgeAuthoriseSchema>;

/** The destination dialled, read in the country of the caller ID the call shows. */
const destinationOf = (dialled: string, callerId: string) =>
  dialledNumber(dialled, countryOfNumber(callerId)?.country ?? null);

const incomplete = (reason: 'no-country' | 'incomplete') =>
  deny(
    'ADDRESS_INCOMPLETE',
    reason === 'no-country'
      ? 'Dial the number in international format (+ and the country code).'
      : 'The number dialled is too short: dial the whole number.',
  );

const INTERNATIONAL = /^\+?[1-9]\d{1,14}$/;

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

/** The edge asks whether an outbound call may start: by token, by account, or again. */
export function createEdgeAuthorise(deps: {
  calls: Pick<CallsService, 'authorise'>;
  repo: Pick<CallsRepo, 'byEdgeId' | 'byToken' | 'attachEdge'>;
  accounts: Pick<VoiceAccountsRepo, 'byUsername'>;
  callerIds: { list(userId: string): Promise<{ items: { number: string }[] }> };
  touch: () => void;
}) {
  const { calls, repo } = deps;

  /**
   * A Call-ID Parley knows (a retransmitted INVITE, or two asking at once) is answered
   * as that call only when the same account asks for the same outbound call again.
   */
  async function repeat(known: CallRow, input: AuthoriseInput): Promise<EdgeDecision> {
    const used = deny('CALL_ID_USED', 'This Call-ID belongs to another call.');
    if (known.direction !== 'outbound') return used;
    if (input.token && input.token !== known.token) return used;
    if (input.username) {
      const account = await deps.accounts.byUsername(input.username);
      if (account?.userId !== known.userId) return used;
    }
    const to = destinationOf(input.destination, known.callerId);
    if (!to.ok || to.e164 !== known.destination) return used;
    return isOpenCall(known.status)
      ? allow(known)
      : deny('CALL_ID_USED', 'This call has ended already.');
  }

  /** The caller ID asked for (international, or national in the customer's first
   * number's country), or the customer's first one; null when none can be shown. */
  async function callerIdFor(userId: string, asked: string | undefined) {
    if (asked && INTERNATIONAL.test(asked)) return e164(asked);
    const first = (await deps.callerIds.list(userId)).items[0]?.number;
    if (!asked || !first) return first ?? null;
    if (!/^\d{1,20}$/.test(asked)) return null;
    const read = dialledNumber(asked, countryOfNumber(first)?.country ?? null);
    return read.ok ? read.e164 : null;
  }

  async function authorise(input: AuthoriseInput): Promise<EdgeDecision> {
    deps.touch();
    const known = await repo.byEdgeId(input.edgeCallId);
    if (known) return repeat(known, input);
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
      const to = destinationOf(input.destination, row.callerId);
      if (!to.ok || row.destination !== to.e164)
        return deny('DESTINATION_NOT_SUPPORTED', 'The destination is not the one authorised.');
      const attached = await repo.attachEdge(row.id, input.edgeCallId);
      return attached ? allow(attached) : deny('CALL_ID_USED', 'This call is taken.');
    }
    const account = await deps.accounts.byUsername(input.username ?? '');
    if (!account) return deny('UNKNOWN_ACCOUNT', 'Unknown SIP account.');
    if (account.disabledAt) return deny('ACCOUNT_DISABLED', 'This account is suspended.');
    const callerId = await callerIdFor(account.userId, input.callerId);
    if (!callerId)
      return deny(
        'CALLER_ID_NOT_VERIFIED',
        input.callerId
          ? 'Use one of your numbers or a verified number as caller ID.'
          : 'Verify a number to use as caller ID first.',
      );
    const to = destinationOf(input.destination, callerId);
    if (!to.ok) return incomplete(to.reason);
    try {
      const row = await calls.authorise({
        userId: account.userId,
        destination: to.e164,
        callerId,
        gateway: 'sip',
        edgeCallId: input.edgeCallId,
      });
      return allow(row);
    } catch (err) {
      // Two tries with one Call-ID at once: the second finds the first's call.
      const raced = await repo.byEdgeId(input.edgeCallId);
      if (raced) return repeat(raced, input);
      return denial(err);
    }
  }

  return authorise;
}
