import type { GatewayEvent, VoiceGateway } from '../../integrations/voice/port.js';
import { AppError } from '../../lib/app-error.js';
import { DEADLINE_GRACE_MS } from './call-authorise.js';
import { type CallEnd, isOpenCall, settlementOf } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';

export interface CallSettlingDeps {
  repo: Pick<CallsRepo, 'settle' | 'ringing' | 'answered'>;
  gateway: Pick<VoiceGateway, 'hangup'>;
  config: { ringTimeoutMs: number };
  publish: (row: CallRow) => void;
  log?: { error(obj: unknown, msg: string): void };
  now: () => Date;
}

/**
 * A call moved along by what the network reports, cut off at its maximum, and settled
 * once: whoever asks while a settle is being written waits for the same one.
 */
export function createCallSettling(deps: CallSettlingDeps) {
  const { repo, gateway, now, publish } = deps;
  const cutoffs = new Map<string, NodeJS.Timeout>();
  /** Settles being written now, by call. */
  const settling = new Map<string, Promise<CallRow | null>>();

  /** Settles once and tells the customer; a call settled already is answered as it is. */
  function settle(id: string, end: CallEnd): Promise<CallRow | null> {
    const running = settling.get(id);
    if (running) return running;
    const timer = cutoffs.get(id);
    if (timer) clearTimeout(timer);
    cutoffs.delete(id);
    const work = repo
      .settle(id, (row) => settlementOf(row, end))
      .then((result) => {
        if (result?.settled) publish(result.call);
        return result?.call ?? null;
      })
      .finally(() => settling.delete(id));
    settling.set(id, work);
    return work;
  }

  /** The credit cut-off: Parley ends the call when its maximum is reached. */
  function armCutoff(row: CallRow) {
    if (!row.answeredAt || cutoffs.has(row.id)) return;
    const ms = row.answeredAt.getTime() + row.maxSeconds * 1000 - now().getTime();
    const timer = setTimeout(
      () => {
        cutoffs.delete(row.id);
        if (!gateway.hangup(row.id, 'cutoff', 'system'))
          void settle(row.id, { at: now(), cause: 'cutoff', by: 'system' });
      },
      Math.max(0, ms),
    );
    timer.unref?.();
    cutoffs.set(row.id, timer);
  }

  async function ringing(id: string, at: Date) {
    const deadline = new Date(at.getTime() + deps.config.ringTimeoutMs + DEADLINE_GRACE_MS);
    const row = await repo.ringing(id, at, deadline);
    if (row) publish(row);
    return row;
  }

  async function answered(id: string, at: Date) {
    const row = await repo.answered(id, at, DEADLINE_GRACE_MS);
    if (row) {
      publish(row);
      if (row.gateway === 'sandbox') armCutoff(row);
    }
    return row;
  }

  async function onGatewayEvent(e: GatewayEvent) {
    try {
      if (e.kind === 'ended') await settle(e.callId, { at: e.at, cause: e.cause, by: e.by });
      else if (e.kind === 'ringing') await ringing(e.callId, e.at);
      else await answered(e.callId, e.at);
    } catch (err) {
      // Not lost: the call's deadline brings the settling job to it.
      deps.log?.error({ err, callId: e.callId }, `voice: could not record ${e.kind}`);
    }
  }

  /** The settle being written for a call now, if any. */
  const pending = (id: string) => settling.get(id);

  return { settle, armCutoff, ringing, answered, onGatewayEvent, pending };
}
export type CallSettling = ReturnType<typeof createCallSettling>;

/** Ends a call: through the gateway when it runs it, else settled here and now. */
export function createCallEnding(deps: {
  repo: Pick<CallsRepo, 'byId' | 'markEnding'>;
  gateway: Pick<VoiceGateway, 'hangup' | 'endOnEdge'>;
  settling: Pick<CallSettling, 'settle' | 'pending'>;
  now: () => Date;
}) {
  const { repo, gateway, settling, now } = deps;
  return async function end(
    row: CallRow,
    cause: 'normal' | 'admin',
    by: 'caller' | 'system',
  ): Promise<CallRow> {
    if (!isOpenCall(row.status)) return row;
    // The sandbox reports the end from inside hangup(), which starts settling it.
    if (gateway.hangup(row.id, cause, by))
      return (await settling.pending(row.id)) ?? (await repo.byId(row.id)) ?? row;
    if (row.gateway === 'sip' && row.edgeCallId) {
      // The edge runs it: an answered call is ended there (BYE to both sides) and settled
      // here at once (the edge's own report comes after and changes nothing). One still
      // ringing is left to the phone, which cancels it: ending it here would let an
      // answer that crosses this be talked for free.
      const unavailable = new AppError(
        'VOICE_UNAVAILABLE',
        'This call is running on the SIP edge; hang up on the phone.',
      );
      if (!row.answeredAt || !gateway.endOnEdge) throw unavailable;
      await repo.markEnding(row.id, { cause, by });
      if (!(await gateway.endOnEdge(row.edgeCallId))) {
        await repo.markEnding(row.id, null);
        throw unavailable;
      }
    }
    return (
      (await settling.settle(row.id, {
        at: now(),
        cause: row.answeredAt ? cause : 'cancelled',
        by,
      })) ?? row
    );
  };
}
