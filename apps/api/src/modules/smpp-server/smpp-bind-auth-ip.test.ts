import { describe, expect, it } from 'vitest';
import { ipAllowed, normaliseIpEntry } from './smpp-bind-auth-ip.js';

describe('allowed address entries', () => {
  it('are spelled one way: networks by their own address, IPv6 as RFC 5952 writes it', () => {
    const cases: [string, string][] = [
      ['192.0.2.7', '192.0.2.7'],
      ['10.1.2.3/8', '10.0.0.0/8'],
      ['172.16.200.9/20', '172.16.192.0/20'],
      ['0.0.0.0/0', '0.0.0.0/0'],
      ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
      ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
      ['2001:db8:abcd:12ff::/40', '2001:db8:ab00::/40'],
      ['::1', '::1'],
      ['::/0', '::/0'],
      ['::ffff:198.51.100.4', '198.51.100.4'],
      ['::ffff:10.9.0.0/104', '10.0.0.0/8'],
    ];
    for (const [entry, spelled] of cases) expect(normaliseIpEntry(entry), entry).toBe(spelled);
  });

  it('are refused when not an address or network', () => {
    for (const entry of [
      '',
      '10.0.0',
      '10.0.0.1/33',
      '10.0.0.1/8/8',
      '2001:db8::/129',
      'host',
      '1.2.3.4/-1',
    ])
      expect(normaliseIpEntry(entry), entry).toBeNull();
  });
});

describe('a bind’s address', () => {
  it('is allowed anywhere by an empty list, and only inside a listed address or network otherwise', () => {
    expect(ipAllowed([], '203.0.113.1')).toBe(true);
    const list = ['10.0.0.0/8', '2001:db8::/32', '198.51.100.4'];
    expect(ipAllowed(list, '10.255.0.1')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.0.0.1')).toBe(true);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:ffff::1')).toBe(true);
    expect(ipAllowed(list, 'fe80::1%eth0')).toBe(false);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    expect(ipAllowed(list, '198.51.100.4')).toBe(true);
    expect(ipAllowed(list, '198.51.100.5')).toBe(false);
    expect(ipAllowed(list, '')).toBe(false);
  });
});
