import { describe, expect, it } from 'vitest';
import { badAddresses, isAddressOrNetwork, splitAddresses } from './allowed-ips';

describe('splitAddresses', () => {
  it('takes one address a line, or several separated by commas, dropping blanks', () => {
    expect(splitAddresses(' 203.0.113.7\n\n198.51.100.0/24 , 2001:db8::1,\r\n')).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::1',
    ]);
    expect(splitAddresses('  \n ')).toEqual([]);
  });
});

describe('isAddressOrNetwork', () => {
  it.each([
    '203.0.113.7',
    '0.0.0.0/0',
    '198.51.100.0/24',
    '10.0.0.1/32',
    '2001:db8::1',
    '2001:db8::/32',
    '::1',
    '::ffff:192.0.2.1',
  ])('accepts %s', (value) => expect(isAddressOrNetwork(value)).toBe(true));

  it.each([
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '198.51.100.0/33',
    '2001:db8::/129',
    '2001:db8:::1',
    '1:2:3:4:5:6:7:8:9',
    'example.com',
    '1.2.3.4/24/1',
    '1.2.3.4/',
    'gateway',
  ])('refuses %s', (value) => expect(isAddressOrNetwork(value)).toBe(false));

  it('names the entries that are wrong', () => {
    expect(badAddresses(['203.0.113.7', 'nope', '2001:db8::1', '1.2.3.999'])).toEqual([
      'nope',
      '1.2.3.999',
    ]);
  });
});
