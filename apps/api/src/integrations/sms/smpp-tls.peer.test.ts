import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../test/certificate.js';
import { testConfig } from '../../../test/helpers.js';
import { startSmppServer } from '../../../test/smpp-server.js';
import { ConfigError } from '../../config/env.js';
import type { Receipt } from './port.js';
import { createSmppGateway } from './smpp.js';

/**
 * SMPP over TLS against the test SMSC in TLS mode, with a self-signed certificate made
 * for this run (openssl): trusted through SMPP_TLS_CA the bind succeeds and messages go
 * through; untrusted, the bind never happens.
 */
let server: Awaited<ReturnType<typeof startSmppServer>>;
let caFile: string;
const gateways: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const pair = selfSignedCertificate();
  const key = pair.privateKey;
  caFile = pair.certificate;
  server = await startSmppServer({
    systemId: 'parley',
    password: 'secret',
    tls: { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(caFile, 'utf8') },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await server?.close();
});

const env = (extra: Record<string, string>) => ({
  SMS_GATEWAY: 'smpp',
  SMPP_HOST: '127.0.0.1',
  SMPP_PORT: String(server.port),
  SMPP_SYSTEM_ID: 'parley',
  SMPP_PASSWORD: 'secret',
  SMPP_TLS: 'true',
  ...extra,
});

function gatewayFrom(extra: Record<string, string>) {
  const config = testConfig(env(extra)).sms;
  if (config.gateway !== 'smpp') throw new Error('expected smpp');
  const warnings: string[] = [];
  const g = createSmppGateway({
    ...config,
    submitsPerSecond: 1000,
    backoffMs: 50,
    maxBackoffMs: 200,
    responseTimeoutMs: 2000,
    log: { info() {}, warn: (o: object, m: string) => warnings.push(`${m} ${JSON.stringify(o)}`) },
  });
  gateways.push(g);
  return { g, warnings };
}

describe('SMPP over TLS', () => {
  it('binds with the certificate verified against SMPP_TLS_CA, and sends', async () => {
    const { g } = gatewayFrom({ SMPP_TLS_CA: caFile });
    await g.ready();
    const heard: Receipt[] = [];
    g.onReceipt(async (r) => {
      heard.push(r);
    });
    const ids = await g.submit({
      id: 'tls-1',
      senderId: 'Parley',
      recipient: '+447400700001',
      message: 'Over TLS',
      reference: 1,
    });
    expect(ids).toHaveLength(1);
    expect(server.submitted.at(-1)).toMatchObject({ destination: '447400700001' });
    const end = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(heard[0]).toMatchObject({ status: 'delivered' });
  });

  it('refuses a certificate it cannot verify: no bind', async () => {
    const binds = server.state.binds;
    const { g, warnings } = gatewayFrom({}); // verification on, the self-signed cert unknown
    const bound = await Promise.race([
      g.ready().then(() => true),
      new Promise((r) => setTimeout(() => r(false), 1500)),
    ]);
    expect(bound).toBe(false);
    expect(server.state.binds).toBe(binds);
    expect(warnings.join('\n')).toMatch(/certificate/i);
  });

  it('reads the settings: verification on by default, a missing CA file refused', () => {
    const config = testConfig(env({ SMPP_TLS_CA: caFile })).sms;
    expect(config.gateway === 'smpp' && config.tls).toMatchObject({ rejectUnauthorized: true });
    expect(config.gateway === 'smpp' && config.tls?.ca).toContain('BEGIN CERTIFICATE');
    const off = testConfig(env({ SMPP_TLS_REJECT_UNAUTHORIZED: 'false' })).sms;
    expect(off.gateway === 'smpp' && off.tls).toEqual({ ca: null, rejectUnauthorized: false });
    expect(() => testConfig(env({ SMPP_TLS_CA: '/nonexistent/ca.pem' }))).toThrow(ConfigError);
    expect(() => testConfig(env({ SMPP_TLS: 'yes' }))).toThrow(/SMPP_TLS/);
    const plain = testConfig(env({ SMPP_TLS: 'false' })).sms;
    expect(plain.gateway === 'smpp' && plain.tls).toBeNull();
  });
});
