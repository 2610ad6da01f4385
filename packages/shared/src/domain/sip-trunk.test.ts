import { describe, expect, it } from 'vitest';
import { isPublicIp } from './sip-trunk.js';

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
