import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, queryRows, send, until } from '../../../test/helpers.js';
import { connectEsme, type Esme } from '../../../test/smpp-client.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { SMPP_STATUS } from './smpp-status.js';

/**
 * The customer's own limits over SMPP: the per-minute SMS quota every door shares
 * (ESME_RTHROTTLED, and a long message's parts kept for the last part's retry), and a
 * suspension, which ends the customer's bound sessions.
 */
const ctx = useTestApp({
  env: { SMPP_SERVER_PORT: '0', SMPP_SERVER_HOST: '127.0.0.1', SMS_PER_MINUTE: '2' },
  deps: () => ({
    sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 },
    smppServer: { heartbeatMs: 100, receiptPollMs: 50, sweepMs: 60_000 },
  }),
  seedCatalogue: true,
  ready: true,
});
const UK = '447400123456';
const esmes: Esme[] = [];
afterEach(async () => {
  await Promise.all(esmes.splice(0).map((e) => e.close()));
});

async function bound() {
  const customer = await fundedCustomer(ctx.app, ctx.database, '5.00');
  const account = (
    await send(ctx.app, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
      label: 'Quota',
      maxPerSecond: 50,
    })
  ).json() as { systemId: string; password: string };
  const e = await connectEsme(ctx.app.smppServer.ports().port ?? 0);
  esmes.push(e);
  expect(await e.bind(account.systemId, account.password)).toBe(0);
  return { customer, esme: e };
}

describe("the customer's limits over SMPP", () => {
  it('answers ESME_RTHROTTLED past the per-minute quota, and keeps the parts for the last part sent again', async () => {
    const { esme: e } = await bound();
    expect((await e.submit({ destination_addr: UK, short_message: 'one' })).status).toBe(0);
    const part = (i: number) => ({
      destination_addr: UK,
      esm_class: 0x40,
      short_message: { udh: Buffer.from([5, 0, 3, 21, 2, i]), message: `part ${i}` },
    });
    expect((await e.submit(part(1))).status).toBe(0);
    // The joined message is the second of two this minute: one too many with part 2's.
    expect((await e.submit({ destination_addr: UK, short_message: 'two' })).status).toBe(0);
    expect((await e.submit(part(2))).status).toBe(SMPP_STATUS.ESME_RTHROTTLED);
    const parts = await queryRows<{ seq: number; refused: string | null; assembled: boolean }>(
      ctx.database,
      sql`select part_seq as seq, refused, assembled_at is not null as assembled
          from smpp_submits where part_key like '%|21|2' order by part_seq`,
    );
    // Part 1 waits for part 2 to come again; part 2's refused copy is gone.
    expect(parts).toEqual([{ seq: 1, refused: null, assembled: false }]);
  });

  it("ends a suspended customer's sessions", async () => {
    const { customer, esme: e } = await bound();
    await ctx.database.db.execute(
      sql`update users set disabled_at = now() where id = ${customer.id}`,
    );
    await until(async () => e.state.closed, Boolean, 3000);
    expect(e.state.closed).toBe(true);
  });
});
