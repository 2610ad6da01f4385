import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { CallsService, PlaceInput } from './calls.service.js';
import { createEdgeService } from './edge.service.js';
import { trunkCallerId } from './edge-trunk.js';
import { trunkMediaFlags } from './trunk-media.js';
import type { EdgeTrunk } from './trunks.repo.js';

const UK = '+447700900123';
const ME = '+447400000001';
const OTHER = '+447400000002';
const TRUNK_ID = '0b9f3c2e-6a1d-4c55-9a8e-2f1f6f0d9a11';

const TRUNK: EdgeTrunk = {
  id: TRUNK_ID,
  userId: 'u1',
  username: 't100000001',
  authMethod: 'credentials',
  codec: 'g722',
  packageChannels: 50,
  channels: 2,
  callerId: null,
  inboundHost: null,
  failoverHost: null,
  orderStatus: 'active',
  failoverStatus: null,
  disabled: false,
};

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
    trunkId: null,
    ...over,
  }) as CallRow;

/** The edge service with one trunk (by id, username and a routed number) and fakes. */
function setUp(
  opts: {
    trunk?: Partial<EdgeTrunk>;
    callerIds?: string[];
    known?: CallRow;
    refuse?: AppError;
    inboundFull?: boolean;
  } = {},
) {
  const trunk = { ...TRUNK, ...opts.trunk };
  const asked: PlaceInput[] = [];
  const received: unknown[] = [];
  const calls = {
    async authorise(input: PlaceInput) {
      asked.push(input);
      if (opts.refuse) throw opts.refuse;
      return callRow({ id: 'new', edgeCallId: input.edgeCallId, trunkId: input.trunk?.id });
    },
    async receive(input: { edgeCallId: string; number: string; userId: string }) {
      received.push(input);
      if (opts.inboundFull) return 'limit';
      return callRow({ id: 'in-1', direction: 'inbound', destination: input.number });
    },
  };
  const edge = createEdgeService({
    calls: calls as unknown as CallsService,
    late: { answered: async () => null },
    repo: {
      byEdgeId: async (id: string) => (opts.known?.edgeCallId === id ? opts.known : null),
    } as unknown as CallsRepo,
    accounts: {
      byUsername: async () => null,
      numberHolder: async () => ({ userId: 'u1', country: 'GB', username: 'p1', disabledAt: null }),
    } as never,
    callerIds: {
      list: async () => ({ items: (opts.callerIds ?? [ME]).map((number) => ({ number })) }),
    },
    trunks: {
      trunkById: async (id) => (id === trunk.id ? trunk : null),
      trunkByUsername: async (u) => (u === trunk.username ? trunk : null),
      trunkOfNumber: async () => trunk,
    },
    maxChannels: 250,
    failoverSeconds: 25,
    touch: () => {},
  });
  return { edge, asked, received };
}

const byCredentials = (t: ReturnType<typeof setUp>, over: Record<string, unknown> = {}) =>
  t.edge.authorise({
    edgeCallId: 'e-1',
    username: 't100000001',
    destination: UK,
    transport: 'udp',
    ...over,
  } as never);

describe('a PBX calls out through its SIP trunk', () => {
  it('is authorised as the trunk’s call, counted against its channels, with its codec flags', async () => {
    const t = setUp();
    const answer = await byCredentials(t);
    expect(answer).toMatchObject({
      allow: true,
      callId: 'new',
      mediaFlags: trunkMediaFlags('g722'),
    });
    expect(t.asked).toEqual([
      {
        userId: 'u1',
        destination: UK,
        callerId: ME,
        gateway: 'sip',
        edgeCallId: 'e-1',
        trunk: { id: TRUNK_ID, channels: 2 },
      },
    ]);
  });

  it('recognises an IP trunk by its id, and never a credentials trunk by its address', async () => {
    const ip = setUp({ trunk: { authMethod: 'ip' } });
    expect(await byCredentials(ip, { username: undefined, trunkId: TRUNK_ID })).toMatchObject({
      allow: true,
    });
    expect(await byCredentials(ip)).toMatchObject({ reason: 'UNKNOWN_ACCOUNT' });
    const creds = setUp();
    expect(await byCredentials(creds, { username: undefined, trunkId: TRUNK_ID })).toMatchObject({
      reason: 'UNKNOWN_ACCOUNT',
    });
    expect(creds.asked).toEqual([]);
  });

  it('refuses a suspended trunk (403), a cancelled one, a disabled owner, and TLS trunks over other transports', async () => {
    const cases = [
      [{ orderStatus: 'suspended' }, 'TRUNK_SUSPENDED', 403],
      [{ orderStatus: 'cancelled' }, 'UNKNOWN_ACCOUNT', 403],
      [{ disabled: true }, 'ACCOUNT_DISABLED', 403],
      [{ authMethod: 'tls' }, 'TLS_REQUIRED', 403],
    ] as const;
    for (const [trunk, reason, sipStatus] of cases) {
      const t = setUp({ trunk });
      expect(await byCredentials(t)).toMatchObject({ allow: false, reason, sipStatus });
      expect(t.asked).toEqual([]);
    }
    expect(await byCredentials(setUp({ trunk: { orderStatus: 'grace' } }))).toMatchObject({
      allow: true,
    });
    const tls = setUp({ trunk: { authMethod: 'tls' } });
    expect(await byCredentials(tls, { transport: 'tls' })).toMatchObject({ allow: true });
  });

  it('shows the PBX’s caller ID only when the customer may, else the trunk’s default, else the first', async () => {
    const t = setUp({ callerIds: [ME, OTHER], trunk: { callerId: OTHER } });
    await byCredentials(t, { callerId: ME });
    await byCredentials(t, { edgeCallId: 'e-2', callerId: '+15555550100' });
    await byCredentials(t, { edgeCallId: 'e-3', callerId: '07400000001' });
    expect(t.asked.map((a) => a.callerId)).toEqual([ME, OTHER, ME]);
    expect(trunkCallerId([ME], 'anonymous', '+15555550100')).toBe(ME);
    const none = setUp({ callerIds: [] });
    expect(await byCredentials(none, { callerId: ME })).toMatchObject({
      reason: 'CALLER_ID_NOT_VERIFIED',
    });
    expect(none.asked).toEqual([]);
  });

  it('answers the channel limit as 486, and a retransmission only as the same trunk’s call', async () => {
    const full = setUp({ refuse: new AppError('CONCURRENT_CALL_LIMIT', 'full') });
    expect(await byCredentials(full)).toMatchObject({
      reason: 'CONCURRENT_CALL_LIMIT',
      sipStatus: 486,
    });
    const known = callRow({ edgeCallId: 'e-1', trunkId: TRUNK_ID, status: 'answered' });
    const again = setUp({ known });
    expect(await byCredentials(again)).toMatchObject({ allow: true, callId: 'call-1' });
    const softphone = setUp({ known: { ...known, trunkId: null } });
    expect(await byCredentials(softphone)).toMatchObject({ reason: 'CALL_ID_USED' });
  });
});

describe('a number routed to a SIP trunk rings', () => {
  const ask = (t: ReturnType<typeof setUp>) =>
    t.edge.inbound({ edgeCallId: 'in', number: ME, from: '+15555550100' } as never);

  it('the trunk’s registration, or its PBX’s address, counted against its channels', async () => {
    const t = setUp();
    expect(await ask(t)).toEqual({
      allow: true,
      callId: 'in-1',
      username: 't100000001',
      mediaFlags: trunkMediaFlags('g722'),
    });
    expect(t.received[0]).toMatchObject({ trunk: { id: TRUNK_ID, channels: 2 } });
    const host = setUp({ trunk: { inboundHost: 'pbx.example.com:5080' } });
    expect(await ask(host)).toMatchObject({ target: `sip:${ME}@pbx.example.com:5080` });
    expect(await ask(setUp({ inboundFull: true }))).toMatchObject({
      reason: 'CONCURRENT_CALL_LIMIT',
      sipStatus: 486,
    });
  });

  it('gives the failover destination and ring time only while the add-on is in service', async () => {
    const trunk = { failoverHost: '198.51.100.7', failoverStatus: 'active' };
    expect(await ask(setUp({ trunk }))).toMatchObject({
      failover: `sip:${ME}@198.51.100.7`,
      ringSeconds: 25,
    });
    const lapsed = await ask(setUp({ trunk: { ...trunk, failoverStatus: 'suspended' } }));
    expect(lapsed).not.toHaveProperty('failover');
    expect(lapsed).not.toHaveProperty('ringSeconds');
  });

  it('refuses while the trunk is suspended, and when it has neither registration nor address', async () => {
    expect(await ask(setUp({ trunk: { orderStatus: 'suspended' } }))).toMatchObject({
      reason: 'TRUNK_SUSPENDED',
    });
    expect(await ask(setUp({ trunk: { username: null } }))).toMatchObject({
      reason: 'UNREACHABLE',
    });
  });
});
