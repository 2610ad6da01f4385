import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import { type SmppServer, type TestDatabase, useSmppApps } from '../../../test/smpp-apps.js';

/**
 * Delivery receipts against a real SMPP server on 127.0.0.1 that sends no receipt of
 * its own: the test sends each deliver_sm itself. Only an SMSC delivery receipt (the
 * esm_class receipt bit) from the message's recipient settles a message; anything
 * else is acknowledged and kept as inbound for admins.
 */
const smpp = useSmppApps({ autoReceipts: false, timeout: 60_000 });
let smsc: SmppServer;
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  ({ smsc, database } = smpp);
  app = await smpp.start({ SMS_RECEIPT_TIMEOUT: '2h' });
  admin = await adminSession({ app, database }, 'receipts-admin@example.com');
}, 60_000);

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      database,
      sql`select status from sms_messages where id = ${id}`,
    )
  )[0]?.status;

/** Sends one message and waits until the SMSC has it; returns its ids and the cost. */
async function sent(recipient: string) {
  const c = await fundedCustomer(app, database, '1.00');
  const res = await send(app, 'POST', '/api/sms/send', c.cookie, {
    senderId: 'Parley',
    recipient,
    message: 'Receipt test',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  expect(
    await until(
      () => statusOf(id),
      (s) => s === 'sent',
    ),
  ).toBe('sent');
  const submitted = smsc.submitted.find((s) => `+${s.destination}` === recipient);
  if (!submitted) throw new Error('not submitted');
  return { customer: c, id, upstream: submitted.id, balance: await balanceOf(database, c.id) };
}

const receiptText = (hexId: string, stat = 'DELIVRD') =>
  `id:${Number.parseInt(hexId, 16)} sub:001 dlvr:001 submit date:2611230000 done date:2611230000 stat:${stat} err:000 text:`;

const inbound = async () => {
  const res = await send(app, 'GET', '/api/admin/sms/inbound?page=1&pageSize=50', admin);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { source: string; message: string; kind: string }[];
    total: number;
  };
};

/** Long enough for a wrongly applied receipt to have shown (its retries included). */
const settle = () => new Promise((r) => setTimeout(r, 800));

describe('delivery receipts', () => {
  it('sends validity_period to match SMS_RECEIPT_TIMEOUT', async () => {
    const before = Date.now();
    await sent('+447400300001');
    const validity = smsc.submitted.find((s) => s.destination === '447400300001')?.validity;
    expect(validity).toBeInstanceOf(Date);
    const inMs = (validity as Date).getTime() - before;
    expect(inMs).toBeGreaterThan(2 * 3_600_000 - 120_000);
    expect(inMs).toBeLessThan(2 * 3_600_000 + 120_000);
  });

  it('a deliver_sm without the receipt bit, however it reads, changes nothing and is kept as inbound', async () => {
    const m = await sent('+447400300002');
    // esm_class 0: a mobile-originated message whose text looks like a receipt.
    const status = await smsc.deliver({
      source_addr: '447400300002',
      destination_addr: 'Parley',
      esm_class: 0x00,
      short_message: receiptText(m.upstream, 'UNDELIV'),
    });
    expect(status).toBe(0); // acknowledged
    // An SME delivery acknowledgement (0x08) is not an SMSC receipt either.
    expect(
      await smsc.deliver({
        source_addr: '447400300002',
        destination_addr: 'Parley',
        esm_class: 0x08,
        short_message: receiptText(m.upstream),
      }),
    ).toBe(0);
    await settle();
    expect(await statusOf(m.id)).toBe('sent');
    expect(await balanceOf(database, m.customer.id)).toBe(m.balance);
    const list = await inbound();
    const mine = list.items.filter((i) => i.source === '447400300002');
    expect(mine).toHaveLength(2);
    expect(mine.every((i) => i.kind === 'message')).toBe(true);
    expect(mine[0]?.message).toContain('stat:');
  });

  it('a receipt from another source changes nothing and is kept as inbound', async () => {
    const m = await sent('+447400300003');
    const status = await smsc.deliver({
      source_addr: '447400399999',
      destination_addr: 'Parley',
      esm_class: 0x04,
      short_message: receiptText(m.upstream, 'UNDELIV'),
    });
    expect(status).toBe(0);
    await settle();
    expect(await statusOf(m.id)).toBe('sent');
    // Not refunded on a stranger's word.
    expect(await balanceOf(database, m.customer.id)).toBe(m.balance);
    const list = await inbound();
    expect(list.items.find((i) => i.source === '447400399999')).toMatchObject({
      kind: 'receipt-mismatch',
    });
  });

  it('a proper receipt settles the message, whatever the other esm_class bits say', async () => {
    const m = await sent('+447400300004');
    // 0x85: a delivery receipt with the reply-path and a mode bit set; only bits 5–2 count.
    const status = await smsc.deliver({
      source_addr: '447400300004',
      source_addr_ton: 1,
      destination_addr: 'Parley',
      esm_class: 0x85,
      short_message: receiptText(m.upstream),
    });
    expect(status).toBe(0);
    expect(
      await until(
        () => statusOf(m.id),
        (s) => s === 'delivered',
      ),
    ).toBe('delivered');
    const failed = await sent('+447400300005');
    await smsc.deliver({
      source_addr: '+447400300005',
      destination_addr: 'Parley',
      esm_class: 0x04,
      short_message: receiptText(failed.upstream, 'UNDELIV'),
    });
    expect(
      await until(
        () => statusOf(failed.id),
        (s) => s === 'failed',
      ),
    ).toBe('failed');
    expect(await balanceOf(database, failed.customer.id)).toBe('1.00');
    expect((await inbound()).items.some((i) => i.source.endsWith('447400300004'))).toBe(false);
  });

  it('keeps inbound text safe to store and show', async () => {
    expect(
      await smsc.deliver({
        source_addr: '447400300006',
        destination_addr: 'Parley',
        esm_class: 0,
        short_message: 'Hi\u0000there\u0007',
      }),
    ).toBe(0);
    const item = await until(
      async () => (await inbound()).items.find((i) => i.source === '447400300006'),
      (i) => i !== undefined,
    );
    expect(item?.message).toBe('Hi\ufffdthere\ufffd');
  });

  it('lists inbound messages to admins only, paged', async () => {
    expect((await send(app, 'GET', '/api/admin/sms/inbound', null)).statusCode).toBe(401);
    const customer = await fundedCustomer(app, database, '0');
    expect((await send(app, 'GET', '/api/admin/sms/inbound', customer.cookie)).statusCode).toBe(
      403,
    );
    expect(
      (await send(app, 'GET', '/api/admin/sms/inbound?pageSize=0', admin)).json().error.code,
    ).toBe('VALIDATION_FAILED');
    const page = await send(app, 'GET', '/api/admin/sms/inbound?page=1&pageSize=1', admin);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(4);
  });
});
