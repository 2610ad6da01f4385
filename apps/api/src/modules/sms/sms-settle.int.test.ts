import { randomUUID } from 'node:crypto';
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
import { ABANDONED, EXPIRED } from './sms-outbox.js';

/**
 * Every message settles: a `sent` message whose receipt never comes expires after
 * SMS_RECEIPT_TIMEOUT and is refunded once, even with two instances sweeping; an
 * instance that restarts settles its own claims at once; the sandbox's receipts come
 * from the database, so they survive a crash.
 */
const smpp = useSmppApps({ sms: { sandboxSweepMs: 100 }, timeout: 60_000 });
let smsc: SmppServer;
let database: TestDatabase;
beforeAll(() => {
  ({ smsc, database } = smpp);
});
const start = (env: Record<string, string> = {}, instanceId?: string) =>
  smpp.start(env, instanceId ? { instanceId } : {});
const { stop } = smpp;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database, query);
const messagesOf = (userId: string) =>
  rows<{ id: string; status: string; error: string | null }>(
    sql`select id, status, error from sms_messages where user_id = ${userId} order by recipient`,
  );
const refundsOf = async (id: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where kind = 'refund' and reference = ${`sms:${id}`}`,
    )
  )[0]?.n;

async function sendSms(app: FastifyInstance, cookie: string, recipient: string) {
  const res = await send(app, 'POST', '/api/sms/send', cookie, {
    senderId: 'Parley',
    recipient,
    message: 'Settles',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('a sent message with no receipt', () => {
  it('expires after SMS_RECEIPT_TIMEOUT and is refunded exactly once, with two instances sweeping', async () => {
    smsc.state.autoReceipts = false;
    const env = { SMS_RECEIPT_TIMEOUT: '2s' };
    const a = await start(env);
    const b = await start(env);
    const admin = await adminSession({ app: a, database }, `settle-${randomUUID()}@example.com`);
    const c = await fundedCustomer(a, database, '1.00');
    const ids = [];
    for (const n of ['1', '2', '3']) ids.push(await sendSms(a, c.cookie, `+44740040000${n}`));
    const done = await until(
      () => messagesOf(c.id),
      (r) => r.every((m) => m.status === 'expired'),
      20_000,
    );
    expect(done.map((m) => m.status)).toEqual(['expired', 'expired', 'expired']);
    expect(done[0]?.error).toBe(EXPIRED);
    for (const id of ids) expect(await refundsOf(id)).toBe(1);
    expect(await balanceOf(database, c.id)).toBe('1.00');

    // A receipt that arrives after all changes nothing: the customer keeps the refund.
    const upstream = smsc.submitted.find((s) => s.destination === '447400400001')?.id ?? '';
    expect(
      await smsc.deliver({
        source_addr: '447400400001',
        destination_addr: 'Parley',
        esm_class: 0x04,
        short_message: `id:${Number.parseInt(upstream, 16)} stat:DELIVRD err:000 text:`,
      }),
    ).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect((await messagesOf(c.id))[0]?.status).toBe('expired');
    expect(await balanceOf(database, c.id)).toBe('1.00');
    const history = await send(a, 'GET', '/api/sms/history', c.cookie);
    expect(history.json().items.map((m: { status: string }) => m.status)).toEqual([
      'expired',
      'expired',
      'expired',
    ]);
    const check = await send(a, 'GET', '/api/admin/ledger/check', admin);
    expect(check.json().mismatches).toEqual([]);
    await stop(a);
    await stop(b);
    smsc.state.autoReceipts = true;
  });

  it('waits its whole validity period before expiring', async () => {
    smsc.state.autoReceipts = false;
    const app = await start({ SMS_RECEIPT_TIMEOUT: '1h' });
    const c = await fundedCustomer(app, database, '1.00');
    const id = await sendSms(app, c.cookie, '+447400400011');
    await until(
      () => messagesOf(c.id),
      (r) => r[0]?.status === 'sent',
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect((await messagesOf(c.id))[0]?.status).toBe('sent');
    expect(await refundsOf(id)).toBe(0);
    await stop(app);
    smsc.state.autoReceipts = true;
  });
});

describe('a restarted instance', () => {
  it('settles its own claims at once: handed over → failed and refunded, never handed → sent once', async () => {
    smsc.state.refuseBinds = true;
    smsc.dropAll();
    const first = await start({}, 'node-a');
    const c = await fundedCustomer(first, database, '1.00');
    const handed = await sendSms(first, c.cookie, '+447400500001');
    const claimed = await sendSms(first, c.cookie, '+447400500002');
    const others = await sendSms(first, c.cookie, '+447400500003');
    await stop(first);
    // As a SIGKILL leaves them: claims with ten minutes of lease left.
    const claim = (id: string, by: string, handedOver: boolean) =>
      database.db.execute(sql`update sms_messages set status = 'sending', claimed_by = ${by},
        handed_at = ${handedOver ? sql`now()` : null}, claimed_until = now() + interval '10 minutes'
        where id = ${id}`);
    await claim(handed, 'node-a', true);
    await claim(claimed, 'node-a', false);
    await claim(others, 'node-b', true);
    smsc.state.refuseBinds = false;

    const startedAt = Date.now();
    const next = await start({}, 'node-a');
    const done = await until(
      () => messagesOf(c.id),
      (r) => r[0]?.status === 'failed' && r[1]?.status === 'delivered',
      15_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(20_000); // not the two-minute lease
    // Another live instance's claim is left alone.
    expect(done.map((m) => m.status)).toEqual(['failed', 'delivered', 'sending']);
    expect(done[0]?.error).toBe(ABANDONED);
    expect(await refundsOf(handed)).toBe(1);
    expect(smsc.submitted.filter((s) => s.destination === '447400500001')).toHaveLength(0);
    expect(smsc.submitted.filter((s) => s.destination === '447400500002')).toHaveLength(1);
    await stop(next);
    // Tidy: node-b's claim, so other tests see a settled outbox.
    await database.db.execute(sql`update sms_messages set claimed_until = now() - interval '1 minute'
      where id = ${others}`);
  });
});

describe('the sandbox', () => {
  it('delivers, exactly once, a message left sent by a crash: its receipt comes from the database', async () => {
    const app = await start({ SMS_GATEWAY: 'sandbox', SMS_SANDBOX_DELAY_MS: '200' });
    const c = await fundedCustomer(app, database, '1.00');
    const ok = await sendSms(app, c.cookie, '+447400600001');
    const bad = await sendSms(app, c.cookie, '+447400600000');
    await until(
      () => messagesOf(c.id),
      (r) => r.every((m) => m.status === 'delivered' || m.status === 'failed'),
    );
    await stop(app);
    // As a crash right after the hand-over leaves them: sent, receipts only in memory.
    for (const id of [ok, bad]) {
      await database.db.execute(sql`update sms_messages set status = 'sent', done_at = null,
        error = null where id = ${id}`);
      await database.db.execute(sql`update sms_parts set status = 'sent' where message_id = ${id}`);
    }
    await database.db.execute(
      sql`delete from ledger_entries where kind = 'refund' and reference = ${`sms:${bad}`}`,
    );
    await database.db.execute(
      sql`update users set crypto_balance = (select sum(amount) from ledger_entries where user_id = ${c.id}) where id = ${c.id}`,
    );
    const before = await balanceOf(database, c.id);
    const a = await start({ SMS_GATEWAY: 'sandbox', SMS_SANDBOX_DELAY_MS: '200' });
    const b = await start({ SMS_GATEWAY: 'sandbox', SMS_SANDBOX_DELAY_MS: '200' });
    const done = await until(
      () => messagesOf(c.id),
      (r) => r.every((m) => m.status === 'delivered' || m.status === 'failed'),
    );
    expect(done.map((m) => m.status)).toEqual(['failed', 'delivered']);
    await new Promise((r) => setTimeout(r, 500));
    expect(await refundsOf(bad)).toBe(1);
    expect(Number(await balanceOf(database, c.id))).toBeGreaterThan(Number(before));
    await stop(a);
    await stop(b);
  });
});
