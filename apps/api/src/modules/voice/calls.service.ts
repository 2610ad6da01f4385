import { type Call, type CallHistory, type callInputSchema, moneyText } from '@parley/shared';
import type { z } from 'zod';
import type { VoiceConfig } from '../../config/voice-config.js';
import type { VoiceGateway } from '../../integrations/voice/port.js';
import { AppError } from '../../lib/app-error.js';
import { toCall } from '../../lib/call-view.js';
import type { EventBus } from '../../lib/event-bus.js';
import { withFields } from '../../lib/with-fields.js';
import { createCallAuthorising } from './call-authorise.js';
import type { CallPricing } from './call-pricing.js';
import { createCallEnding, createCallSettling } from './call-settle.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

export { DEADLINE_GRACE_MS, type PlaceInput, refusalError } from './call-authorise.js';

const uncharged = (row: CallRow) => (row.uncharged === null ? null : moneyText(row.uncharged));

/**
 * Calls: authorised with a hold on the balance (call-authorise.ts), handed to the
 * gateway, moved along by what the network (or the edge) reports, cut off at their
 * maximum, and settled once (call-settle.ts).
 */
export function createCallsService(deps: {
  repo: CallsRepo;
  accounts: Pick<VoiceAccountsRepo, 'activePackages' | 'voicePlanStatuses'>;
  pricing: CallPricing;
  gateway: VoiceGateway;
  events: EventBus;
  config: Pick<VoiceConfig, 'increments' | 'incrementsText' | 'ringTimeoutMs'>;
  callerIdAllowed: (userId: string, number: string) => Promise<boolean>;
  instanceId: string;
  log?: { error(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const { repo, gateway } = deps;
  const now = deps.now ?? (() => new Date());
  const publish = (row: CallRow) =>
    deps.events.publish({ type: 'call.updated', data: { userId: row.userId, call: toCall(row) } });

  const { authorise, receive, quote } = createCallAuthorising({ ...deps, publish, now });
  const settling = createCallSettling({ ...deps, publish, now });
  const { settle, ringing, answered, armCutoff } = settling;
  const end = createCallEnding({ repo, gateway, settling, now });
  gateway.onEvent(settling.onGatewayEvent);

  const adminView = async (row: CallRow, email?: string) =>
    withFields(toCall(row), {
      userId: row.userId,
      userEmail: email ?? (await repo.emailOf(row.userId)),
      uncharged: uncharged(row),
    });

  return {
    authorise,
    receive,
    settle,
    ringing,
    answered,
    armCutoff,
    quote,

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
      return adminView(await end(row, 'admin', 'system'));
    },

    async history(userId: string, page: number, pageSize: number): Promise<CallHistory> {
      const { items, total } = await repo.history(userId, page, pageSize);
      return { items: items.map(toCall), total, page, pageSize };
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
      const views = await Promise.all(items.map((r) => adminView(r.call, r.email)));
      return { items: views, total, page, pageSize };
    },
  };
}
export type CallsService = ReturnType<typeof createCallsService>;
