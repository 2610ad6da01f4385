import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fundedCustomer, queryRows, until } from '../../../test/helpers.js';
import { type SmppServer, type TestDatabase, useSmppApps } from '../../../test/smpp-apps.js';
import { smsMessages } from '../../db/schema/index.js';
import { receiptIdCandidates } from '../../integrations/sms/receipt.js';
import { ABANDONED, NOT_RESENT } from './sms-outbox.js';
import { createSmsOutboxRepo } from './sms-outbox.repo.js';
import { createSmsSettleRepo } from './sms-settle.repo.js';

/**
 * The whole SMS path against a real SMPP server on 127.0.0.1: Parley configured with
 * SMS_GATEWAY=smpp, messages charged, sent, receipted, refunded; an outage, and a
 * restart half-way through a batch.
 */
const smpp = useSmppApps();
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
let smsc: SmppServer;
let database: TestDatabase;
beforeAll(() => {
  ({ smsc, database } = smpp);
});
const { start, stop } = smpp;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database, query);

const customer = (app: FastifyInstance, gbp: string) => fundedCustomer(app, database, gbp);
const statuses = (userId: string) =>
  rows<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from sms_messages where user_id = ${userId} group by status`,
  ).then((r) => Object.fromEntries(r.map((x) => [x.status, x.n])) as Record<string, number>);

async function ledgerAgrees(app: FastifyInstance) {
  const mismatches = await rows(sql`
    select u.id from users u left join (select user_id, sum(amount) s from ledger_entries group by user_id) l
      on l.user_id = u.id where u.crypto_balance <> coalesce(l.s, 0)`);
  expect(mismatches, String(app.server.listening)).toEqual([]);
}

/**
 * Messages accepted while the SMSC refuses binds, so none is sent (one caught mid-submit
 * as the link dropped is failed and refunded); the instance is stopped and the SMSC takes
 * binds again. Answers their ids and their customer's id.
 */
async function queuedOnly(recipients: string[], message: string) {
  const app = await start();
  const c = await customer(app, '1.00');
  smsc.state.refuseBinds = true;
  smsc.dropAll();
  const ids: string[] = [];
  for (const recipient of recipients)
    ids.push(
      (
        await app.inject({
          method: 'POST',
          url: '/api/sms/send',
          headers: { cookie: c.cookie },
          payload: { senderId: 'Parley', recipient, message },
        })
      ).json().id,
    );
  await stop(app);
  smsc.state.refuseBinds = false;
  return { ids, userId: c.id };
}

const settleRepo = () => ({
  ...createSmsOutboxRepo(database.db),
  ...createSmsSettleRepo(database.db),
});

/** Messages of a new customer, sent with the parts given, awaiting their receipts. */
async function sentOnly(recipients: string[], parts: (n: number) => string[]) {
  const repo = settleRepo();
  const queued = await queuedOnly(recipients, 'Together');
  for (const [n, id] of queued.ids.entries()) {
    // One caught mid-submit as the link dropped was failed and refunded: not any more.
    await database.db.execute(
      sql`delete from ledger_entries where kind = 'refund' and reference = ${`sms:${id}`}`,
    );
    await database.db.execute(sql`update sms_messages set status = 'sending' where id = ${id}`);
    await repo.markSent([{ id, upstreamIds: parts(n) }], new Date());
  }
  await database.db.execute(sql`update users set crypto_balance =
    (select sum(amount) from ledger_entries where user_id = ${queued.userId}) where id = ${queued.userId}`);
  return queued;
}

const statusOf = async (id: string) =>
  (await rows<{ status: string }>(sql`select status from sms_messages where id = ${id}`))[0]
    ?.status;

/** A receipt for one part, from `source`. */
const one = (id: string, source: string, status: 'delivered' | 'failed' = 'delivered') => ({
  ids: [id],
  source,
  status,
  error: 'UNDELIV',
});

describe('SMS through SMPP', () => {
  it('delivers one, and refunds one the SMSC reports undelivered', async () => {
    const app = await start();
    const c = await customer(app, '1.00');
    const send = (recipient: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sms/send',
        headers: { cookie: c.cookie },
        payload: { senderId: 'Parley', recipient, message: 'Hello over SMPP' },
      });
    const ok = await send('+447400100001');
    const bad = await send('+447400100000');
    expect([ok.statusCode, bad.statusCode]).toEqual([201, 201]);
    const done = await until(
      () => statuses(c.id),
      (s) => s.delivered === 1 && s.failed === 1,
    );
    expect(done).toEqual({ delivered: 1, failed: 1 });
    expect(Number(await balanceOf(database, c.id))).toBeCloseTo(1 - Number(ok.json().cost), 4);
    expect(smsc.submitted.filter((s) => s.destination === '447400100001')).toHaveLength(1);
    const status = await app.inject({
      method: 'GET',
      url: '/api/sms/history',
      headers: { cookie: c.cookie },
    });
    expect(
      status
        .json()
        .items.map((m: { status: string }) => m.status)
        .sort(),
    ).toEqual(['delivered', 'failed']);
    await ledgerAgrees(app);
    await stop(app);
  });

  it('refunds, and never resends, a message the SMSC dropped the link on', async () => {
    const app = await start();
    const c = await customer(app, '1.00');
    smsc.state.dropAfter = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: { cookie: c.cookie },
      payload: { senderId: 'Parley', recipient: '+447400100009', message: 'Dropped' },
    });
    expect(res.statusCode).toBe(201);
    const row = await until(
      () =>
        rows<{ status: string; error: string }>(
          sql`select status, error from sms_messages where id = ${res.json().id}`,
        ),
      (r) => r[0]?.status === 'failed',
    );
    expect(row[0]?.error).toContain(NOT_RESENT);
    expect(await balanceOf(database, c.id)).toBe('1.00');
    await new Promise((r) => setTimeout(r, 300));
    expect(smsc.submitted.filter((s) => s.destination === '447400100009')).toHaveLength(0);
    await stop(app);
  });

  it('applies a receipt to the part with exactly that id before any other form of it', async () => {
    const { ids } = await queuedOnly(['+447400100011', '+447400100012'], 'Ids');
    // As if the SMSC had answered "10" for one and "16" for the other.
    const repo = { ...createSmsOutboxRepo(database.db), ...createSmsSettleRepo(database.db) };
    for (const [id, upstream] of [
      [ids[0], '10'],
      [ids[1], '16'],
    ] as const) {
      await database.db.execute(sql`update sms_messages set status = 'sending' where id = ${id}`);
      await repo.markSent([{ id: id ?? '', upstreamIds: [upstream] }], new Date());
    }
    // "10" is also the decimal form of hex "a" and the hex form of decimal 16.
    await repo.applyReceipt(
      receiptIdCandidates('10'),
      '+447400100011',
      'delivered',
      '',
      new Date(),
    );
    const status = async (id?: string) =>
      (await rows<{ status: string }>(sql`select status from sms_messages where id = ${id}`))[0]
        ?.status;
    expect([await status(ids[0]), await status(ids[1])]).toEqual(['delivered', 'sent']);
    // A receipt quoting 22 (hex 16) finds "16" once no part is called "22".
    await repo.applyReceipt(
      receiptIdCandidates('22'),
      '+447400100012',
      'delivered',
      '',
      new Date(),
    );
    expect(await status(ids[1])).toBe('delivered');
  });

  it('delivers a message of two parts whose receipts come at the same moment', async () => {
    const app = await start();
    const c = await customer(app, '5.00');
    smsc.state.refuseBinds = true;
    smsc.dropAll();
    const PAIRS = 20;
    const recipient = (n: number) => `+4474001003${String(n).padStart(2, '0')}`;
    const ids: string[] = [];
    for (let n = 0; n <= PAIRS; n++)
      ids.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/sms/send',
            headers: { cookie: c.cookie },
            payload: { senderId: 'Parley', recipient: recipient(n), message: 'Two parts' },
          })
        ).json().id,
      );
    await stop(app);
    smsc.state.refuseBinds = false;
    const repo = { ...createSmsOutboxRepo(database.db), ...createSmsSettleRepo(database.db) };
    for (const [n, id] of ids.entries()) {
      await database.db.execute(sql`update sms_messages set status = 'sending' where id = ${id}`);
      await repo.markSent([{ id, upstreamIds: [`race-${n}-1`, `race-${n}-2`] }], new Date());
    }
    const last = ids.pop() ?? '';
    const receipt = (n: number, part: number) =>
      repo.applyReceipt([`race-${n}-${part}`], recipient(n), 'delivered', '', new Date());
    const stored = async (id: string) =>
      (await database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
    // One after the other: the first part leaves the message sent, its repeat changes
    // nothing, the second delivers it and answers with the message as stored.
    expect(await receipt(PAIRS, 1)).toEqual({ outcome: 'applied', row: null });
    expect((await stored(last))?.status).toBe('sent');
    expect(await receipt(PAIRS, 1)).toEqual({ outcome: 'settled' });
    const both = await receipt(PAIRS, 2);
    expect(both.row).toMatchObject({ id: last, status: 'delivered', userId: c.id });
    expect(both.row).toEqual(await stored(last));
    // All at once, as several SMPP sessions or instances would apply them: each
    // message's two parts and a repeat of its first. On PostgreSQL they race (without
    // the message's lock some pairs each see the other part still sent, and neither
    // delivers); PGlite runs one transaction at a time.
    const outcomes = await Promise.all(
      ids.flatMap((_, n) => [1, 2, 1].map((part) => receipt(n, part))),
    );
    const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length;
    expect([count('applied'), count('settled')]).toEqual([2 * PAIRS, PAIRS]);
    const delivered = await rows<{ id: string }>(
      sql`select id from sms_messages where user_id = ${c.id} and status = 'delivered'`,
    );
    expect(delivered).toHaveLength(PAIRS + 1);
    // Each message answered once with its delivery (so one webhook), never twice.
    expect(new Set(outcomes.flatMap((o) => (o.row ? [o.row.id] : []))).size).toBe(PAIRS);
    expect(outcomes.filter((o) => o.row).length).toBe(PAIRS);
  });

  it('applies receipts that come together in one transaction, each as it would alone', async () => {
    const repo = settleRepo();
    const a = await sentOnly(['+447400100031', '+447400100032', '+447400100033'], (n) =>
      n === 0 ? ['tg-t1', 'tg-t2'] : [`tg-${n}`],
    );
    const [two = '', failing = '', untouched = ''] = a.ids;
    const before = await balanceOf(database, a.userId);
    const results = await repo.applyReceipts(
      [
        one('tg-t1', '+447400100031'),
        one('tg-t1', '+447400100031'),
        one('tg-t2', '+447400100031'),
        one('tg-none', '+447400100031'),
        one('tg-2', '+447400999999'),
        one('tg-1', '+447400100032', 'failed'),
      ],
      new Date(),
    );
    expect(results.map((r) => r.outcome)).toEqual([
      'applied',
      'settled',
      'applied',
      'unknown',
      'mismatch',
      'applied',
    ]);
    expect(results[0]?.row).toBeNull();
    expect(results[2]?.row).toMatchObject({ id: two, status: 'delivered' });
    expect(results[5]?.row).toMatchObject({ id: failing, status: 'failed', error: 'UNDELIV' });
    expect([await statusOf(two), await statusOf(failing), await statusOf(untouched)]).toEqual([
      'delivered',
      'failed',
      'sent',
    ]);
    expect(Number(await balanceOf(database, a.userId))).toBeGreaterThan(Number(before));

    // Two such transactions at once, on other messages of the same two customers, each
    // refunding them in the opposite order of its receipts: neither waits on the other in
    // a cycle (PostgreSQL would abort one), and each message is refunded once.
    const x = await sentOnly(['+447400100041', '+447400100042'], (n) => [`tx-${n}`]);
    const y = await sentOnly(['+447400100051', '+447400100052'], (n) => [`ty-${n}`]);
    const results2 = await Promise.all([
      repo.applyReceipts(
        [one('tx-0', '+447400100041', 'failed'), one('ty-0', '+447400100051', 'failed')],
        new Date(),
      ),
      repo.applyReceipts(
        [one('ty-1', '+447400100052', 'failed'), one('tx-1', '+447400100042', 'failed')],
        new Date(),
      ),
    ]);
    expect(results2.flat().map((r) => r.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    for (const id of [...x.ids, ...y.ids]) {
      expect(await statusOf(id)).toBe('failed');
      expect(
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from ledger_entries where kind = 'refund' and reference = ${`sms:${id}`}`,
          )
        )[0]?.n,
      ).toBe(1);
    }

    // A receipt whose id reads two ways (hex "30" is decimal 48) and its repeat: together
    // they settle what they would one transaction after the other.
    const both = await sentOnly(['+447400100061', '+447400100061'], (n) => [n === 0 ? '30' : '48']);
    const alone = await sentOnly(['+447400100062', '+447400100062'], (n) => [
      n === 0 ? '31' : '49',
    ]);
    const together = await repo.applyReceipts(
      [one('', '+447400100061'), one('', '+447400100061')].map((r) => ({
        ...r,
        ids: receiptIdCandidates('30'),
      })),
      new Date(),
    );
    const apart = [];
    for (let n = 0; n < 2; n++)
      apart.push(
        await repo.applyReceipt(
          receiptIdCandidates('31'),
          '+447400100062',
          'delivered',
          '',
          new Date(),
        ),
      );
    expect(together.map((r) => r.outcome)).toEqual(apart.map((r) => r.outcome));
    expect(await Promise.all(both.ids.map(statusOf))).toEqual(
      await Promise.all(alone.ids.map(statusOf)),
    );
  });

  it('settles a batch of receipts as it would one by one: a failed part wins, webhooks once', async () => {
    const repo = settleRepo();
    // Two messages of two parts; in each, one part's receipt says delivered and the
    // other's failed (in both orders), all in one transaction.
    const m = await sentOnly(['+447400100071', '+447400100072'], (n) => [`tm-${n}a`, `tm-${n}b`]);
    const mixed = await repo.applyReceipts(
      [
        one('tm-0a', '+447400100071'),
        one('tm-0b', '+447400100071', 'failed'),
        one('tm-1a', '+447400100072', 'failed'),
        one('tm-1b', '+447400100072'),
      ],
      new Date(),
    );
    expect(mixed.map((r) => [r.outcome, r.row?.status ?? null])).toEqual([
      ['applied', null],
      ['applied', 'failed'],
      ['applied', 'failed'],
      ['applied', null],
    ]);
    for (const id of m.ids) {
      expect(await statusOf(id)).toBe('failed');
      const refunds = await rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_entries where kind = 'refund' and reference = ${`sms:${id}`}`,
      );
      expect(refunds[0]?.n).toBe(1);
    }

    // Delivered messages of two customers, only one of whom asked for sms.delivered:
    // one delivery per message of that customer, none for the other.
    const hooked = await sentOnly(['+447400100081', '+447400100082'], (n) => [`tw-${n}`]);
    const plain = await sentOnly(['+447400100083'], () => ['tw-plain']);
    await database.db.execute(sql`insert into webhook_endpoints (user_id, url, events, secret)
      values (${hooked.userId}, 'https://hooks.example/parley', array['sms.delivered'], 'sealed')`);
    const delivered = await repo.applyReceipts(
      [
        one('tw-0', '+447400100081'),
        one('tw-plain', '+447400100083'),
        one('tw-1', '+447400100082'),
      ],
      new Date(),
    );
    expect(delivered.map((r) => [r.row?.id, r.row?.status])).toEqual(
      [hooked.ids[0], plain.ids[0], hooked.ids[1]].map((id) => [id, 'delivered']),
    );
    const hooks = await rows<{ event: string; id: string; status: string }>(sql`
      select d.event, d.payload->'data'->>'id' as id, d.payload->'data'->>'status' as status
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where e.user_id in (${hooked.userId}, ${plain.userId})`);
    expect(hooks.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
      [...hooked.ids].sort().map((id) => ({ event: 'sms.delivered', id, status: 'delivered' })),
    );
  });

  // PGlite runs one transaction at a time: a second one cannot hold the lock meanwhile.
  it.runIf(onPostgres)(
    'answers settled for a part another transaction settled while the batch waited',
    async () => {
      const repo = settleRepo();
      const m = await sentOnly(['+447400100091'], () => ['ts-a', 'ts-b']);
      const id = m.ids[0] ?? '';
      let finish = () => {};
      const finished = new Promise<void>((r) => {
        finish = r;
      });
      let holding = () => {};
      const held = new Promise<void>((r) => {
        holding = r;
      });
      // Another transaction delivers part b under the message's lock and keeps it.
      const other = database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from sms_messages where id = ${id} for no key update`);
        await tx.execute(sql`update sms_parts set status = 'delivered' where upstream_id = 'ts-b'`);
        holding();
        await finished;
      });
      await held;
      const batch = repo.applyReceipts(
        [one('ts-a', '+447400100091'), one('ts-b', '+447400100091')],
        new Date(),
      );
      const waiting = async () =>
        (
          await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)
        )[0]?.n ?? 0;
      expect(await until(waiting, (n) => n > 0)).toBeGreaterThan(0);
      finish();
      await other;
      // The batch read part b as sent before the lock was granted: its receipt finds it
      // settled, and the message, complete with part a, is told to a's receipt.
      const results = await batch;
      expect(results.map((r) => [r.outcome, r.row?.id ?? null])).toEqual([
        ['applied', id],
        ['settled', null],
      ]);
      expect(await statusOf(id)).toBe('delivered');
    },
  );

  it('marks and records several messages in one write each, leaving a lost claim alone', async () => {
    const { ids, userId } = await queuedOnly(
      ['+447400100021', '+447400100022', '+447400100023', '+447400100024'],
      'Shared',
    );
    const [m1 = '', m2 = '', m3 = '', m4 = ''] = ids;
    // As a claim leaves them: sending, first try, leased for a minute; m4's lease ran out.
    await database.db.execute(sql`update sms_messages set status = 'sending', attempts = 1,
      claimed_until = now() + interval '1 minute' where user_id = ${userId}`);
    await database.db.execute(
      sql`update sms_messages set claimed_until = now() - interval '1 second' where id = ${m4}`,
    );
    const repo = createSmsOutboxRepo(database.db);
    // m2 was recovered and claimed again meanwhile: its count is not the one we hold.
    const at = new Date();
    const renewed = await repo.renewLeases(
      [
        { id: m1, attempt: 1 },
        { id: m2, attempt: 2 },
        { id: m3, attempt: 1 },
        { id: m4, attempt: 1 },
      ],
      at,
      120_000,
    );
    expect(renewed.sort()).toEqual([m1, m3].sort());
    const handed = await rows<{ id: string; handed: boolean }>(
      sql`select id, handed_at is not null as handed from sms_messages where user_id = ${userId}`,
    );
    expect(Object.fromEntries(handed.map((h) => [h.id, h.handed]))).toEqual({
      [m1]: true,
      [m2]: false,
      [m3]: true,
      [m4]: false,
    });

    // m4 was failed and refunded by recovery meanwhile: its record changes nothing of it.
    await database.db.execute(sql`update sms_messages set status = 'failed' where id = ${m4}`);
    await repo.markSent(
      [
        { id: m1, upstreamIds: ['s-1'] },
        { id: m4, upstreamIds: ['s-4'] },
        { id: m3, upstreamIds: ['s-3a', 's-3b'] },
      ],
      new Date(),
    );
    const after = await rows<{ id: string; status: string; accepted: string[] }>(
      sql`select id, status, accepted_parts as accepted from sms_messages where user_id = ${userId}`,
    );
    expect(Object.fromEntries(after.map((m) => [m.id, [m.status, m.accepted]]))).toEqual({
      [m1]: ['sent', ['s-1']],
      [m2]: ['sending', []],
      [m3]: ['sent', ['s-3a', 's-3b']],
      [m4]: ['failed', []],
    });
    const parts = await rows<{ upstream_id: string; message_id: string; part: number }>(
      sql`select upstream_id, message_id, part from sms_parts where message_id in (${m1}, ${m3}) order by upstream_id`,
    );
    expect(parts).toEqual([
      { upstream_id: 's-1', message_id: m1, part: 1 },
      { upstream_id: 's-3a', message_id: m3, part: 1 },
      { upstream_id: 's-3b', message_id: m3, part: 2 },
    ]);
  });

  it('keeps messages queued through an outage, then sends them', async () => {
    smsc.state.refuseBinds = true;
    smsc.dropAll();
    const app = await start();
    const c = await customer(app, '1.00');
    const res = await app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: { cookie: c.cookie },
      payload: { senderId: 'Parley', recipient: '+447400100002', message: 'Waiting' },
    });
    expect(res.statusCode).toBe(201);
    const tried = await until(
      () =>
        rows<{ attempts: number; status: string }>(
          sql`select attempts, status from sms_messages where id = ${res.json().id}`,
        ),
      // Tried twice and back in the queue (between tries it is briefly 'sending').
      (r) => (r[0]?.attempts ?? 0) >= 2 && r[0]?.status === 'queued',
    );
    expect(tried[0]).toMatchObject({ status: 'queued' });
    smsc.state.refuseBinds = false;
    expect(
      await until(
        () => statuses(c.id),
        (s) => s.delivered === 1,
      ),
    ).toEqual({ delivered: 1 });
    expect(smsc.submitted.filter((s) => s.destination === '447400100002')).toHaveLength(1);
    await stop(app);
  });

  it('loses nothing and sends nothing twice across a restart mid-batch', async () => {
    const first = await start({ SMPP_SUBMITS_PER_SECOND: '10' });
    const c = await customer(first, '10.00');
    const recipients = Array.from(
      { length: 40 },
      (_, i) => `+4474002001${String(i).padStart(2, '0')}`,
    );
    const sent = await first.inject({
      method: 'POST',
      url: '/api/sms/bulk/send',
      headers: { cookie: c.cookie },
      payload: { senderId: 'Parley', message: 'Batch across a restart', recipients },
    });
    expect(sent.statusCode).toBe(201);
    await until(
      () => statuses(c.id),
      (s) => (s.sent ?? 0) + (s.delivered ?? 0) >= 5,
    );
    await stop(first); // a clean shutdown part-way through
    const midway = await statuses(c.id);
    expect(midway.queued ?? 0).toBeGreaterThan(0);
    expect(midway.sending ?? 0).toBe(0);

    const second = await start();
    const done = await until(
      () => statuses(c.id),
      (s) => s.delivered === 40,
      15_000,
    );
    expect(done).toEqual({ delivered: 40 });
    for (const r of recipients)
      expect(
        smsc.submitted.filter((s) => `+${s.destination}` === r),
        r,
      ).toHaveLength(1);
    await ledgerAgrees(second);
    await stop(second);
  });

  it('after a crash, fails and refunds a message caught mid-send rather than risk sending it twice', async () => {
    smsc.state.refuseBinds = true;
    smsc.dropAll();
    const app = await start();
    const c = await customer(app, '1.00');
    const res = await app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: { cookie: c.cookie },
      payload: { senderId: 'Parley', recipient: '+447400100003', message: 'Crash' },
    });
    await stop(app);
    // As a crashed instance leaves it: handed to the gateway, its lease run out.
    await database.db.execute(sql`update sms_messages set status = 'sending', handed_at = now(),
      claimed_until = now() - interval '1 minute' where id = ${res.json().id}`);
    smsc.state.refuseBinds = false;
    const next = await start();
    const row = await until(
      () =>
        rows<{ status: string; error: string }>(
          sql`select status, error from sms_messages where id = ${res.json().id}`,
        ),
      (r) => r[0]?.status === 'failed',
    );
    expect(row[0]).toEqual({ status: 'failed', error: ABANDONED });
    expect(await balanceOf(database, c.id)).toBe('1.00');
    expect(smsc.submitted.filter((s) => s.destination === '447400100003')).toHaveLength(0);
    await ledgerAgrees(next);
    await stop(next);
  });
});
