import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService, PlaceInput } from './calls.service.js';
import { createEdgeService } from './edge.service.js';

const UK = '+447700900123';
const ME = '+447400000001';

const callRow = (over: Partial<CallRow> = {}) =>
  ({
    id: 'call-1',
    userId: 'u1',
    direction: 'outbound',
    callerId: ME,
    destination: UK,
    status: 'dialing',
    ratePerMinute: '0.0119',
    maxSeconds: 600,
    edgeCallId: null,
    token: null,
    ...over,
  }) as CallRow;

/**
 * The edge's side with fakes: calls Parley knows by Call-ID and token, SIP accounts by
 * username, the customer's caller IDs, and an authorise that writes or refuses.
 */
function setUp(
  opts: {
    known?: CallRow;
    byToken?: CallRow;
    accounts?: Record<string, { userId: string; disabledAt: Date | null }>;
    callerIds?: string[];
    refuse?: AppError;
    holder?: { userId: string; country: string; username: string | null; disabledAt: Date | null };
  } = {},
) {
  const asked: PlaceInput[] = [];
  let touched = 0;
  const calls = {
    async authorise(input: PlaceInput) {
      asked.push(input);
      if (opts.refuse) throw opts.refuse;
      return callRow({ id: 'new', edgeCallId: input.edgeCallId ?? null });
    },
    receive: async (input: { edgeCallId: string; number: string; userId: string }) =>
      callRow({
        id: 'in-1',
        direction: 'inbound',
        destination: input.number,
        userId: input.userId,
        edgeCallId: input.edgeCallId,
      }),
  };
  const repo = {
    byEdgeId: async (id: string) => (opts.known?.edgeCallId === id ? opts.known : null),
    byToken: async (token: string) => (opts.byToken?.token === token ? opts.byToken : null),
    attachEdge: async (id: string, edgeCallId: string) => callRow({ id, edgeCallId }),
  };
  const edge = createEdgeService({
    calls: calls as unknown as CallsService,
    late: { answered: async () => null },
    repo: repo as unknown as CallsRepo,
    accounts: {
      byUsername: async (u: string) => opts.accounts?.[u] ?? null,
      numberHolder: async () => opts.holder ?? null,
    } as never,
    callerIds: {
      list: async () => ({ items: (opts.callerIds ?? []).map((number) => ({ number })) }),
    },
    // No trunks here: edge-trunk.test.ts has them.
    trunks: {
      trunkById: async () => null,
      trunkByUsername: async () => null,
      trunkOfNumber: async () => null,
    },
    maxChannels: 250,
    failoverSeconds: 20,
    touch: () => {
      touched += 1;
    },
  });
  return { edge, asked, touched: () => touched };
}

const ACCOUNT = { p100000001: { userId: 'u1', disabledAt: null } };
const authorise = (t: ReturnType<typeof setUp>, over: Record<string, unknown> = {}) =>
  t.edge.authorise({
    edgeCallId: 'e-1',
    username: 'p100000001',
    destination: UK,
    ...over,
  } as never);

describe('the edge asks to start a call', () => {
  it('authorises a softphone’s call with its first number as caller ID, and notes the edge is up', async () => {
    const t = setUp({ accounts: ACCOUNT, callerIds: [ME] });
    expect(await authorise(t)).toMatchObject({ allow: true, callId: 'new' });
    expect(t.asked).toEqual([
      { userId: 'u1', destination: UK, callerId: ME, gateway: 'sip', edgeCallId: 'e-1' },
    ]);
    expect(t.touched()).toBe(1);
  });

  it('refuses an unknown or suspended account, and one with no caller ID to show', async () => {
    expect(await authorise(setUp({}))).toMatchObject({ allow: false, reason: 'UNKNOWN_ACCOUNT' });
    const suspended = setUp({ accounts: { p100000001: { userId: 'u1', disabledAt: new Date() } } });
    expect(await authorise(suspended)).toMatchObject({ reason: 'ACCOUNT_DISABLED' });
    expect(await authorise(setUp({ accounts: ACCOUNT }))).toMatchObject({
      reason: 'CALLER_ID_NOT_VERIFIED',
      message: 'Verify a number to use as caller ID first.',
    });
  });

  it('reads a national number in the caller ID’s country, and asks for a whole one', async () => {
    const t = setUp({ accounts: ACCOUNT, callerIds: [ME] });
    await authorise(t, { destination: '07700900123' });
    expect(t.asked[0]?.destination).toBe(UK);
    expect(await authorise(t, { destination: '0770' })).toMatchObject({
      reason: 'ADDRESS_INCOMPLETE',
    });
  });

  it('maps each refusal of authorising to the edge’s reasons', async () => {
    const cases = [
      ['INSUFFICIENT_BALANCE', 'INSUFFICIENT_BALANCE'],
      ['PREMIUM_RATE_DESTINATION', 'DESTINATION_NOT_SUPPORTED'],
      ['FORBIDDEN', 'ACCOUNT_DISABLED'],
      ['GUARDRAIL_DAILY_CAP', 'SPENDING_LIMIT'],
      ['VOICE_UNAVAILABLE', 'UNAVAILABLE'],
    ] as const;
    for (const [code, reason] of cases) {
      const t = setUp({ accounts: ACCOUNT, callerIds: [ME], refuse: new AppError(code, 'no') });
      expect(await authorise(t)).toMatchObject({ allow: false, reason, message: 'no' });
    }
  });

  it('answers a retransmitted INVITE as before, but never another account’s Call-ID', async () => {
    const known = callRow({ edgeCallId: 'e-1', status: 'ringing' });
    const accounts = { ...ACCOUNT, p100000002: { userId: 'u2', disabledAt: null } };
    const t = setUp({ known, accounts });
    expect(await authorise(t)).toMatchObject({ allow: true, callId: 'call-1' });
    expect(await authorise(t, { username: 'p100000002' })).toMatchObject({
      reason: 'CALL_ID_USED',
    });
    expect(t.asked).toEqual([]);
    const ended = setUp({ known: { ...known, status: 'ended' }, accounts });
    expect(await authorise(ended)).toMatchObject({
      reason: 'CALL_ID_USED',
      message: 'This call has ended already.',
    });
  });

  it('ties a web call’s token to the Call-ID only for its owner and its destination', async () => {
    const waiting = callRow({ token: 'x'.repeat(32) });
    const accounts = { ...ACCOUNT, p100000002: { userId: 'u2', disabledAt: null } };
    const t = setUp({ byToken: waiting, accounts });
    expect(await authorise(t, { token: 'x'.repeat(32) })).toMatchObject({ allow: true });
    expect(await authorise(t, { token: 'x'.repeat(32), username: 'p100000002' })).toMatchObject({
      reason: 'UNKNOWN_ACCOUNT',
    });
    expect(
      await authorise(t, { token: 'x'.repeat(32), destination: '+447700900999' }),
    ).toMatchObject({ reason: 'DESTINATION_NOT_SUPPORTED' });
    expect(await authorise(t, { token: 'y'.repeat(32) })).toMatchObject({
      reason: 'UNKNOWN_ACCOUNT',
    });
  });
});

describe('the trunk rings a number', () => {
  const holder = { userId: 'u1', country: 'GB', username: 'p100000001', disabledAt: null };

  it('rings its holder’s phones, free', async () => {
    const t = setUp({ holder });
    expect(await t.edge.inbound({ edgeCallId: 'in', number: ME, from: '' } as never)).toEqual({
      allow: true,
      callId: 'in-1',
      username: 'p100000001',
    });
  });

  it('refuses a number nobody holds, and one whose holder cannot take calls', async () => {
    const ask = (t: ReturnType<typeof setUp>) =>
      t.edge.inbound({ edgeCallId: 'in', number: ME, from: '' } as never);
    expect(await ask(setUp())).toMatchObject({ reason: 'NUMBER_NOT_ASSIGNED' });
    expect(await ask(setUp({ holder: { ...holder, username: null } }))).toMatchObject({
      reason: 'UNREACHABLE',
    });
    expect(await ask(setUp({ holder: { ...holder, disabledAt: new Date() } }))).toMatchObject({
      reason: 'UNREACHABLE',
    });
  });
});
