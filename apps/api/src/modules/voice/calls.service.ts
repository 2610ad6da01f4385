import { randomBytes } from 'node:crypto';
import {
  type Call,
  type CallHistory,
  type CallQuote,
  type callInputSchema,
  destinationRefusal,
  MAX_CALL_SECONDS,
  maxCallSeconds,
  moneyText,
  planAllowance,
  utcDayStart,
} from '@parley/shared';
import type { z } from 'zod';
import type { VoiceConfig } from '../../config/voice-config.js';
import type { GatewayEvent, VoiceGateway } from '../../integrations/voice/port.js';
import { AppError } from '../../lib/app-error.js';
import { toCall } from '../../lib/call-view.js';
import type { EventBus } from '../../lib/event-bus.js';
import { guardrailError } from '../../lib/guardrail-error.js';
import {
  type CallEnd,
  decideCall,
  headroom,
  type Refusal,
  settlementOf,
} from './call-decisions.js';
import type { CallPricing } from './call-pricing.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

/** Time after a deadline before a job settles a call nobody reported the end of. */
export const DEADLINE_GRACE_MS = 30_000;

export const refusalError = (refusal: Refusal | 'balance' | 'duplicate') => {
  if (typeof refusal === 'object') return guardrailError(refusal);
  if (refusal === 'CONCURRENT_CALL_LIMIT')
    return new AppError(
      'CONCURRENT_CALL_LIMIT',
      'You have as many calls in progress as your plan allows. End one and try again.',
    );
  if (refusal === 'ACCOUNT_DISABLED')
    return new AppError('FORBIDDEN', 'This account is suspended.');
  return new AppError(
    'INSUFFICIENT_BALANCE',
    'Insufficient Balance: You need at least £0.10 to make a SIP call',
  );
};

const uncharged = (row: CallRow) => (row.uncharged === null ? null : moneyText(row.uncharged));

export interface PlaceInput {
  userId: string;
  destination: string;
  callerId: string;
  gateway: 'sandbox' | 'sip';
  edgeCallId?: string;
}

/**
 * Calls: authorised with a hold on the balance, handed to the gateway, moved along by
 * what the network (or the edge) reports, cut off at their maximum, and settled once.
 */
export function createCallsService(deps: {
  repo: CallsRepo;
  accounts: Pick<VoiceAccountsRepo, 'activePackages' | 'suspendedVoicePlan'>;
  pricing: CallPricing;
  gateway: VoiceGateway;
  events: EventBus;
  config: Pick<VoiceConfig, 'increments' | 'incrementsText' | 'ringTimeoutMs'>;
  callerIdAllowed: (userId: string, number: string) => Promise<boolean>;
  instanceId: string;
  log?: { error(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const { repo, gateway, events, config } = deps;
  const now = deps.now ?? (() => new Date());
  const cutoffs = new Map<string, NodeJS.Timeout>();

  const publish = (row: CallRow) =>
    events.publish({ type: 'call.updated', data: { userId: row.userId, call: toCall(row) } });

  async function allowance(userId: string) {
    return planAllowance(await deps.accounts.activePackages(userId), now());
  }

  /** Authorises and writes a call, or throws why not (the edge maps the codes). */
  async function authorise(input: PlaceInput): Promise<CallRow> {
    if (await deps.accounts.suspendedVoicePlan(input.userId))
      throw new AppError(
        'SUBSCRIPTION_SUSPENDED',
        'Your calling plan is suspended for an unpaid renewal. Reactivate it to call again.',
      );
    if (!(await deps.callerIdAllowed(input.userId, input.callerId)))
      throw new AppError(
        'CALLER_ID_NOT_VERIFIED',
        'Use one of your numbers or a verified number as caller ID.',
        [{ path: 'body.callerId', code: 'CALLER_ID_INVALID', message: 'Caller ID not verified' }],
      );
    const price = await deps.pricing(input.destination);
    const plan = await allowance(input.userId);
    const at = now();
    const sandbox = input.gateway === 'sandbox';
    const periods = { periodStart: plan.periodStart, dayStart: utcDayStart(at) };
    const result = await repo.authorise(input.userId, periods, (state) =>
      decideCall(state, {
        allowance: plan,
        price: { ...price },
        increments: config.increments,
        incrementsText: config.incrementsText,
        values: {
          callerId: input.callerId,
          destination: price.e164,
          status: 'dialing',
          gateway: input.gateway,
          edgeCallId: input.edgeCallId ?? null,
          token: input.edgeCallId ? null : randomBytes(24).toString('base64url'),
          owner: sandbox ? deps.instanceId : null,
          aliveAt: sandbox ? at : null,
          createdAt: at,
          deadlineAt: new Date(at.getTime() + config.ringTimeoutMs + DEADLINE_GRACE_MS),
        },
      }),
    );
    if (!result.ok) throw refusalError(result.refusal);
    publish(result.call);
    return result.call;
  }

  /** Settles once and tells the customer; a call settled already is answered as it is. */
  /** Settles being written now, by call: whoever asks meanwhile waits for the same one. */
  const settling = new Map<string, Promise<CallRow | null>>();

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
    const deadline = new Date(at.getTime() + config.ringTimeoutMs + DEADLINE_GRACE_MS);
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
  gateway.onEvent(onGatewayEvent);

  /** Ends a call: through the gateway when it runs it, else settled here and now. */
  async function end(row: CallRow, cause: 'normal' | 'admin', by: 'caller' | 'system') {
    if (!['dialing', 'ringing', 'answered'].includes(row.status)) return row;
    // The sandbox reports the end from inside hangup(), which starts settling it.
    if (gateway.hangup(row.id, cause, by))
      return (await settling.get(row.id)) ?? (await repo.byId(row.id)) ?? row;
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
      (await settle(row.id, { at: now(), cause: row.answeredAt ? cause : 'cancelled', by })) ?? row
    );
  }

  /** The trunk rings one of the customer's numbers: an inbound call, free, ringing out. */
  async function receive(input: {
    userId: string;
    number: string;
    country: string;
    from: string;
    edgeCallId: string;
  }): Promise<CallRow | null> {
    const at = now();
    const row = await repo.insertInbound(input.userId, {
      callerId: input.from,
      destination: input.number,
      country: input.country,
      price: '0',
      priceCurrency: 'GBP',
      ratePerMinute: '0',
      increments: config.incrementsText,
      maxSeconds: MAX_CALL_SECONDS,
      // Free, and not taken from the plan's included minutes either.
      includedHeld: 0,
      status: 'dialing',
      gateway: 'sip',
      edgeCallId: input.edgeCallId,
      createdAt: at,
      deadlineAt: new Date(at.getTime() + config.ringTimeoutMs + DEADLINE_GRACE_MS),
    });
    if (row) publish(row);
    return row;
  }

  return {
    authorise,
    receive,
    settle,
    ringing,
    answered,
    armCutoff,

    async place(userId: string, input: z.output<typeof callInputSchema>) {
      if (!gateway.connected())
        throw new AppError(
          'VOICE_UNAVAILABLE',
          'Calls cannot be placed right now. Please try again shortly.',
        );
      const row = await authorise({ userId, ...input, gateway: gateway.mode });
      gateway.dial({ id: row.id, destination: row.destination });
      return { ...toCall(row), token: row.gateway === 'sip' ? row.token : null };
    },

    async hangup(userId: string, id: string): Promise<Call> {
      const row = await repo.forUser(userId, id);
      if (!row) throw new AppError('NOT_FOUND', 'Call not found.');
      return toCall(await end(row, 'normal', 'caller'));
    },

    async adminHangup(id: string) {
      const row = await repo.byId(id);
      if (!row) throw new AppError('NOT_FOUND', 'Call not found.');
      const ended = await end(row, 'admin', 'system');
      return {
        ...toCall(ended),
        userId: ended.userId,
        userEmail: await repo.emailOf(ended.userId),
        uncharged: uncharged(ended),
      };
    },

    async history(userId: string, page: number, pageSize: number): Promise<CallHistory> {
      const { items, total } = await repo.history(userId, page, pageSize);
      return { items: items.map(toCall), total, page, pageSize };
    },

    async quote(userId: string, destination: string): Promise<CallQuote> {
      const price = await deps.pricing(destination);
      const plan = await allowance(userId);
      const state = await repo.accountState(userId, plan.periodStart, utcDayStart(now()));
      const refused = destinationRefusal(
        state.limits ?? null,
        'voice',
        price.country,
        price.ratePerMinute,
      );
      if (refused) throw guardrailError(refused);
      const { available, includedLeft, budget } = headroom(state, plan);
      return {
        destination: price.e164,
        country: price.country,
        price: price.price,
        priceCurrency: price.priceCurrency,
        ratePerMinute: moneyText(price.ratePerMinute),
        increments: config.incrementsText,
        maxSeconds: maxCallSeconds({
          available: budget,
          increments: config.increments,
          ratePerMinute: price.ratePerMinute,
          includedSecondsLeft: includedLeft,
        }),
        includedSecondsLeft: includedLeft,
        available: moneyText(available),
      };
    },

    async status(userId?: string) {
      return {
        mode: gateway.mode,
        connected: gateway.connected(),
        activeCalls: await repo.openCount(userId),
      };
    },

    async adminCalls(page: number, pageSize: number, activeOnly: boolean) {
      const { items, total } = await repo.adminList(page, pageSize, activeOnly);
      return {
        items: items.map((r) => ({
          ...toCall(r.call),
          userId: r.call.userId,
          userEmail: r.email,
          uncharged: uncharged(r.call),
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}
export type CallsService = ReturnType<typeof createCallsService>;
