import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  type Method,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import { connectEsme, type Esme } from '../../../test/smpp-client.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { SMPP_STATUS } from './smpp-status.js';

/**
 * Parley's SMPP server against the `smpp` package as a customer's gateway, on
 * 127.0.0.1, with the sandbox upstream: binds, submits of every kind through the web's
 * send path, refusals with their statuses, receipts, the window and the rate.
 */
const ctx = useTestApp({
  env: { SMPP_SERVER_PORT: '0', SMPP_SERVER_HOST: '127.0.0.1', SMPP_WINDOW: '3' },
  deps: () => ({
    sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 },
    smppServer: { heartbeatMs: 100, receiptPollMs: 50, sweepMs: 60_000, partWaitMs: 200 },
  }),
  seedCatalogue: true,
  ready: true,
});
const UK = '447400123456';
const esmes: Esme[] = [];
let admin: string;

beforeAll(async () => {
  admin = await adminSession(ctx, 'smpp-admin@example.com');
});
afterEach(async () => {
  await Promise.all(esmes.splice(0).map((e) => e.close()));
  expect((await call('GET', '/api/admin/ledger/check', admin)).json().mismatches).toEqual([]);
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);

async function esme() {
  const port = ctx.app.smppServer.ports().port;
  if (!port) throw new Error('the SMPP server is not listening');
  const e = await connectEsme(port);
  esmes.push(e);
  return e;
}

/** A funded customer with an SMPP account, and a gateway bound with it. */
async function boundCustomer(
  gbp = '10.00',
  maxPerSecond = 100,
  as: 'transceiver' | 'transmitter' = 'transceiver',
) {
  const customer = await fundedCustomer(ctx.app, ctx.database, gbp);
  const created = await call('POST', '/api/sms/smpp-accounts', customer.cookie, {
    label: 'Gateway',
    allowedIps: [],
    maxPerSecond,
  });
  expect(created.statusCode).toBe(201);
  const account = created.json() as { id: string; systemId: string; password: string };
  const e = await esme();
  expect(await e.bind(account.systemId, account.password, as)).toBe(0);
  return { customer, account, esme: e };
}

const message = (id: string) =>
  rows<{
    id: string;
    segments: number;
    message: string;
    cost: string;
    status: string;
    encoding: string;
  }>(
    sql`select id, segments, message, cost::text as cost, status, encoding from sms_messages where id = ${id}`,
  );

describe('binding', () => {
  it('refuses a wrong password with ESME_RBINDFAIL and binds with the right one', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const account = (
      await call('POST', '/api/sms/smpp-accounts', customer.cookie, {
        label: 'Bind test',
        maxPerSecond: 5,
      })
    ).json() as { systemId: string; password: string };
    const e = await esme();
    expect(await e.bind(account.systemId, 'wrong')).toBe(SMPP_STATUS.ESME_RBINDFAIL);
    expect(await e.bind('nobody', account.password)).toBe(SMPP_STATUS.ESME_RBINDFAIL);
    expect(await e.bind(account.systemId, account.password)).toBe(0);
    // A second bind on a bound link is refused; the first holds.
    expect(await e.bind(account.systemId, account.password)).toBe(SMPP_STATUS.ESME_RALYBND);
    const list = await until(
      async () => (await call('GET', '/api/sms/smpp-accounts', customer.cookie)).json(),
      (l) => l.items[0]?.bound === true,
    );
    expect(list.items[0]).toMatchObject({ bound: true, lastBindIp: '127.0.0.1' });
    expect(list.items[0].sessions[0]).toMatchObject({
      bindType: 'transceiver',
      remoteIp: '127.0.0.1',
    });
  });

  it('answers requests before a bind with ESME_RINVBNDSTS, enquire_link always, and generic_nack for the rest', async () => {
    const e = await esme();
    expect((await e.submit({ destination_addr: UK, short_message: 'early' })).status).toBe(
      SMPP_STATUS.ESME_RINVBNDSTS,
    );
    expect((await e.ask('enquire_link', {})).command).toBe('enquire_link_resp');
    const nack = await e.ask('query_sm', { message_id: 'x', source_addr: '' });
    expect(nack).toMatchObject({
      command: 'generic_nack',
      command_status: SMPP_STATUS.ESME_RINVCMDID,
    });
  });

  it('refuses submit_sm from a receiver, and ends a session on unbind', async () => {
    const { esme: e } = await boundCustomer('1.00', 5, 'transmitter');
    const receiverLink = await esme();
    const { account } = await boundCustomer('1.00');
    expect(await receiverLink.bind(account.systemId, account.password, 'receiver')).toBe(0);
    expect((await receiverLink.submit({ destination_addr: UK, short_message: 'no' })).status).toBe(
      SMPP_STATUS.ESME_RINVBNDSTS,
    );
    expect((await e.ask('unbind', {})).command).toBe('unbind_resp');
    await until(async () => e.state.closed, Boolean, 3000);
    expect(e.state.closed).toBe(true);
  });
});

describe('submit_sm', () => {
  it('sends one message through the web send path, charged once, with a receipt carrying its id', async () => {
    const { customer, esme: e } = await boundCustomer();
    const before = await balanceOf(ctx.database, customer.id);
    const sent = await e.submit({
      source_addr: 'Parley',
      destination_addr: UK,
      short_message: 'Hello over SMPP',
      registered_delivery: 1,
    });
    expect(sent.status).toBe(0);
    const [row] = await message(sent.id);
    expect(row).toMatchObject({ segments: 1, message: 'Hello over SMPP', encoding: 'GSM-7' });
    const receipt = await e.hear((h) => h.receiptedId === sent.id);
    expect(receipt).toMatchObject({
      esmClass: 4,
      messageState: 2,
      source: UK,
      destination: 'Parley',
    });
    expect(receipt.text).toMatch(
      new RegExp(`^id:${sent.id} sub:001 dlvrd:001 .* stat:DELIVRD err:000`),
    );
    const after = await balanceOf(ctx.database, customer.id);
    expect(Number(before) - Number(after)).toBeCloseTo(Number(row?.cost), 4);
    expect((await message(sent.id))[0]?.status).toBe('delivered');
  });

  it('joins a long message sent as UDH parts into one SMS billed per segment, with a receipt per part', async () => {
    const { esme: e } = await boundCustomer();
    const parts = ['A'.repeat(153), 'B'.repeat(153), 'C'.repeat(40)];
    const ids: string[] = [];
    for (const [i, text] of parts.entries()) {
      const r = await e.submit({
        destination_addr: UK,
        esm_class: 0x40,
        registered_delivery: 1,
        short_message: { udh: Buffer.from([5, 0, 3, 42, 3, i + 1]), message: text },
      });
      expect(r.status).toBe(0);
      ids.push(r.id);
    }
    expect(new Set(ids).size).toBe(3);
    const [row] = await message(ids[0] ?? '');
    expect(row).toMatchObject({ segments: 3, message: parts.join('') });
    for (const id of ids) await e.hear((h) => h.receiptedId === id && h.messageState === 2);
  });

  it('answers a part sent again after its message went out with the same id, sending nothing more', async () => {
    const { esme: e } = await boundCustomer();
    const part = (i: number, text: string) => ({
      destination_addr: UK,
      esm_class: 0x40,
      short_message: { udh: Buffer.from([5, 0, 3, 55, 2, i]), message: text },
    });
    const first = await e.submit(part(1, 'F'.repeat(153)));
    const last = await e.submit(part(2, 'L'));
    const again = await e.submit(part(2, 'L'));
    expect([first.status, last.status, again.status]).toEqual([0, 0, 0]);
    expect(again.id).toBe(last.id);
    const sent = await rows<{ n: number }>(
      sql`select count(*)::int as n from sms_messages where message like 'FFFF%'`,
    );
    expect(sent[0]?.n).toBe(1);
  });

  it('joins UCS-2 parts cut inside an emoji into the whole text', async () => {
    const { esme: e } = await boundCustomer();
    const text = `${'م'.repeat(66)}😀${'ب'.repeat(10)}`;
    const units = Buffer.from(text, 'utf16le').swap16();
    const cut = 134; // 67 units: the emoji's high surrogate ends part 1, as Kannel cuts
    const ids: string[] = [];
    for (const [i, bytes] of [units.subarray(0, cut), units.subarray(cut)].entries()) {
      const r = await e.submit({
        destination_addr: UK,
        esm_class: 0x40,
        data_coding: 8,
        short_message: { udh: Buffer.from([5, 0, 3, 11, 2, i + 1]), message: bytes },
      });
      expect(r.status).toBe(0);
      ids.push(r.id);
    }
    expect((await message(ids[0] ?? ''))[0]).toMatchObject({ message: text, encoding: 'UCS-2' });
  });

  it('takes message_payload, Latin-1 and UCS-2, billed as the web bills the text', async () => {
    const { esme: e } = await boundCustomer();
    const latin = await e.submit({
      destination_addr: UK,
      data_coding: 3,
      short_message: { message: Buffer.from('Déjà vu à Zürich', 'latin1') },
    });
    expect((await message(latin.id))[0]).toMatchObject({
      message: 'Déjà vu à Zürich',
      segments: 1,
    });
    const arabic = 'مرحبا '.repeat(20);
    const ucs2 = await e.submit({
      destination_addr: UK,
      data_coding: 8,
      message_payload: { message: Buffer.from(arabic, 'utf16le').swap16() },
    });
    expect((await message(ucs2.id))[0]).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('refuses with the status that names the problem, and charges nothing', async () => {
    const { customer, esme: e } = await boundCustomer('0.06');
    const before = await balanceOf(ctx.database, customer.id);
    const refused = async (o: Record<string, unknown>) => (await e.submit(o)).status;
    expect(await refused({ destination_addr: '12', short_message: 'x' })).toBe(
      SMPP_STATUS.ESME_RINVDSTADR,
    );
    expect(
      await refused({
        destination_addr: '447400123456',
        source_addr: 'Unapproved',
        short_message: 'x',
      }),
    ).toBe(SMPP_STATUS.ESME_RINVSRCADR);
    expect(await refused({ destination_addr: UK, short_message: '' })).toBe(
      SMPP_STATUS.ESME_RINVMSGLEN,
    );
    expect(await refused({ destination_addr: UK, message_payload: 'z'.repeat(1600) })).toBe(
      SMPP_STATUS.ESME_RINVMSGLEN,
    );
    expect(await refused({ destination_addr: UK, dest_addr_ton: 5, short_message: 'x' })).toBe(
      SMPP_STATUS.ESME_RINVDSTTON,
    );
    expect(
      await refused({ destination_addr: UK, source_addr: 'S'.repeat(40), short_message: 'x' }),
    ).toBe(SMPP_STATUS.ESME_RINVSRCADR);
    expect(await refused({ destination_addr: '07400123456', short_message: 'x' })).toBe(
      SMPP_STATUS.ESME_RINVDSTADR,
    );
    const later = new Date(Date.now() + 3_600_000);
    expect(
      await refused({ destination_addr: UK, schedule_delivery_time: later, short_message: 'x' }),
    ).toBe(SMPP_STATUS.ESME_RINVSCHED);
    // 0.06 pays one segment to the UK (0.0316) but not 6.
    expect(await refused({ destination_addr: UK, message_payload: 'x'.repeat(900) })).toBe(
      SMPP_STATUS.ESME_RSUBMITFAIL,
    );
    expect(await balanceOf(ctx.database, customer.id)).toBe(before);
  });
});

describe('flow control', () => {
  it('answers ESME_RTHROTTLED above the account rate', async () => {
    const { esme: e } = await boundCustomer('10.00', 2);
    // The rate is counted per second of the clock: the three go just after one begins, so
    // a slow machine cannot spread them over two.
    await new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => e.submit({ destination_addr: UK, short_message: 'rate' })),
    );
    const statuses = answers.map((a) => a.status);
    const said = `answers: ${JSON.stringify(statuses)}`;
    expect(statuses.filter((s) => s === SMPP_STATUS.ESME_RTHROTTLED).length, said).toBeGreaterThan(
      0,
    );
    expect(statuses.filter((s) => s === 0).length, said).toBeLessThanOrEqual(2);
  });

  it('answers ESME_RMSGQFUL to requests beyond the window', async () => {
    const { esme: e } = await boundCustomer('10.00', 100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => e.submit({ destination_addr: UK, short_message: 'window' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(SMPP_STATUS.ESME_RMSGQFUL);
    expect(statuses).toContain(0);
  });
});

describe('unbinding', () => {
  it('answers every submit under way before its unbind_resp, so no accepted message goes unanswered', async () => {
    const { esme: e } = await boundCustomer();
    const submits = [1, 2, 3].map((i) =>
      e.submit({ destination_addr: UK, short_message: `in flight ${i}` }),
    );
    const unbound = e.ask('unbind', {});
    const answers = await Promise.all(submits);
    expect(answers.map((a) => a.status)).toEqual([0, 0, 0]);
    expect((await unbound).command).toBe('unbind_resp');
    for (const a of answers) expect((await message(a.id))[0]?.id).toBe(a.id);
  });
});

describe('receipts', () => {
  it('keeps a receipt until a receiver binds, then sends it', async () => {
    const { account, esme: tx } = await boundCustomer('10.00', 10, 'transmitter');
    const sent = await tx.submit({
      destination_addr: UK,
      short_message: 'later',
      registered_delivery: 1,
    });
    await until(
      async () => (await message(sent.id))[0]?.status,
      (s) => s === 'delivered',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(tx.heard).toEqual([]);
    const rx = await esme();
    expect(await rx.bind(account.systemId, account.password, 'receiver')).toBe(0);
    await rx.hear((h) => h.receiptedId === sent.id);
  });

  it('refuses a long message whose parts never all arrive: REJECTD receipts, nothing sent or charged', async () => {
    const { customer, esme: e } = await boundCustomer();
    const before = await balanceOf(ctx.database, customer.id);
    const first = await e.submit({
      destination_addr: UK,
      esm_class: 0x40,
      registered_delivery: 1,
      short_message: { udh: Buffer.from([5, 0, 3, 77, 2, 1]), message: 'half of it' },
    });
    expect(first.status).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    await ctx.app.smppServer.sweepNow();
    const receipt = await e.hear((h) => h.receiptedId === first.id);
    expect(receipt).toMatchObject({ messageState: 8 });
    expect(receipt.text).toContain('stat:REJECTD');
    expect(await message(first.id)).toEqual([]);
    expect(await balanceOf(ctx.database, customer.id)).toBe(before);
  });

  it('sends no receipt when none was asked for, and only failures with registered_delivery 2', async () => {
    const { esme: e } = await boundCustomer();
    const quiet = await e.submit({ destination_addr: UK, short_message: 'none' });
    const failuresOnly = await e.submit({
      destination_addr: UK,
      short_message: 'fail only',
      registered_delivery: 2,
    });
    await until(
      async () => (await message(failuresOnly.id))[0]?.status,
      (s) => s === 'delivered',
    );
    await until(
      async () => (await message(quiet.id))[0]?.status,
      (s) => s === 'delivered',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(e.heard).toEqual([]);
  });
});

describe('sessions', () => {
  it('lets an admin see a session and end it; removing the account ends its sessions', async () => {
    const { customer, account, esme: e } = await boundCustomer();
    const sessions = await until(
      async () =>
        (await call('GET', '/api/admin/smpp/sessions', admin)).json() as {
          id: string;
          systemId: string;
        }[],
      (l) => l.some((s) => s.systemId === account.systemId),
    );
    const mine = sessions.find((s) => s.systemId === account.systemId);
    expect((await call('POST', `/api/admin/smpp/sessions/${mine?.id}/end`, admin)).statusCode).toBe(
      204,
    );
    await until(async () => e.state.closed, Boolean, 3000);
    expect(e.state.closed).toBe(true);

    const again = await esme();
    expect(await again.bind(account.systemId, account.password)).toBe(0);
    expect(
      (await call('DELETE', `/api/sms/smpp-accounts/${account.id}`, customer.cookie)).statusCode,
    ).toBe(204);
    await until(async () => again.state.closed, Boolean, 3000);
    expect(again.state.closed).toBe(true);
  });
});
