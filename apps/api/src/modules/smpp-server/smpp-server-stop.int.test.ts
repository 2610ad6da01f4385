import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, send, until } from '../../../test/helpers.js';
import { connectEsme } from '../../../test/smpp-client.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

/** Parley stopping with a customer's gateway bound: it unbinds the gateway, then stops. */
const ctx = useTestApp({
  env: { SMPP_SERVER_PORT: '0', SMPP_SERVER_HOST: '127.0.0.1' },
  deps: () => ({
    sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 },
    smppServer: { heartbeatMs: 100, receiptPollMs: 50, sweepMs: 60_000, partWaitMs: 200 },
  }),
  seedCatalogue: true,
  ready: true,
});

it('unbinds a bound gateway as it stops, and stops', async () => {
  const customer = await fundedCustomer(ctx.app, ctx.database, '1');
  const created = await send(ctx.app, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
    label: 'Gateway',
    allowedIps: [],
    maxPerSecond: 10,
  });
  expect(created.statusCode).toBe(201);
  const account = created.json() as { systemId: string; password: string };
  const port = ctx.app.smppServer.ports().port;
  if (!port) throw new Error('the SMPP server is not listening');
  const esme = await connectEsme(port);
  expect(await esme.bind(account.systemId, account.password)).toBe(0);

  const askedToUnbind = new Promise<void>((resolve) =>
    esme.session.once('unbind', () => resolve()),
  );
  await ctx.app.smppServer.stop();
  await askedToUnbind;
  expect(await until(async () => esme.state.closed, Boolean)).toBe(true);
});
