import type { AdminTrunk, Trunk, Trunks } from '@parley/shared';

/** A trunk and a trunks answer as the API sends them, for this feature's tests. */
export const TRUNK_ID = '11111111-1111-4111-8111-111111111111';
export const NUMBER_ID = '33333333-3333-4333-8333-333333333333';

export const aTrunk = (over: Partial<Trunk> = {}): Trunk => ({
  id: TRUNK_ID,
  name: 'Trunk Professional (SIP Trunking)',
  status: 'active',
  channels: 50,
  maxChannels: 50,
  authMethod: 'credentials',
  codec: 'g711',
  allowedIps: [],
  username: 't123456789',
  password: 'Qm4vT8xLp2',
  domain: 'sip.parley.test',
  callerId: null,
  inboundHost: null,
  failoverHost: null,
  failover: false,
  analytics: false,
  numbers: [],
  stats: {
    channelsInUse: 3,
    callsToday: 1234,
    answeredToday: 987,
    minutesToday: 4321,
    asr: 80,
    acdSeconds: 135,
    quality: null,
  },
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const trunksAnswer = (items: Trunk[], over: Partial<Trunks> = {}): Trunks => ({
  items,
  numbers: [
    { id: NUMBER_ID, number: '+442071234567', trunkId: null },
    { id: '44444444-4444-4444-8444-444444444444', number: '+442079876543', trunkId: null },
  ],
  // The rented numbers and one verified by SMS code.
  callerIds: ['+442071234567', '+442079876543', '+447400123456'],
  edge: { domain: 'sip.parley.test', udp: 5060, tcp: 5060, tls: 5061 },
  ...over,
});

export const anAdminTrunk = (over: Partial<AdminTrunk> = {}): AdminTrunk => {
  const { id, name, status, channels, authMethod, codec, username, failover, stats } = aTrunk();
  return {
    id,
    name,
    status,
    channels,
    authMethod,
    codec,
    username,
    failover,
    stats,
    userId: 'u2',
    email: 'grace@example.com',
    addresses: 0,
    ...over,
  };
};

export const LIST = 'GET /api/sip-trunk/trunks';
export const UPDATE = `PUT /api/sip-trunk/trunks/${TRUNK_ID}`;
export const PASSWORD = `POST /api/sip-trunk/trunks/${TRUNK_ID}/password`;
export const ROUTE = `PUT /api/sip-trunk/numbers/${NUMBER_ID}`;
