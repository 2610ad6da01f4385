import type { ErrorCode } from '@parley/shared';
import type { GatewayEvent, VoiceGateway } from '../src/integrations/voice/port.js';
import { AppError } from '../src/lib/app-error.js';
import type {
  AccountState,
  Authorisation,
  CallRow,
  CallsRepo,
  Settlement,
} from '../src/modules/voice/calls.repo.js';
import { createCallsService } from '../src/modules/voice/calls.service.js';

/** Fakes for the calls service's unit tests (calls.service.test.ts, call-settle.test.ts). */
export const NOW = new Date('2026-03-02T10:00:00Z');

/** A stored call with what the answer shows; `over` sets the fields a test is about. */
export const callRow = (over: Partial<CallRow> = {}) =>
  ({
    id: 'call-1',
    userId: 'u1',
    direction: 'outbound',
    callerId: '+447400000001',
    destination: '+447700900123',
    country: 'GB',
    status: 'dialing',
    duration: null,
    billableSeconds: null,
    includedSeconds: null,
    cost: null,
    ratePerMinute: '0.0119',
    price: '0.0150',
    priceCurrency: 'USD',
    increments: '60/60',
    maxSeconds: 600,
    hold: '0.1190',
    includedHeld: 0,
    hangupCause: null,
    hangupBy: null,
    createdAt: NOW,
    answeredAt: null,
    endedAt: null,
    lateReportAt: null,
    uncharged: null,
    gateway: 'sandbox',
    edgeCallId: null,
    token: 'tok',
    ...over,
  }) as CallRow;

export const state = (over: Partial<AccountState> = {}): AccountState => ({
  balance: '1.0000',
  held: '0',
  disabled: false,
  openCalls: 0,
  includedHeld: 0,
  includedUsed: 0,
  ...over,
});

/**
 * The service with fakes: the repo decides against `account` as the database would
 * hand it over, writes each step to `steps`, and the gateway does what it is told.
 */
export function setUp(
  opts: {
    account?: AccountState;
    planStatuses?: string[];
    callerIdAllowed?: boolean;
    connected?: boolean;
    /** What the gateway's hangup answers (true: it runs the call). */
    runs?: boolean;
    endOnEdge?: boolean;
    stored?: CallRow;
    writeRefusal?: 'balance' | 'duplicate';
  } = {},
) {
  const steps: string[] = [];
  const published: CallRow[] = [];
  const written: Authorisation<unknown>[] = [];
  let listener: ((e: GatewayEvent) => Promise<void>) | null = null;
  let stored = opts.stored ?? callRow();
  const repo = {
    async authorise(
      _userId: string,
      _periods: unknown,
      decide: (s: AccountState) => Authorisation<unknown>,
    ) {
      const decision = decide(opts.account ?? state());
      written.push(decision);
      if (!decision.ok) return decision;
      if (opts.writeRefusal) return { ok: false as const, refusal: opts.writeRefusal };
      stored = callRow({ ...decision.call, id: 'call-1' });
      return { ok: true as const, call: stored };
    },
    async settle(id: string, decide: (row: CallRow) => Settlement) {
      steps.push(`settle ${id}`);
      if (
        stored.status !== 'dialing' &&
        stored.status !== 'ringing' &&
        stored.status !== 'answered'
      )
        return { call: stored, settled: false };
      const s = decide(stored);
      stored = { ...stored, ...s };
      return { call: stored, settled: true };
    },
    async markEnding(_id: string, end: { cause: string } | null) {
      steps.push(`mark ending ${end?.cause ?? 'cleared'}`);
    },
    answered: async (_id: string, at: Date) =>
      (stored = { ...stored, status: 'answered', answeredAt: at }),
    ringing: async () => null,
    byId: async () => stored,
    forUser: async (userId: string, id: string) =>
      opts.stored && stored.userId === userId && stored.id === id ? stored : null,
    accountState: async () => opts.account ?? state(),
    emailOf: async () => 'a@example.com',
  };
  const gateway: VoiceGateway = {
    mode: 'sandbox',
    connected: () => opts.connected ?? true,
    dial: (call) => steps.push(`dial ${call.destination}`),
    hangup(callId, cause) {
      steps.push(`gateway hangup ${callId} ${cause}`);
      return opts.runs ?? false;
    },
    endOnEdge: async (edgeCallId) => {
      steps.push(`end on edge ${edgeCallId}`);
      return opts.endOnEdge ?? true;
    },
    running: () => [],
    onEvent: (l) => {
      listener = l;
    },
    close: async () => {},
  };
  const service = createCallsService({
    repo: repo as unknown as CallsRepo,
    accounts: {
      activePackages: async () => [],
      voicePlanStatuses: async () => opts.planStatuses ?? [],
    },
    pricing: async (destination) => ({
      e164: destination,
      country: 'GB',
      price: '0.0150',
      priceCurrency: 'USD',
      rate: '0.79',
      ratePerMinute: '0.0119',
    }),
    gateway,
    events: {
      publish: (e: { data: unknown }) => published.push((e.data as { call: CallRow }).call),
    } as never,
    config: { increments: { first: 60, next: 60 }, incrementsText: '60/60', ringTimeoutMs: 60_000 },
    callerIdAllowed: async () => opts.callerIdAllowed ?? true,
    instanceId: 'instance-a',
    now: () => NOW,
  });
  return { service, steps, published, written, emit: (e: GatewayEvent) => listener?.(e) };
}

export const place = (s: ReturnType<typeof setUp>['service']) =>
  s.place('u1', { destination: '+447700900123', callerId: '+447400000001' });

export async function refusal(p: Promise<unknown>): Promise<ErrorCode | 'none'> {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
