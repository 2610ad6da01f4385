import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trunkMediaFlags } from '../../modules/voice/trunk-media.js';
import { DEPLOY_VOICE } from './edge-process.js';
import { EDGE_READS } from './edge-role.js';
import { kamailioSettings } from './kamailio-config.js';

const template = fs.readFileSync(path.join(DEPLOY_VOICE, 'kamailio.cfg'), 'utf8');

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
      '#!substdef "!SOURCES_RELOAD_SECONDS!60!g"',
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
    expect(() => kamailioSettings({ ...base, sourcesReloadSeconds: 0 })).toThrow(/reload/);
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

  it("reads from the database only what the edge's role may read", () => {
    const tables = [
      ...[...template.matchAll(/auth_check\("[^"]*", "(\w+)"/g)].map((m) => m[1]),
      ...[...template.matchAll(/"address_table", "(\w+)"/g)].map((m) => m[1]),
      ...[...template.matchAll(/^version_table="(\w+)"/gm)].map((m) => m[1]),
    ];
    expect(new Set(tables)).toEqual(new Set(EDGE_READS));
  });

  it("hands rtpengine Parley's codec flags only when they are plain words", () => {
    // MEDIA_FLAGS keeps an answer's flags only if they match this (nothing else reaches
    // rtpengine's flags string): the flags Parley builds always do.
    const guard = template.match(/\$var\(media\) =~ "([^"]+)"/)?.[1] ?? '';
    expect(guard).not.toBe('');
    for (const codec of ['g711', 'g722', 'g729', 'opus'])
      expect(trunkMediaFlags(codec)).toMatch(new RegExp(guard));
    expect('codec-strip=all" ICE=force').not.toMatch(new RegExp(guard));
  });
});
