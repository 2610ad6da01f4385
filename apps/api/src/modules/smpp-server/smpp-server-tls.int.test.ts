import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { selfSignedCertificate } from '../../../test/certificate.js';
import { fundedCustomer, send } from '../../../test/helpers.js';
import { connectEsme, type Esme } from '../../../test/smpp-client.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

/**
 * The SMPP server over TLS only (SMPP_SERVER_TLS_PORT with a certificate and key from
 * files): a gateway that verifies the certificate binds and sends; the plain port is off.
 */
const pair = selfSignedCertificate();
const ctx = useTestApp({
  env: {
    SMPP_SERVER_TLS_PORT: '0',
    SMPP_SERVER_HOST: '127.0.0.1',
    SMPP_SERVER_TLS_CERT: pair.certificate,
    SMPP_SERVER_TLS_KEY: pair.privateKey,
  },
  deps: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
  seedCatalogue: true,
  ready: true,
});
const esmes: Esme[] = [];
afterAll(async () => {
  for (const e of esmes) await e.close();
});

describe('SMPP over TLS', () => {
  it('binds with the certificate verified, sends, and tells the customer the TLS port only', async () => {
    const { port, tlsPort } = ctx.app.smppServer.ports();
    expect(port).toBeNull();
    expect(tlsPort).toEqual(expect.any(Number));
    const customer = await fundedCustomer(ctx.app, ctx.database, '5.00');
    const created = await send(ctx.app, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
      label: 'TLS gateway',
      maxPerSecond: 5,
    });
    const account = created.json() as { systemId: string; password: string };
    const list = (
      await send(ctx.app, 'GET', '/api/sms/smpp-accounts', customer.cookie, undefined)
    ).json();
    expect(list).toMatchObject({ port: null, tlsPort });

    const e = await connectEsme(tlsPort ?? 0, {
      tls: { ca: fs.readFileSync(pair.certificate, 'utf8') },
    });
    esmes.push(e);
    expect(await e.bind(account.systemId, account.password)).toBe(0);
    const sent = await e.submit({ destination_addr: '447400123456', short_message: 'Over TLS' });
    expect(sent.status).toBe(0);
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
