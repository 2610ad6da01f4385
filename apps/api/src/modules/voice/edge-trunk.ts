import {
  type EdgeDecision,
  e164,
  type edgeAuthoriseSchema,
  IN_SERVICE,
  trunkChannelLimit,
} from '@parley/shared';
import { countryOfNumber, dialledNumber } from '@parley/shared/phone';
import type { z } from 'zod';
import { isOpenCall } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService } from './calls.service.js';
import { allow, denial, deny, incomplete } from './edge-decisions.js';
import { trunkMediaFlags } from './trunk-media.js';
import type { EdgeTrunk, TrunksRepo } from './trunks.repo.js';

type AuthoriseInput = z.output<typeof edgeAuthoriseSchema>;

const INTERNATIONAL = /^\+?[1-9]\d{1,14}$/;
const inService = (status: string | null) =>
  (IN_SERVICE as readonly (string | null)[]).includes(status);

/**
 * Why a trunk may not call at all, or null when it may: unknown or cancelled, its owner
 * suspended, its renewal unpaid, or TLS asked of it and the INVITE came otherwise.
 */
export function trunkRefusal(
  trunk: EdgeTrunk | null,
  how: { byAddress: boolean; transport?: string },
): EdgeDecision | null {
  const unknown = deny('UNKNOWN_ACCOUNT', 'Unknown SIP trunk.');
  if (!trunk || trunk.orderStatus === 'cancelled') return unknown;
  // An address proves an IP trunk only; a digest proves a credentials or TLS trunk only.
  if (how.byAddress !== (trunk.authMethod === 'ip')) return unknown;
  if (trunk.disabled) return deny('ACCOUNT_DISABLED', 'This account is suspended.');
  if (trunk.orderStatus === 'suspended')
    return deny('TRUNK_SUSPENDED', 'This trunk is suspended until its renewal is paid.');
  if (!inService(trunk.orderStatus)) return unknown;
  if (trunk.authMethod === 'tls' && how.transport !== 'tls')
    return deny('TLS_REQUIRED', 'This trunk takes calls over SIP TLS only.');
  return null;
}

/** The number `asked` as the customer wrote it: international, or national in the
 * country of their first caller ID. */
function readNumber(asked: string, first: string | undefined): string | null {
  if (INTERNATIONAL.test(asked)) return e164(asked);
  if (!first || !/^\d{1,20}$/.test(asked)) return null;
  const read = dialledNumber(asked, countryOfNumber(first)?.country ?? null);
  return read.ok ? read.e164 : null;
}

/**
 * The caller ID a trunk's call shows: the PBX's (its identity headers, else its From
 * user) when the customer may show it, else the trunk's default, else the customer's
 * first caller ID; null when none may be shown. Never a number the customer may not show.
 */
export function trunkCallerId(
  allowed: readonly string[],
  asked: string | undefined,
  fallback: string | null,
): string | null {
  const first = allowed[0];
  for (const candidate of [asked, fallback]) {
    const number = candidate ? readNumber(candidate, first) : null;
    if (number && allowed.includes(number)) return number;
  }
  return first ?? null;
}

/** The edge asks whether a PBX's call through a SIP trunk may start. */
export function createTrunkAuthorise(deps: {
  calls: Pick<CallsService, 'authorise'>;
  repo: Pick<CallsRepo, 'byEdgeId'>;
  trunks: Pick<TrunksRepo, 'trunkById' | 'trunkByUsername'>;
  callerIds: { list(userId: string): Promise<{ items: { number: string }[] }> };
  maxChannels: number;
}) {
  const allowTrunk = (row: CallRow, trunk: EdgeTrunk): EdgeDecision => ({
    ...allow(row),
    mediaFlags: trunkMediaFlags(trunk.codec),
  });

  /** The same Call-ID again (a retransmission): that call, when it is this trunk's. */
  function repeat(known: CallRow, trunk: EdgeTrunk, destination: string): EdgeDecision {
    if (known.direction !== 'outbound' || known.trunkId !== trunk.id)
      return deny('CALL_ID_USED', 'This Call-ID belongs to another call.');
    const to = dialledNumber(destination, countryOfNumber(known.callerId)?.country ?? null);
    if (!to.ok || to.e164 !== known.destination)
      return deny('CALL_ID_USED', 'This Call-ID belongs to another call.');
    return isOpenCall(known.status)
      ? allowTrunk(known, trunk)
      : deny('CALL_ID_USED', 'This call has ended already.');
  }

  return async function authoriseTrunk(input: AuthoriseInput): Promise<EdgeDecision> {
    const byAddress = Boolean(input.trunkId);
    const trunk = input.trunkId
      ? await deps.trunks.trunkById(input.trunkId)
      : await deps.trunks.trunkByUsername(input.username ?? '');
    const refused = trunkRefusal(trunk, { byAddress, transport: input.transport });
    if (refused || !trunk) return refused ?? deny('UNKNOWN_ACCOUNT', 'Unknown SIP trunk.');
    const known = await deps.repo.byEdgeId(input.edgeCallId);
    if (known) return repeat(known, trunk, input.destination);
    const allowed = (await deps.callerIds.list(trunk.userId)).items.map((i) => i.number);
    const callerId = trunkCallerId(allowed, input.callerId, trunk.callerId);
    if (!callerId)
      return deny('CALLER_ID_NOT_VERIFIED', 'Verify a number to use as caller ID first.');
    const to = dialledNumber(input.destination, countryOfNumber(callerId)?.country ?? null);
    if (!to.ok) return incomplete(to.reason);
    try {
      const row = await deps.calls.authorise({
        userId: trunk.userId,
        destination: to.e164,
        callerId,
        gateway: 'sip',
        edgeCallId: input.edgeCallId,
        trunk: { id: trunk.id, channels: trunkChannelLimit(trunk, deps.maxChannels) },
      });
      return allowTrunk(row, trunk);
    } catch (err) {
      const raced = await deps.repo.byEdgeId(input.edgeCallId);
      if (raced) return repeat(raced, trunk, input.destination);
      return denial(err);
    }
  };
}

/**
 * Where an inbound call to a number routed to `trunk` rings: the PBX's address when the
 * trunk has one (else its registration, by username), and the failover destination when
 * the add-on is in service and has a host, after `ringSeconds`.
 */
export function trunkInboundRoute(trunk: EdgeTrunk, number: string, ringSeconds: number) {
  const failover =
    trunk.failoverHost && inService(trunk.failoverStatus)
      ? `sip:${number}@${trunk.failoverHost}`
      : undefined;
  return {
    username: trunk.username ?? '',
    ...(trunk.inboundHost ? { target: `sip:${number}@${trunk.inboundHost}` } : {}),
    ...(failover ? { failover, ringSeconds } : {}),
    mediaFlags: trunkMediaFlags(trunk.codec),
  };
}
