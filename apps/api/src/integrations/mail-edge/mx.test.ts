import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns } from '../../../test/mail-edge.js';
import { isLocalAddress, mxTargets, NoMx } from './mx.js';

let dns: Awaited<ReturnType<typeof startDns>>;
beforeAll(async () => {
  dns = await startDns();
  dns.add('two.test', 'MX', 'backup.two.test');
  dns.add('two.test', 'MX', 'primary.two.test');
  dns.add('backup.two.test', 'A', '203.0.113.20');
  dns.add('primary.two.test', 'A', '203.0.113.10');
  dns.add('bare.test', 'A', '203.0.113.30');
  dns.add('inside.test', 'MX', 'mx.inside.test');
  dns.add('mx.inside.test', 'A', '10.1.2.3');
});
afterAll(() => dns.close());

const targets = (domain: string, localOk = false) =>
  mxTargets(domain, { servers: [dns.server], port: 2525, localOk });

describe('where the queue delivers a domain', () => {
  it('reads MX records through MAIL_DNS_SERVERS, best first, as addresses', async () => {
    const got = await targets('two.test');
    // The test server gives both the same priority: both hosts, each as an address.
    expect(got.map((t) => t.exchange).sort()).toEqual(['203.0.113.10', '203.0.113.20']);
    expect(got.every((t) => t.port === 2525)).toBe(true);
  });

  it('takes the domain itself when it has no MX record', async () => {
    expect(await targets('bare.test')).toEqual([
      { exchange: '203.0.113.30', port: 2525, priority: 0 },
    ]);
  });

  it('never delivers to a private address unless told (a test MX)', async () => {
    await expect(targets('inside.test')).rejects.toBeInstanceOf(NoMx);
    expect((await targets('inside.test', true))[0]?.exchange).toBe('10.1.2.3');
  });

  it('bounces a domain that does not exist', async () => {
    await expect(targets('nowhere.test')).rejects.toMatchObject({ permanent: true });
  });

  it('knows local addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isLocalAddress(ip), ip).toBe(true);
    for (const ip of ['203.0.113.5', '8.8.8.8', '172.32.0.1', '2001:db8::1'])
      expect(isLocalAddress(ip), ip).toBe(false);
  });
});
