import { describe, expect, it } from 'vitest';
import { isPublicAddress, urlProblem } from './webhook-address.js';

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '[::1]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('takes https to public hosts, and anything to an allowed host', () => {
    expect(urlProblem('https://hooks.example.com/x', [])).toBeNull();
    expect(urlProblem('http://hooks.example.com/x', [])).toMatch(/https/);
    expect(urlProblem('https://127.0.0.1/x', [])).toMatch(/private/);
    expect(urlProblem('https://[::ffff:127.0.0.1]/x', [])).toMatch(/private/);
    expect(urlProblem('https://LOCALHOST/x', [])).toMatch(/local/);
    expect(urlProblem('https://app.localhost/x', [])).toMatch(/local/);
    expect(urlProblem('http://127.0.0.1:9000/x', ['127.0.0.1'])).toBeNull();
    expect(urlProblem('http://[::1]:9000/x', ['::1'])).toBeNull();
    expect(urlProblem('http://receiver.internal/x', ['receiver.internal'])).toBeNull();
  });
});
