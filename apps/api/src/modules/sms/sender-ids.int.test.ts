import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  balanceOf,
  fundedCustomer,
  type Method,
  queryRows,
  send,
} from '../../../test/helpers.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

const UK = '+447400123456';
const PREMIUM = '+449098790000';
const SHARED_COST = '+33820123456';
let admin: string;
// Many requests a test, on a machine that may be busy: generous, never a timing assertion.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ctx = useTestApp({
  env: { SMS_SENDER_PENDING_MAX: '2' },
  deps: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
  seedCatalogue: true,
  ready: true,
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'sender-admin@example.com');
});
afterEach(async () => {
  expect((await call('GET', '/api/admin/ledger/check', admin)).json().mismatches).toEqual([]);
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const customer = (gbp = '5.00') => fundedCustomer(ctx.app, ctx.database, gbp);
const sms = (senderId: string, recipient = UK) => ({ senderId, recipient, message: 'Hello' });
const ask = (cookie: string, senderId: string, reason = 'Order updates for our shop') =>
  call('POST', '/api/sms/senders', cookie, { senderId, reason });
const auditOf = (id: string) =>
  rows<{ action: string; actor_id: string; before: unknown; after: unknown; ip: string | null }>(
    sql`select action, actor_id, before, after, ip from audit_log
        where target_type = 'sender_id' and target_id = ${id} order by created_at`,
  );
const messagesOf = (userId: string) =>
  rows<{ n: number }>(sql`select count(*)::int as n from sms_messages where user_id = ${userId}`);

describe('an unapproved sender ID', () => {
  it('sends with the brand sender and says so, in the quote and in the answer', async () => {
    const c = await customer();
    const quote = await call('POST', '/api/sms/quote', c.cookie, sms('Acme'));
    expect(quote.json().sender).toEqual({
      requested: 'Acme',
      used: 'Parley',
      status: 'not_requested',
    });
    const sent = await call('POST', '/api/sms/send', c.cookie, sms('Acme'));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      senderId: 'Parley',
      sender: { requested: 'Acme', used: 'Parley', status: 'not_requested' },
    });
    const [row] = await rows<{ sender_id: string }>(
      sql`select sender_id from sms_messages where id = ${sent.json().id}`,
    );
    expect(row?.sender_id).toBe('Parley');
  });

  it('is used once an admin approves it, and the decision is audited', async () => {
    const c = await customer();
    const asked = await ask(c.cookie, 'Acme');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      senderId: 'Acme',
      status: 'pending',
      kind: 'alphanumeric',
    });
    const id = asked.json().id as string;

    const waiting = await call('POST', '/api/sms/send', c.cookie, sms('Acme'));
    expect(waiting.json()).toMatchObject({ senderId: 'Parley', sender: { status: 'pending' } });

    const pending = await call('GET', '/api/admin/sender-ids?status=pending', admin);
    expect(pending.json().items.map((i: { id: string }) => i.id)).toContain(id);

    const approved = await call('POST', `/api/admin/sender-ids/${id}/approve`, admin, {
      note: 'Known brand',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', adminNote: 'Known brand' });

    // Letter case does not matter: the approved spelling goes out.
    const quote = await call('POST', '/api/sms/quote', c.cookie, sms('ACME'));
    expect(quote.json().sender).toEqual({ requested: 'ACME', used: 'Acme', status: 'approved' });
    const sent = await call('POST', '/api/sms/send', c.cookie, sms('Acme'));
    expect(sent.json()).toMatchObject({ senderId: 'Acme', sender: { status: 'approved' } });

    const mine = (await call('GET', '/api/sms/senders', c.cookie)).json();
    expect(mine).toMatchObject({ defaultSender: 'Parley', pendingMax: 2 });
    expect(mine.requests[0]).toMatchObject({ id, status: 'approved' });

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'sender_id.approve',
      before: { status: 'pending', senderId: 'Acme', userId: c.id },
      after: { status: 'approved', adminNote: 'Known brand' },
    });
    expect(audit[0]?.actor_id).toBeTruthy();
    expect(audit[0]?.ip).toBeTruthy();

    // A second decision changes nothing and writes no second audit row.
    const again = await call('POST', `/api/admin/sender-ids/${id}/reject`, admin, { note: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_DECIDED');
    expect(await auditOf(id)).toHaveLength(1);

    // Another customer's "Acme" is not approved by this.
    const other = await customer();
    const theirs = await call('POST', '/api/sms/send', other.cookie, sms('Acme'));
    expect(theirs.json()).toMatchObject({
      senderId: 'Parley',
      sender: { status: 'not_requested' },
    });
  });

  it('still sends with the brand sender after a rejection, which needs a note', async () => {
    const c = await customer();
    const id = (await ask(c.cookie, 'Bank Co')).json().id as string;
    const bare = await call('POST', `/api/admin/sender-ids/${id}/reject`, admin, {});
    expect(bare.statusCode).toBe(400);
    const rejected = await call('POST', `/api/admin/sender-ids/${id}/reject`, admin, {
      note: 'Looks like a bank',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', adminNote: 'Looks like a bank' });
    const sent = await call('POST', '/api/sms/send', c.cookie, sms('Bank Co'));
    expect(sent.json()).toMatchObject({ senderId: 'Parley', sender: { status: 'rejected' } });
    expect(await auditOf(id)).toMatchObject([
      { action: 'sender_id.reject', after: { status: 'rejected', adminNote: 'Looks like a bank' } },
    ]);
    // After a rejection the customer may ask again.
    expect((await ask(c.cookie, 'Bank Co', 'It is our registered trading name')).statusCode).toBe(
      201,
    );
  });

  it('cannot be decided by a customer or a visitor', async () => {
    const c = await customer();
    const id = (await ask(c.cookie, 'SelfOK')).json().id as string;
    for (const action of ['approve', 'reject']) {
      const url = `/api/admin/sender-ids/${id}/${action}`;
      expect((await call('POST', url, c.cookie, { note: 'mine' })).statusCode).toBe(403);
      expect((await call('POST', url, null, { note: 'mine' })).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/admin/sender-ids', c.cookie)).statusCode).toBe(403);
    const [row] = await rows<{ status: string }>(
      sql`select status from sender_ids where id = ${id}`,
    );
    expect(row?.status).toBe('pending');
    expect(await auditOf(id)).toHaveLength(0);
  });
});

describe('asking for a sender ID', () => {
  it('refuses bad input, repeats and more than the pending limit, writing nothing', async () => {
    const c = await customer();
    const cases: [object, string][] = [
      [{ senderId: 'ABCDEFGHIJKL', reason: 'Order updates' }, 'VALIDATION_FAILED'],
      [{ senderId: '+4474001234567890', reason: 'Order updates' }, 'VALIDATION_FAILED'],
      [{ senderId: 'Acme!', reason: 'Order updates' }, 'VALIDATION_FAILED'],
      [{ senderId: 'Acme', reason: 'short' }, 'VALIDATION_FAILED'],
      [{ senderId: 'Acme', reason: 'Order\u0000updates here' }, 'VALIDATION_FAILED'],
      [{ senderId: 'Parley', reason: 'Order updates here' }, 'SENDER_ID_NOT_NEEDED'],
    ];
    for (const [body, code] of cases) {
      const res = await call('POST', '/api/sms/senders', c.cookie, body);
      expect(res.json().error?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await ask(c.cookie, 'One')).statusCode).toBe(201);
    const repeat = await ask(c.cookie, ' one ');
    expect(repeat.json().error.code).toBe('SENDER_ID_ALREADY_REQUESTED');
    expect((await ask(c.cookie, '447400111222')).json()).toMatchObject({ kind: 'numeric' });
    const third = await ask(c.cookie, 'Three');
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('SENDER_ID_PENDING_LIMIT');
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sender_ids where user_id = ${c.id}`,
    );
    expect(n?.n).toBe(2);
    expect(
      (await call('POST', '/api/sms/senders', null, { senderId: 'X1', reason: 'x' })).statusCode,
    ).toBe(401);
  });

  it('keeps to the pending limit under concurrent requests', async () => {
    const c = await customer();
    const answers = await Promise.all(
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((s) => ask(c.cookie, s)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
  });
});

describe("a customer's own number", () => {
  it('is used as the sender without approval; another number is not', async () => {
    const c = await customer('200.00');
    const [number] = await rows<{ id: string; number: string }>(
      sql`select id, number from did_numbers where status = 'available' order by number limit 1`,
    );
    if (!number) throw new Error('no number to buy');
    expect((await call('POST', '/api/orders', c.cookie, { itemId: number.id })).statusCode).toBe(
      201,
    );

    const sent = await call('POST', '/api/sms/send', c.cookie, sms(number.number));
    expect(sent.json()).toMatchObject({
      senderId: number.number,
      sender: { used: number.number, status: 'owned' },
    });
    // Written without the +, it is still theirs.
    const bare = await call('POST', '/api/sms/quote', c.cookie, sms(number.number.slice(1)));
    expect(bare.json().sender.status).toBe('owned');
    expect((await ask(c.cookie, number.number)).json().error.code).toBe('SENDER_ID_NOT_NEEDED');

    const other = await customer();
    const theirs = await call('POST', '/api/sms/send', other.cookie, sms(number.number));
    expect(theirs.json()).toMatchObject({
      senderId: 'Parley',
      sender: { status: 'not_requested' },
    });
  });
});

describe('premium-rate and shared-cost destinations', () => {
  it('are refused for a single message, with no charge', async () => {
    const c = await customer('1.00');
    for (const [recipient, code] of [
      [PREMIUM, 'PREMIUM_RATE_DESTINATION'],
      [SHARED_COST, 'SHARED_COST_DESTINATION'],
    ] as const) {
      for (const url of ['/api/sms/quote', '/api/sms/send']) {
        const res = await call('POST', url, c.cookie, sms('Parley', recipient));
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe(code);
      }
    }
    expect(await balanceOf(ctx.database, c.id)).toBe('1.00');
    expect((await messagesOf(c.id))[0]?.n).toBe(0);
  });

  it('are invalid lines of a bulk preview, and refuse a bulk send, with no charge', async () => {
    const c = await customer('1.00');
    const preview = await call('POST', '/api/sms/bulk/preview', c.cookie, {
      senderId: 'Acme',
      message: 'Hello',
      file: `number\n${UK}\n${PREMIUM}\n${SHARED_COST}\n`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().valid).toHaveLength(1);
    expect(preview.json().invalid).toMatchObject([
      { line: 3, value: PREMIUM, code: 'PREMIUM_RATE_DESTINATION' },
      { line: 4, value: SHARED_COST, code: 'SHARED_COST_DESTINATION' },
    ]);
    expect(preview.json().sender).toMatchObject({ used: 'Parley', status: 'not_requested' });

    const bulk = await call('POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Hello',
      recipients: [UK, PREMIUM],
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().error.code).toBe('PREMIUM_RATE_DESTINATION');
    expect(await balanceOf(ctx.database, c.id)).toBe('1.00');
    expect((await messagesOf(c.id))[0]?.n).toBe(0);

    const ok = await call('POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Acme',
      message: 'Hello',
      recipients: [UK],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ count: 1, sender: { used: 'Parley' } });
  });
});
