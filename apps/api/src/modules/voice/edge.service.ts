import {
  type EdgeInboundDecision,
  e164,
  type edgeEndSchema,
  type edgeInboundSchema,
  trunkChannelLimit,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isOpenCall } from './call-decisions.js';
import type { CallsRepo } from './calls.repo.js';
import type { CallsService } from './calls.service.js';
import { createEdgeAuthorise, deny } from './edge-authorise.js';
import { trunkInboundRoute } from './edge-trunk.js';
import type { LateReports } from './late-reports.js';
import type { TrunksRepo } from './trunks.repo.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

/**
 * The SIP edge's questions and reports (`/internal/voice/*`). Each names the edge's
 * Call-ID, so a retried request gets the same answer and an end is billed once.
 */
export function createEdgeService(deps: {
  calls: CallsService;
  /** Answers reported after the call was settled unanswered. */
  late: Pick<LateReports, 'answered'>;
  repo: Pick<CallsRepo, 'byEdgeId' | 'byToken' | 'attachEdge'>;
  accounts: Pick<VoiceAccountsRepo, 'byUsername' | 'numberHolder'>;
  callerIds: { list(userId: string): Promise<{ items: { number: string }[] }> };
  trunks: Pick<TrunksRepo, 'trunkById' | 'trunkByUsername' | 'trunkOfNumber'>;
  /** VOICE_TRUNK_MAX_CHANNELS, and how long a trunk's PBX rings before its failover. */
  maxChannels: number;
  failoverSeconds: number;
  /** Heard from the edge: the gateway's "connected". */
  touch: () => void;
}) {
  const { calls, repo } = deps;

  const authorise = createEdgeAuthorise(deps);

  /** The trunk rings a number: whose phones ring, or why nobody's do. */
  async function inbound(input: z.output<typeof edgeInboundSchema>): Promise<EdgeInboundDecision> {
    deps.touch();
    const number = e164(input.number);
    const holder = await deps.accounts.numberHolder(number);
    if (!holder) return deny('NUMBER_NOT_ASSIGNED', 'Nobody has this number.');
    if (holder.disabledAt) return deny('UNREACHABLE', 'This number cannot take calls now.');
    // A number routed to the holder's own trunk rings the trunk (a cancelled one: not).
    const found = await deps.trunks.trunkOfNumber(number, holder.userId);
    const trunk = found && found.orderStatus !== 'cancelled' ? found : null;
    if (trunk?.orderStatus === 'suspended')
      return deny('TRUNK_SUSPENDED', 'This trunk is suspended until its renewal is paid.');
    const route = trunk ? trunkInboundRoute(trunk, number, deps.failoverSeconds) : null;
    const username = route ? route.username : holder.username;
    if (!username && !route?.target)
      return deny('UNREACHABLE', 'This number cannot take calls now.');
    let row = await repo.byEdgeId(input.edgeCallId);
    if (!row) {
      const received = await calls.receive({
        userId: holder.userId,
        number,
        country: holder.country,
        from: input.from || 'anonymous',
        edgeCallId: input.edgeCallId,
        ...(trunk
          ? { trunk: { id: trunk.id, channels: trunkChannelLimit(trunk, deps.maxChannels) } }
          : {}),
      });
      if (received === 'limit')
        return deny('CONCURRENT_CALL_LIMIT', "All of the trunk's channels are in use.");
      row = received ?? (await repo.byEdgeId(input.edgeCallId));
    }
    // A Call-ID is one call: the same number's, rung inbound, still ringing or talking.
    if (row?.direction !== 'inbound' || row.userId !== holder.userId || row.destination !== number)
      return deny('CALL_ID_USED', 'This Call-ID belongs to another call.');
    if (!isOpenCall(row.status)) return deny('CALL_ID_USED', 'This call has ended already.');
    return { allow: true, callId: row.id, ...route, username: username ?? '' };
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
          : ((await calls.answered(row.id, at)) ?? (await deps.late.answered(row, at, true)));
      return { callId: row.id, status: (moved ?? row).status };
    },
    async end(input: z.output<typeof edgeEndSchema>) {
      const row = await known(input.edgeCallId);
      // An end saying when it was answered, for a call settled unanswered meanwhile.
      if (input.answeredAt) await deps.late.answered(row, new Date(input.answeredAt), false);
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
