import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('voice settings', () => {
  it('defaults to the sandbox, 60/60 increments and the standard ports', () => {
    expect(loadConfig({}).voice).toMatchObject({
      gateway: 'sandbox',
      increments: { first: 60, next: 60 },
      incrementsText: '60/60',
      domain: 'sip.parley.example',
      ports: { udp: 5060, tcp: 5060, tls: 5061 },
      wssUrl: 'wss://sip.parley.example:8443/ws',
      edgeSecret: null,
      ringTimeoutMs: 60_000,
    });
  });

  it('reads every voice variable', () => {
    expect(
      loadConfig({
        VOICE_GATEWAY: 'sip',
        VOICE_BILLING_INCREMENTS: '1/1',
        SIP_DOMAIN: 'SIP.Example.COM',
        SIP_PORT_UDP: '5080',
        SIP_PORT_TCP: '5080',
        SIP_PORT_TLS: '5081',
        SIP_WSS_URL: 'wss://edge.example.com/ws',
        VOICE_EDGE_SECRET: 's'.repeat(32),
        VOICE_ENCRYPTION_KEY: 'k'.repeat(32),
        VOICE_RING_TIMEOUT_SECONDS: '45',
        VOICE_EDGE_LISTEN: '0.0.0.0',
        VOICE_TRUNK_URI: 'sip:trunk.example.net:5070',
        VOICE_EDGE_PARLEY_URL: 'http://10.0.0.5:5000',
        VOICE_EDGE_RPC_URL: 'http://10.0.0.4:5071/rpc',
      }).voice,
    ).toEqual({
      gateway: 'sip',
      increments: { first: 1, next: 1 },
      incrementsText: '1/1',
      domain: 'sip.example.com',
      ports: { udp: 5080, tcp: 5080, tls: 5081 },
      wssUrl: 'wss://edge.example.com/ws',
      edgeSecret: 's'.repeat(32),
      encryptionKey: 'k'.repeat(32),
      ringTimeoutMs: 45_000,
      edgeListen: '0.0.0.0',
      trunk: 'trunk.example.net:5070',
      edgeParleyUrl: 'http://10.0.0.5:5000',
      edgeRpcUrl: 'http://10.0.0.4:5071/rpc',
    });
  });

  it('names each bad value', () => {
    const problems = problemsOf({
      VOICE_GATEWAY: 'pstn',
      VOICE_BILLING_INCREMENTS: '60',
      SIP_DOMAIN: 'not a host',
      SIP_PORT_TLS: '70000',
      SIP_WSS_URL: 'https://edge.example.com',
      VOICE_EDGE_SECRET: 'short',
      VOICE_RING_TIMEOUT_SECONDS: '1',
      VOICE_TRUNK_URI: 'http://trunk',
      VOICE_EDGE_RPC_URL: 'http://edge.example.com/rpc',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'SIP_DOMAIN',
      'SIP_PORT_TLS',
      'SIP_WSS_URL',
      'VOICE_BILLING_INCREMENTS',
      'VOICE_EDGE_RPC_URL',
      'VOICE_EDGE_SECRET',
      'VOICE_GATEWAY',
      'VOICE_RING_TIMEOUT_SECONDS',
      'VOICE_TRUNK_URI',
    ]);
    expect(problemsOf({ VOICE_BILLING_INCREMENTS: '0/60' })[0]).toMatch(
      /^VOICE_BILLING_INCREMENTS/,
    );
  });

  it('needs the edge secret to hand calls to the edge', () => {
    expect(problemsOf({ VOICE_GATEWAY: 'sip' })).toEqual([
      'VOICE_EDGE_SECRET: is required when VOICE_GATEWAY=sip',
    ]);
  });
});
