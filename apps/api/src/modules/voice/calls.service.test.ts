import type { ErrorCode } from '@parley/shared';
import { describe, expect, it, vi } from 'vitest';
import type { GatewayEvent, VoiceGateway } from '../../integrations/voice/port.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountState, Authorisation, CallRow, CallsRepo, Settlement } from './calls.repo.js';
import { createCallsService } from './calls.service.js';

const NOW = new Date('2026-03-02T10:00:00Z');

/** A stored call with what the answer shows; `over` sets the fields a test is about. */
const callRow = (over: Partial<CallRow> = {}) =>
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

const state = (over: Partial<AccountState> = {}): AccountState => ({
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
function setUp(
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

const place = (s: ReturnType<typeof setUp>['service']) =>
  s.place('u1', { destination: '+447700900123', callerId: '+447400000001' });

async function refusal(p: Promise<unknown>): Promise<ErrorCode | 'none'> {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('placing a call', () => {
  it('refuses while the gateway is not connected, before anything is held', async () => {
    const t = setUp({ connected: false });
    expect(await refusal(place(t.service))).toBe('VOICE_UNAVAILABLE');
    expect(t.written).toEqual([]);
  });

  it('stops a customer whose only calling plan is suspended, not one with another in service', async () => {
    expect(await refusal(place(setUp({ planStatuses: ['suspended'] }).service))).toBe(
      'SUBSCRIPTION_SUSPENDED',
    );
    expect(await refusal(place(setUp({ planStatuses: ['suspended', 'active'] }).service))).toBe(
      'none',
    );
  });

  it('refuses a caller ID the customer may not show', async () => {
    const t = setUp({ callerIdAllowed: false });
    expect(await refusal(place(t.service))).toBe('CALLER_ID_NOT_VERIFIED');
    expect(t.written).toEqual([]);
  });

  it('words each refusal of the account: balance, lines in use, suspended account', async () => {
    const poor = setUp({ account: state({ balance: '0.0500' }) });
    expect(await refusal(place(poor.service))).toBe('INSUFFICIENT_BALANCE');
    const busy = setUp({ account: state({ openCalls: 5 }) });
    expect(await refusal(place(busy.service))).toBe('CONCURRENT_CALL_LIMIT');
    const disabled = setUp({ account: state({ disabled: true }) });
    expect(await refusal(place(disabled.service))).toBe('FORBIDDEN');
  });

  it('reads a hold the database refused (another call took the balance) as no balance', async () => {
    const t = setUp({ writeRefusal: 'balance' });
    expect(await refusal(place(t.service))).toBe('INSUFFICIENT_BALANCE');
  });

  it('writes a sandbox call owned by this instance with a token, tells the customer, then dials', async () => {
    const t = setUp();
    await place(t.service);
    expect(t.written[0]).toMatchObject({
      ok: true,
      call: {
        gateway: 'sandbox',
        owner: 'instance-a',
        aliveAt: NOW,
        // Ring time (60 s) and the grace (30 s) before a job settles it.
        deadlineAt: new Date(NOW.getTime() + 90_000),
      },
    });
    expect((t.written[0] as { call: { token: string } }).call.token).toMatch(/^[\w-]{32}$/);
    expect(t.published.map((c) => c.status)).toEqual(['dialing']);
    expect(t.steps).toEqual(['dial +447700900123']);
  });

  it('gives a call the edge asked for no token, and no owner outside the sandbox', async () => {
    const t = setUp();
    await t.service.authorise({
      userId: 'u1',
      destination: '+447700900123',
      callerId: '+447400000001',
      gateway: 'sip',
      edgeCallId: 'edge-1',
    });
    expect(t.written[0]).toMatchObject({
      ok: true,
      call: { token: null, owner: null, aliveAt: null, edgeCallId: 'edge-1' },
    });
  });
});

describe('ending a call', () => {
  it('answers NOT_FOUND for a call that is not the customer’s', async () => {
    const t = setUp({ stored: callRow({ userId: 'someone-else' }) });
    expect(await refusal(t.service.hangup('u1', 'call-1'))).toBe('NOT_FOUND');
  });

  it('leaves a call that has ended as it is', async () => {
    const t = setUp({ stored: callRow({ status: 'ended' }) });
    expect((await t.service.hangup('u1', 'call-1')).status).toBe('ended');
    expect(t.steps).toEqual([]);
  });

  it('settles a call no gateway runs here and now; one never answered is cancelled', async () => {
    const t = setUp({ stored: callRow() });
    const ended = await t.service.hangup('u1', 'call-1');
    expect(t.steps).toEqual(['gateway hangup call-1 normal', 'settle call-1']);
    expect(ended).toMatchObject({ status: 'cancelled', hangupCause: 'cancelled' });
  });

  it('leaves a call still ringing on the SIP edge to the phone', async () => {
    const t = setUp({ stored: callRow({ gateway: 'sip', edgeCallId: 'edge-1' }) });
    expect(await refusal(t.service.hangup('u1', 'call-1'))).toBe('VOICE_UNAVAILABLE');
    expect(t.steps).toEqual(['gateway hangup call-1 normal']);
  });

  it('ends an answered edge call there, then settles it; clears the mark when the edge cannot', async () => {
    const answered = callRow({ gateway: 'sip', edgeCallId: 'edge-1', status: 'answered' });
    const ok = setUp({ stored: { ...answered, answeredAt: NOW } });
    await ok.service.hangup('u1', 'call-1');
    expect(ok.steps).toEqual([
      'gateway hangup call-1 normal',
      'mark ending normal',
      'end on edge edge-1',
      'settle call-1',
    ]);
    const down = setUp({ stored: { ...answered, answeredAt: NOW }, endOnEdge: false });
    expect(await refusal(down.service.hangup('u1', 'call-1'))).toBe('VOICE_UNAVAILABLE');
    expect(down.steps.slice(1)).toEqual([
      'mark ending normal',
      'end on edge edge-1',
      'mark ending cleared',
    ]);
  });
});

describe('settling a call', () => {
  it('writes one settle for two asks at once, and tells the customer once', async () => {
    const t = setUp({ stored: callRow({ status: 'answered', answeredAt: NOW }) });
    const end = { at: new Date(NOW.getTime() + 61_000), cause: 'normal', by: 'caller' } as const;
    const [a, b] = await Promise.all([
      t.service.settle('call-1', end),
      t.service.settle('call-1', end),
    ]);
    expect(a).toBe(b);
    expect(t.steps).toEqual(['settle call-1']);
    expect(t.published).toHaveLength(1);
    // A call settled already is answered as it is, without telling anyone again.
    await t.service.settle('call-1', end);
    expect(t.published).toHaveLength(1);
  });

  it('cuts a sandbox call off at its maximum, settling it when the gateway no longer runs it', async () => {
    vi.useFakeTimers();
    try {
      const t = setUp({ stored: callRow({ maxSeconds: 120 }) });
      await t.emit({ kind: 'answered', callId: 'call-1', at: NOW });
      await vi.advanceTimersByTimeAsync(119_000);
      expect(t.steps).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(t.steps).toEqual(['gateway hangup call-1 cutoff', 'settle call-1']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a quote', () => {
  it('refuses a destination the customer’s limits block, as the call would be', async () => {
    const t = setUp({
      account: state({
        limits: {
          dailySpendCap: null,
          smsCountries: null,
          voiceCountries: ['FR'],
          maxSmsPrice: null,
          maxMinutePrice: null,
        },
      }),
    });
    expect(await refusal(t.service.quote('u1', '+447700900123'))).toBe('GUARDRAIL_COUNTRY');
  });

  it('offers what is left after other calls’ holds', async () => {
    const t = setUp({ account: state({ balance: '1.0000', held: '0.4000' }) });
    expect(await t.service.quote('u1', '+447700900123')).toMatchObject({
      available: '0.60',
      maxSeconds: 3000,
    });
  });
});
