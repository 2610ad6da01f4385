import { describe, expect, it } from 'vitest';
import { parseIpRange } from './ip-ranges.js';
import {
  DEFAULT_TRUNK_CHANNELS,
  isPublicIp,
  isPublicRange,
  trunkChannelLimit,
  trunkCodecOrder,
  trunkRoleOf,
} from './sip-trunk.js';

describe('isPublicIp', () => {
  it.each([
    '81.2.69.160',
    '8.8.8.8',
    '2a00:1450:4009:81f::200e',
    '2606:4700::1111',
    '::ffff:81.2.69.160',
  ])('accepts the public address %s', (ip) => expect(isPublicIp(ip)).toBe(true));

  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.1.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.7',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
  ])('refuses %s', (ip) => expect(isPublicIp(ip)).toBe(false));

  it('accepts the edges just outside private ranges', () => {
    expect(isPublicIp('172.32.0.1')).toBe(true);
    expect(isPublicIp('11.0.0.1')).toBe(true);
    expect(isPublicIp('223.255.255.254')).toBe(true);
  });
});

describe('trunkRoleOf', () => {
  const pkg = (over: Partial<Parameters<typeof trunkRoleOf>[0]>) => ({
    serviceSlug: 'sip-trunk',
    isAddon: false,
    name: 'Trunk Professional',
    features: ['50 concurrent calls', 'Unlimited inbound minutes'],
    ...over,
  });
  it('reads a tier’s channels, unlimited as null, none named as the default', () => {
    expect(trunkRoleOf(pkg({}))).toEqual({
      kind: 'trunk',
      channels: 50,
      failoverIncluded: false,
      analyticsIncluded: false,
    });
    expect(trunkRoleOf(pkg({ features: ['Unlimited concurrent calls'] }))).toMatchObject({
      channels: null,
    });
    const advanced = pkg({
      serviceSlug: 'sip-trunk-advanced',
      name: 'Advanced SIP Trunk',
      features: ['Automatic failover routing', 'Per-trunk call analytics'],
    });
    expect(trunkRoleOf(advanced)).toEqual({
      kind: 'trunk',
      channels: DEFAULT_TRUNK_CHANNELS,
      failoverIncluded: true,
      analyticsIncluded: true,
    });
  });
  it('knows the failover and analytics add-ons, and nothing else', () => {
    expect(trunkRoleOf(pkg({ isAddon: true, name: 'Failover', features: [] }))).toEqual({
      kind: 'failover',
    });
    expect(trunkRoleOf(pkg({ isAddon: true, name: 'Analytics', features: [] }))).toEqual({
      kind: 'analytics',
    });
    expect(trunkRoleOf(pkg({ isAddon: true, name: 'IVR', features: ['DTMF'] }))).toBeNull();
    expect(trunkRoleOf(pkg({ serviceSlug: 'voip' }))).toBeNull();
  });
});

describe('trunkChannelLimit and trunkCodecOrder', () => {
  it('never exceeds the package or the operator', () => {
    expect(trunkChannelLimit({ packageChannels: 50, channels: null }, 250)).toBe(50);
    expect(trunkChannelLimit({ packageChannels: 50, channels: 10 }, 250)).toBe(10);
    expect(trunkChannelLimit({ packageChannels: null, channels: null }, 250)).toBe(250);
    expect(trunkChannelLimit({ packageChannels: 50, channels: 80 }, 30)).toBe(30);
  });
  it('puts the chosen codec first and keeps the others', () => {
    expect(trunkCodecOrder('g722')).toEqual(['G722', 'PCMU', 'PCMA', 'G729', 'opus']);
    expect(trunkCodecOrder('g711')).toEqual(['PCMU', 'PCMA', 'G722', 'G729', 'opus']);
  });
});

describe('isPublicRange', () => {
  const range = (text: string) => {
    const r = parseIpRange(text);
    if (!r) throw new Error(text);
    return r;
  };
  it.each(['81.2.69.0/24', '81.2.69.160', '1.0.0.0/8', '2a00:1450::/32'])('accepts %s', (t) =>
    expect(isPublicRange(range(t))).toBe(true),
  );
  // 160.0.0.0/3 starts and ends public but holds 169.254/16 and 172.16/12.
  it.each([
    '160.0.0.0/3',
    '127.0.0.2',
    '10.0.0.0/8',
    '0.0.0.0/0',
    'fd00::/8',
    '2001:db8::1',
    '::/0',
  ])('refuses %s', (t) => expect(isPublicRange(range(t))).toBe(false));
});
