import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { edgeSettings } from './voice-edge-config.js';

const env = {
  NODE_ENV: 'test',
  VOICE_EDGE_DATABASE_URL: 'postgres://parley_edge:pw@db.internal:5432/parley',
  VOICE_GATEWAY: 'sip',
  VOICE_EDGE_SECRET: 's'.repeat(32),
  VOICE_TRUNK_URI: 'sip:203.0.113.7:5060',
  VOICE_TRUNK_SOURCES: '203.0.113.7',
  VOICE_EDGE_LISTEN: '10.0.0.4',
  SIP_WSS_URL: 'ws://10.0.0.4:8088/ws',
};
const settingsOf = (extra: Record<string, string | undefined> = {}) => {
  const all = { ...env, ...extra };
  return edgeSettings(loadConfig(all), all);
};
const problemKeys = (s: ReturnType<typeof settingsOf>) =>
  'problems' in s ? s.problems.map((p) => p.split(':')[0]) : [];

describe("the edge's settings from the environment", () => {
  it('relays media where it listens, and reads the SIP accounts as its own role', () => {
    const s = settingsOf();
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings.trunkSources).toEqual(['203.0.113.7']);
    expect(s.settings.databaseUrl).toBe('postgres://parley_edge:pw@db.internal:5432/parley');
    expect(s.settings.trunkAuth).toBeUndefined();
    expect(s.settings.websocket).toEqual({ port: 8088 });
    expect(s.settings.tls).toBeUndefined();
    expect(s.media).toEqual({
      address: '10.0.0.4',
      ports: { min: 30000, max: 40000 },
      control: { address: '127.0.0.1', port: 2223 },
    });
  });

  it("never takes the trunk's own address for its sources: they are given, or none", () => {
    // A phone on the trunk's address would be taken for the carrier, unauthenticated.
    expect(problemKeys(settingsOf({ VOICE_TRUNK_SOURCES: undefined }))).toEqual([
      'VOICE_TRUNK_SOURCES',
    ]);
    expect(problemKeys(settingsOf({ VOICE_TRUNK_SOURCES: '' }))).toEqual(['VOICE_TRUNK_SOURCES']);
    expect(problemKeys(settingsOf({ VOICE_TRUNK_SOURCES: 'trunk.example.net' }))).toEqual([
      'VOICE_TRUNK_SOURCES',
    ]);
    const none = settingsOf({ VOICE_TRUNK_SOURCES: 'none' });
    if ('problems' in none) throw new Error(none.problems.join());
    expect(none.settings.trunkSources).toEqual([]);
  });

  it('listens for TCP on SIP_PORT_TCP, the port customers are shown', () => {
    const s = settingsOf({ SIP_PORT_UDP: '5080', SIP_PORT_TCP: '5090' });
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings.listen).toEqual({ address: '10.0.0.4', port: 5080, tcpPort: 5090 });
  });

  it("asks for its own database role, never Parley's DATABASE_URL", () => {
    const s = settingsOf({
      VOICE_EDGE_DATABASE_URL: undefined,
      DATABASE_URL: 'postgres://parley:secret@db.internal:5432/parley',
    });
    expect(problemKeys(s)).toEqual(['VOICE_EDGE_DATABASE_URL']);
    expect(problemKeys(settingsOf({ VOICE_EDGE_DATABASE_URL: 'mysql://x@y/z' }))).toEqual([
      'VOICE_EDGE_DATABASE_URL',
    ]);
  });

  it('passes the trunk credentials, sources, public media address and ports given', () => {
    const s = settingsOf({
      VOICE_TRUNK_URI: 'sip:trunk.example.net',
      VOICE_TRUNK_SOURCES: '203.0.113.7, 203.0.113.8',
      VOICE_TRUNK_USERNAME: 'acme',
      VOICE_TRUNK_PASSWORD: 'p4ss',
      VOICE_MEDIA_PUBLIC_ADDRESS: '198.51.100.9',
      VOICE_MEDIA_PORTS: '20000-20999',
      SIP_WSS_URL: 'wss://sip.example.com:8443/ws',
      SIP_TLS_CERT: '/etc/parley/sip.pem',
      SIP_TLS_KEY: '/etc/parley/sip.key',
    });
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings.trunkSources).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(s.settings.trunkAuth).toEqual({ username: 'acme', password: 'p4ss' });
    expect(s.media).toMatchObject({
      advertised: '198.51.100.9',
      ports: { min: 20000, max: 20999 },
    });
  });

  it('names each setting that stops it', () => {
    const s = edgeSettings(
      loadConfig({
        NODE_ENV: 'test',
        VOICE_TRUNK_URI: 'sip:trunk.example.net',
        VOICE_EDGE_LISTEN: '0.0.0.0',
      }),
      { VOICE_TRUNK_USERNAME: 'acme', VOICE_MEDIA_PORTS: '40000-30000' },
    );
    expect(problemKeys(s)).toEqual(['VOICE_MEDIA_PORTS']);
    const t = edgeSettings(
      loadConfig({
        NODE_ENV: 'test',
        VOICE_TRUNK_URI: 'sip:trunk.example.net',
        VOICE_EDGE_LISTEN: '0.0.0.0',
      }),
      { VOICE_TRUNK_USERNAME: 'acme' },
    );
    expect(problemKeys(t)).toEqual([
      'VOICE_EDGE_DATABASE_URL',
      'VOICE_EDGE_SECRET',
      'VOICE_TRUNK_USERNAME and VOICE_TRUNK_PASSWORD',
      'VOICE_MEDIA_ADDRESS',
      'VOICE_TRUNK_SOURCES',
      'SIP_TLS_CERT and SIP_TLS_KEY',
    ]);
  });
});
