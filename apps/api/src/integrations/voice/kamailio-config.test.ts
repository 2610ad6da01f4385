import { describe, expect, it } from 'vitest';
import { kamailioSettings } from './kamailio-config.js';

const base = {
  domain: 'sip.example.com',
  listen: { address: '0.0.0.0', port: 5060 },
  databaseUrl: 'postgres://kamailio:s3cret@db.internal:5432/parley',
  parleyUrl: 'http://10.0.0.5:5000/',
  edgeSecret: 'e'.repeat(32),
  trunk: 'trunk.example.net:5070',
  trunkSources: ['203.0.113.7', '2001:db8::7'],
  media: { address: '127.0.0.1', port: 2223 },
  rpc: { address: '10.0.0.4', port: 5071 },
  ringTimeoutSeconds: 60,
  authFailLimit: 5,
  authBanSeconds: 300,
};

describe("the SIP edge's settings file", () => {
  it('writes listen lines and defines from the settings', () => {
    expect(kamailioSettings(base).split('\n')).toEqual([
      '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
      'listen=udp:0.0.0.0:5060',
      'listen=tcp:0.0.0.0:5060',
      'listen=tcp:10.0.0.4:5071',
      '#!define SIP_DOMAIN "sip.example.com"',
      '#!define DB_URL "postgres://kamailio:s3cret@db.internal:5432/parley"',
      '#!define PARLEY_URL "http://10.0.0.5:5000"',
      `#!define EDGE_HEADERS "Content-Type: application/json\\r\\nAuthorization: Bearer ${'e'.repeat(32)}"`,
      `#!define EDGE_AUTH "Bearer ${'e'.repeat(32)}"`,
      '#!define RPC_PORT 5071',
      '#!define RING_TIMEOUT_MS 60000',
      '#!define TRUNK_ADDRESS "trunk.example.net:5070"',
      '#!define TRUNK_SOURCES "^(203[.]0[.]113[.]7|2001:db8::7)$"',
      '#!define RTPENGINE_SOCK "udp:127.0.0.1:2223"',
      '#!define AUTH_FAIL_LIMIT 5',
      '#!substdef "!AUTH_BAN_SECONDS!300!g"',
      '',
    ]);
    expect(kamailioSettings({ ...base, listen: { address: '::1', port: 5080 } })).toContain(
      'listen=udp:[::1]:5080\nlisten=tcp:[::1]:5080\n',
    );
  });

  it('listens for TCP on its own port when customers are shown one (SIP_PORT_TCP)', () => {
    const lines = kamailioSettings({
      ...base,
      listen: { address: '0.0.0.0', port: 5060, tcpPort: 5070 },
    }).split('\n');
    expect(lines).toContain('listen=udp:0.0.0.0:5060');
    expect(lines).toContain('listen=tcp:0.0.0.0:5070');
    expect(lines).not.toContain('listen=tcp:0.0.0.0:5060');
    expect(() =>
      kamailioSettings({ ...base, listen: { address: '0.0.0.0', port: 5060, tcpPort: 0 } }),
    ).toThrow(/TCP/);
  });

  it("gives the trunk's credentials only when there are some, and matches no source without any", () => {
    const withAuth = kamailioSettings({
      ...base,
      trunkAuth: { username: 'acme', password: 'p4ss' },
    });
    expect(withAuth).toContain('#!define WITH_TRUNK_AUTH\n');
    expect(withAuth).toContain('#!define TRUNK_USERNAME "acme"\n#!define TRUNK_PASSWORD "p4ss"');
    expect(kamailioSettings(base)).not.toContain('TRUNK_PASSWORD');
    expect(kamailioSettings({ ...base, trunkSources: [] })).toContain(
      '#!define TRUNK_SOURCES "^$"',
    );
  });

  it('refuses a value that could break out of the configuration', () => {
    expect(() => kamailioSettings({ ...base, domain: 'x" \n#!define' })).toThrow(/SIP_DOMAIN/);
    expect(() =>
      kamailioSettings({ ...base, listen: { address: '1.2.3.4\nx', port: 1 } }),
    ).toThrow();
    expect(() => kamailioSettings({ ...base, authFailLimit: 0 })).toThrow();
    expect(() => kamailioSettings({ ...base, edgeSecret: `${'e'.repeat(32)}\\` })).toThrow();
    expect(() => kamailioSettings({ ...base, trunk: 'sip:x;transport=tcp' })).toThrow();
    expect(() =>
      kamailioSettings({ ...base, trunkAuth: { username: 'a', password: 'p"ss' } }),
    ).toThrow(/VOICE_TRUNK_PASSWORD/);
    expect(() => kamailioSettings({ ...base, trunkSources: ['1.2.3.4|.*'] })).toThrow();
    expect(() =>
      kamailioSettings({ ...base, listen: { address: '0.0.0.0', port: 70000 } }),
    ).toThrow();
  });
});
