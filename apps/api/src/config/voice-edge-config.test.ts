import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { edgeSettings } from './voice-edge-config.js';

const env = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://parley@db.internal:5432/parley',
  VOICE_GATEWAY: 'sip',
  VOICE_EDGE_SECRET: 's'.repeat(32),
  VOICE_TRUNK_URI: 'sip:203.0.113.7:5060',
  VOICE_EDGE_LISTEN: '10.0.0.4',
  SIP_WSS_URL: 'ws://10.0.0.4:8088/ws',
};
const settingsOf = (extra: Record<string, string> = {}) => {
  const all = { ...env, ...extra };
  return edgeSettings(loadConfig(all), all);
};

describe("the edge's settings from the environment", () => {
  it('takes the trunk as the source of inbound calls and relays media where it listens', () => {
    const s = settingsOf();
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings.trunkSources).toEqual(['203.0.113.7']);
    expect(s.settings.trunkAuth).toBeUndefined();
    expect(s.settings.websocket).toEqual({ port: 8088 });
    expect(s.settings.tls).toBeUndefined();
    expect(s.media).toEqual({
      address: '10.0.0.4',
      ports: { min: 30000, max: 40000 },
      control: { address: '127.0.0.1', port: 2223 },
    });
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
    expect('problems' in s && s.problems.map((p) => p.split(':')[0])).toEqual([
      'VOICE_MEDIA_PORTS',
    ]);
    const t = edgeSettings(
      loadConfig({
        NODE_ENV: 'test',
        VOICE_TRUNK_URI: 'sip:trunk.example.net',
        VOICE_EDGE_LISTEN: '0.0.0.0',
      }),
      { VOICE_TRUNK_USERNAME: 'acme' },
    );
    expect('problems' in t && t.problems.map((p) => p.split(':')[0])).toEqual([
      'DATABASE_URL',
      'VOICE_EDGE_SECRET',
      'VOICE_TRUNK_USERNAME and VOICE_TRUNK_PASSWORD',
      'VOICE_MEDIA_ADDRESS',
      'VOICE_TRUNK_SOURCES',
      'SIP_TLS_CERT and SIP_TLS_KEY',
    ]);
  });
});
