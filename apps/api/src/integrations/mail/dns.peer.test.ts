import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns } from '../../../test/mail-edge.js';
import { createMailDns, DnsUnavailableError } from './dns.js';

// A real DNS server on 127.0.0.1 (dns2): what a sending domain's check reads.
let peer: Awaited<ReturnType<typeof startDns>>;
beforeAll(async () => {
  peer = await startDns();
  peer.add('example.test', 'TXT', 'v=spf1 include:_spf.mail.parley.test ~all');
  peer.add('example.test', 'TXT', 'google-site-verification=abc');
  // A DKIM key is longer than one 255-octet string: it comes back joined.
  peer.add('parley._domainkey.example.test', 'TXT', `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`);
  peer.add('pm-bounces.example.test', 'CNAME', 'bounces.mail.parley.test');
});
afterAll(() => peer?.close());

describe('the DNS a domain check reads', () => {
  it('reads TXT records, long ones joined, and a CNAME', async () => {
    const dns = createMailDns([peer.server]);
    expect((await dns.txt('example.test')).sort()).toEqual([
      'google-site-verification=abc',
      'v=spf1 include:_spf.mail.parley.test ~all',
    ]);
    expect(await dns.txt('parley._domainkey.example.test')).toEqual([
      `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`,
    ]);
    expect(await dns.cname('pm-bounces.example.test')).toBe('bounces.mail.parley.test');
  });

  it('answers empty for a name without such a record', async () => {
    const dns = createMailDns([peer.server]);
    expect(await dns.txt('nothing.example.test')).toEqual([]);
    expect(await dns.cname('example.test')).toBeNull();
  });

  it('says the DNS is unavailable when no server answers', async () => {
    const dns = createMailDns(['127.0.0.1:9'], 300);
    await expect(dns.txt('example.test')).rejects.toBeInstanceOf(DnsUnavailableError);
  });
});
