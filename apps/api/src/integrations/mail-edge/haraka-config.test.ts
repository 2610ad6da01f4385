import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_INTERVALS, harakaFiles } from './haraka-config.js';
import type { MailEdgeSettings } from './settings.js';

const settings: MailEdgeSettings = {
  host: 'mail.example.com',
  listen: '::',
  ports: { submission: 587, smtps: 465, bounce: 25 },
  tls: { certificate: '/etc/c.pem', privateKey: '/etc/k.pem' },
  parleyUrl: 'http://10.0.0.5:5000',
  edgeSecret: 's'.repeat(32),
  dnsServers: ['10.0.0.53'],
  relay: null,
  deliveryPort: 25,
  queueDir: '/var/lib/parley/mail-edge',
  retryIntervals: null,
  localMxOk: false,
};
const files = (s: Partial<MailEdgeSettings> = {}) =>
  harakaFiles({ ...settings, ...s }, '/opt/parley "x"/plugin.js', {
    certificate: 'CERT',
    privateKey: 'KEY',
  });

const hours = (schedule: string) =>
  schedule.split(',').reduce((sum, part) => {
    const [span = '', times = '1'] = part.split('*');
    const unit = { s: 1, m: 60, h: 3600, d: 86400 }[span.slice(-1)] ?? 0;
    return sum + (Number(span.slice(0, -1)) * unit * Number(times)) / 3600;
  }, 0);

describe("Haraka's configuration for one run", () => {
  it("gives up on a deferred message before Parley's deadline settles it (72 h)", () => {
    expect(hours(DEFAULT_RETRY_INTERVALS)).toBeGreaterThan(48);
    expect(hours(DEFAULT_RETRY_INTERVALS)).toBeLessThan(72);
  });

  it('listens on the three ports, implicit TLS on the SMTPS one, in one process', () => {
    const f = files();
    expect(f['config/smtp.ini']).toContain('listen=[::]:587,[::]:465,[::]:25\n');
    expect(f['config/smtp.ini']).toContain('smtps_port=465\n');
    expect(f['config/smtp.ini']).toContain('nodes=0\n');
    expect(f['config/tls.ini']).toContain('no_starttls_ports[]=465\n');
    expect(f['config/me']).toBe('mail.example.com\n');
    expect(f['config/plugins']).toBe('tls\nparley\n');
  });

  it('requires verified TLS to a smarthost off this machine, not to one on loopback', () => {
    const relay = (host: string) =>
      files({ relay: { host, port: 587, username: 'u', password: 'p' } })['config/tls.ini'];
    expect(relay('smtp.relay.example')).toContain(
      '[outbound]\nforce_tls_hosts[]=smtp.relay.example\n',
    );
    expect(relay('127.0.0.1')).not.toContain('force_tls_hosts');
    expect(files()['config/tls.ini']).not.toContain('force_tls_hosts');
  });

  it('keeps the queue and unsent reports in the spool, and retries within the deadline', () => {
    const f = files();
    expect(f['config/queue_dir']).toBe('/var/lib/parley/mail-edge/outbound\n');
    expect(JSON.parse(f['config/parley-edge.json'] ?? '')).toMatchObject({
      reportsDir: '/var/lib/parley/mail-edge/reports',
      dnsServers: ['10.0.0.53'],
      localMxOk: false,
    });
    expect(f['config/outbound.ini']).toContain(`temp_fail_intervals=${DEFAULT_RETRY_INTERVALS}\n`);
    expect(files({ retryIntervals: '5s*3,1m' })['config/outbound.ini']).toContain(
      'temp_fail_intervals=5s*3,1m\n',
    );
  });

  it("loads Parley's plugin by its path, written as a string literal", () => {
    expect(files()['plugins/parley/index.js']).toContain(
      'require("/opt/parley \\"x\\"/plugin.js")',
    );
  });
});
