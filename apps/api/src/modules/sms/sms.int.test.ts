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
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

const UK = '+447400123456';
let admin: string;

const ctx = useTestApp({
  deps: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
  seedCatalogue: true,
  ready: true,
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'sms-admin@example.com');
});
afterEach(async () => {
  expect((await call('GET', '/api/admin/ledger/check', admin)).json().mismatches).toEqual([]);
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);

const customer = (gbp: string) => fundedCustomer(ctx.app, ctx.database, gbp);
const statusOf = async (id: string) =>
  (await rows<{ status: string }>(sql`select status from sms_messages where id = ${id}`))[0]
    ?.status;

describe('an SMS quote', () => {
  it('prices segments × the destination price, converted to GBP', async () => {
    const c = await customer('0');
    // The UK price in the seed is 0.0400 USD a segment, at 0.79 GBP per USD.
    const one = await call('POST', '/api/sms/quote', c.cookie, {
      senderId: 'Parley',
      recipient: UK,
      message: 'Hello',
    });
    expect(one.json()).toMatchObject({ encoding: 'GSM-7', segments: 1, country: 'GB' });
    const arabic = await call('POST', '/api/sms/quote', c.cookie, {
      senderId: 'Parley',
      recipient: UK,
      message: 'م'.repeat(160),
    });
    expect(arabic.json()).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    const unit = (
      await rows<{ p: string; cur: string }>(
        sql`select sms_price::text as p, currency as cur from country_pricing where country_code = 'GB'`,
      )
    )[0];
    expect(unit?.cur).toBe('USD');
    const expected = (Math.ceil(Number(unit?.p) * 3 * 10_000) / 10_000) * 0.79;
    expect(Number(arabic.json().price)).toBeCloseTo(Math.ceil(expected * 10_000) / 10_000, 4);
  });
});

describe('sending an SMS', () => {
  it('refuses bad input with 400/402/422 and writes nothing', async () => {
    const c = await customer('1.00');
    const poor = await customer('0.04');
    const base = { senderId: 'Parley', recipient: UK, message: 'Hi' };
    const cases: [unknown, string | null, number, string][] = [
      [{ ...base, senderId: '' }, c.cookie, 400, 'Sender ID is required'],
      [
        { ...base, senderId: 'ABCDEFGHIJKL' },
        c.cookie,
        400,
        'Sender ID must be 11 characters or less',
      ],
      [{ ...base, recipient: '' }, c.cookie, 400, 'Recipient is required'],
      [{ ...base, recipient: '0123' }, c.cookie, 400, 'Invalid phone number format'],
      [{ ...base, message: '' }, c.cookie, 400, 'Message is required'],
      [
        { ...base, message: 'x'.repeat(161) },
        c.cookie,
        400,
        'Message must be 160 characters or less',
      ],
      [{ ...base, recipient: '+99912345' }, c.cookie, 400, 'Invalid phone number format'],
      [{ ...base, recipient: '+74951234567' }, c.cookie, 422, 'DESTINATION_NOT_SUPPORTED'],
      [base, poor.cookie, 402, 'INSUFFICIENT_BALANCE'],
      [base, null, 401, 'UNAUTHORIZED'],
    ];
    for (const [payload, cookie, status, text] of cases) {
      const res = await call('POST', '/api/sms/send', cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(res.json().error), JSON.stringify(payload)).toContain(text);
    }
    const written = await rows<{ n: number }>(sql`select count(*)::int as n from sms_messages`);
    expect(written[0]?.n).toBe(0);
    expect(await balanceOf(ctx.database, c.id)).toBe('1.00');
  });

  it('charges exactly the quote, then the sandbox delivers it', async () => {
    const c = await customer('1.00');
    const body = { senderId: 'Parley', recipient: UK, message: 'Your code is 1234' };
    const quote = (await call('POST', '/api/sms/quote', c.cookie, body)).json();
    const res = await call('POST', '/api/sms/send', c.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'queued', cost: quote.price, recipient: UK });
    const left = await balanceOf(ctx.database, c.id);
    expect(Number(left)).toBeCloseTo(1 - Number(quote.price), 4);
    expect(
      await until(
        () => statusOf(res.json().id),
        (s) => s === 'delivered',
      ),
    ).toBe('delivered');
    const history = (await call('GET', '/api/sms/history', c.cookie)).json();
    // The message as sent, now delivered: the history's raw read answers as the send did.
    const { sender: _, ...sent } = res.json();
    expect(history).toEqual({
      total: 1,
      page: 1,
      pageSize: 20,
      items: [{ ...sent, status: 'delivered' }],
    });
  });

  it('sends and charges once for one request id, however often it is repeated', async () => {
    const c = await customer('1.00');
    const requestId = crypto.randomUUID();
    const body = { senderId: 'Parley', recipient: UK, message: 'Double click', requestId };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/sms/send', c.cookie, body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id))).toEqual(new Set([requestId]));
    const sent = await rows<{ n: number }>(
      sql`select count(*)::int as n from sms_messages where user_id = ${c.id}`,
    );
    expect(sent[0]?.n).toBe(1);
    expect(Number(await balanceOf(ctx.database, c.id))).toBeCloseTo(
      1 - Number(results[0]?.json().cost),
      4,
    );
  });

  it('refunds a failed delivery exactly once', async () => {
    const c = await customer('1.00');
    const res = await call('POST', '/api/sms/send', c.cookie, {
      senderId: 'Parley',
      recipient: '+447400120000',
      message: 'Will fail',
    });
    expect(res.statusCode).toBe(201);
    expect(
      await until(
        () => statusOf(res.json().id),
        (s) => s === 'failed',
      ),
    ).toBe('failed');
    expect(await balanceOf(ctx.database, c.id)).toBe('1.00');
    const refunds = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where kind = 'refund' and reference = ${`sms:${res.json().id}`}`,
    );
    expect(refunds[0]?.n).toBe(1);
  });

  it('with balance for N messages, 3N concurrent sends accept exactly N', async () => {
    const body = { senderId: 'Parley', recipient: UK, message: 'Race' };
    const probe = await customer('1.00');
    const price = (await call('POST', '/api/sms/quote', probe.cookie, body)).json().price as string;
    const n = 5;
    // Enough for N: the N-th starts at or above the 0.05 minimum, the next below it.
    const funds = (0.05 + Number(price) * (n - 1) + Number(price) / 2).toFixed(4);
    const c = await customer(funds);
    const results = await Promise.all(
      Array.from({ length: 3 * n }, () => call('POST', '/api/sms/send', c.cookie, body)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(n);
    expect(codes.filter((s) => s === 402)).toHaveLength(2 * n);
    const left = await balanceOf(ctx.database, c.id);
    expect(Number(left)).toBeCloseTo(Number(funds) - n * Number(price), 4);
    expect(Number(left)).toBeGreaterThanOrEqual(0);
  });
});

describe('a bulk send', () => {
  it('previews valid and invalid lines with the total, then sends the batch', async () => {
    const c = await customer('5.00');
    const file = `recipient\n${UK}\n+447400123457\nnot-a-number\n+447400123457\n+74951234567\n`;
    const preview = await call('POST', '/api/sms/bulk/preview', c.cookie, {
      senderId: 'Parley',
      message: 'Sale today',
      file,
    });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.valid.map((v: { recipient: string }) => v.recipient)).toEqual([UK, '+447400123457']);
    expect(p.invalid).toEqual([
      {
        line: 4,
        value: 'not-a-number',
        reason: 'Invalid phone number format',
        code: 'RECIPIENT_INVALID',
        params: {},
      },
      {
        line: 5,
        value: '+447400123457',
        reason: 'Duplicate',
        code: 'RECIPIENT_DUPLICATE',
        params: {},
      },
      {
        line: 6,
        value: '+74951234567',
        reason: 'Destination not supported (RU)',
        code: 'DESTINATION_NOT_SUPPORTED',
        params: { country: 'RU' },
      },
    ]);
    const sent = await call('POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Sale today',
      recipients: p.valid.map((v: { recipient: string }) => v.recipient),
    });
    expect(sent.statusCode).toBe(201);
    const { batchId } = sent.json();
    const batch = await until(
      async () => (await call('GET', `/api/sms/batches/${batchId}`, c.cookie)).json(),
      (b) => b.delivered === 2,
    );
    expect(batch).toMatchObject({ total: 2, delivered: 2, failed: 0, cost: p.total });
    // Another customer cannot read it, nor see its messages.
    const other = await customer('0');
    expect((await call('GET', `/api/sms/batches/${batchId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/sms/history', other.cookie)).json().total).toBe(0);
    expect(Number(await balanceOf(ctx.database, c.id))).toBeCloseTo(5 - Number(p.total), 4);
  });

  it('refuses bad uploads and recipient lists with 400, writing nothing', async () => {
    const c = await customer('5.00');
    const body = { senderId: 'Parley', message: 'Hi' };
    const cases: [string, unknown, string][] = [
      ['/api/sms/bulk/preview', { ...body, file: '' }, 'The file is empty'],
      ['/api/sms/bulk/preview', { ...body, file: 'x'.repeat(600 * 1024) }, 'larger than 512 KB'],
      ['/api/sms/bulk/preview', { ...body, file: '"+44740012' }, 'Unterminated quote'],
      [
        '/api/sms/bulk/preview',
        { ...body, file: `name,email\nAda,ada@example.com\n` },
        'RECIPIENT_COLUMN_MISSING',
      ],
      ['/api/sms/bulk/preview', { ...body, message: '', file: UK }, 'Message is required'],
      ['/api/sms/bulk/send', { ...body, recipients: [] }, 'No recipients'],
      ['/api/sms/bulk/send', { ...body, recipients: 'not a list' }, 'body.recipients'],
      ['/api/sms/bulk/send', { ...body, recipients: [UK, 'abc'] }, 'Invalid phone number format'],
      ['/api/sms/bulk/send', { ...body, recipients: [UK, '+74951234567'] }, 'Cannot send to'],
      [
        '/api/sms/bulk/send',
        { ...body, recipients: Array.from({ length: 5001 }, () => UK) },
        'At most 5000 recipients',
      ],
    ];
    for (const [url, payload, text] of cases) {
      const res = await call('POST', url, c.cookie, payload);
      expect(res.statusCode, text).toBe(400);
      expect(JSON.stringify(res.json().error), text).toContain(text);
    }
    const batches = await rows<{ n: number }>(
      sql`select count(*)::int as n from sms_batches where user_id = ${c.id}`,
    );
    expect(batches[0]?.n).toBe(0);
    expect(await balanceOf(ctx.database, c.id)).toBe('5.00');
  });

  it('sends one message a number, however the number was written', async () => {
    const c = await customer('1.00');
    const res = await call('POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Once',
      recipients: [UK, UK.slice(1), '+44 7400 123456'],
    });
    expect([res.statusCode, res.json().count]).toEqual([201, 1]);
  });

  it('is refused whole when the balance does not cover the batch', async () => {
    const c = await customer('0.05');
    const recipients = Array.from(
      { length: 10 },
      (_, i) => `+4474001234${String(i).padStart(2, '0')}`,
    );
    const res = await call('POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Too many',
      recipients,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'INSUFFICIENT_BALANCE']);
    const written = await rows<{ n: number }>(
      sql`select count(*)::int as n from sms_messages where user_id = ${c.id}`,
    );
    expect(written[0]?.n).toBe(0);
  });
});

describe('the admin', () => {
  it('sees which gateway SMS go through', async () => {
    const res = await call('GET', '/api/admin/sms/status', admin);
    expect(res.json()).toMatchObject({ mode: 'sandbox', connected: true });
  });
});
