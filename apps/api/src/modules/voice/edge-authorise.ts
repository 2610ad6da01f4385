import { type EdgeDecision, e164, type edgeAuthoriseSchema, TRUNK_USERNAME } from '@parley/shared';
import { countryOfNumber, dialledNumber } from '@parley/shared/phone';
import type { z } from 'zod';
import { isOpenCall } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService } from './calls.service.js';
import { allow, denial, deny, incomplete } from './edge-decisions.js';
import { createTrunkAuthorise } from './edge-trunk.js';
import type { TrunksRepo } from './trunks.repo.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

export { allow, deny } from './edge-decisions.js';

type AuthoriseInput = z.output<typeof edgeAuthoriseSchema>;

/** The destination dialled, read in the country of the caller ID the call shows. */
const destinationOf = (dialled: string, callerId: string) =>
  dialledNumber(dialled, countryOfNumber(callerId)?.country ?? null);

const INTERNATIONAL = /^\+?[1-9]\d{1,14}$/;

/** The edge asks whether an outbound call may start: by token, by account, or again. */
export function createEdgeAuthorise(deps: {
  calls: Pick<CallsService, 'authorise'>;
  repo: Pick<CallsRepo, 'byEdgeId' | 'byToken' | 'attachEdge'>;
  accounts: Pick<VoiceAccountsRepo, 'byUsername'>;
  callerIds: { list(userId: string): Promise<{ items: { number: string }[] }> };
  trunks: Pick<TrunksRepo, 'trunkById' | 'trunkByUsername'>;
  /** The operator's most channels for any trunk (VOICE_TRUNK_MAX_CHANNELS). */
  maxChannels: number;
  touch: () => void;
}) {
  const { calls, repo } = deps;
  const authoriseTrunk = createTrunkAuthorise(deps);

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
    // A PBX's call: recognised by its address (trunkId) or a trunk's credentials.
    if (input.trunkId || TRUNK_USERNAME.test(input.username ?? '')) return authoriseTrunk(input);
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
