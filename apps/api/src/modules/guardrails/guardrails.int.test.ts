import type { DomainEvent } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  fundedCustomer,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';
import { createGuardrailsRepo } from './guardrails.repo.js';

const UK = '+447400123456';
const DE = '+4915112345678';
const US = '+12125550123';
const PATH = '/api/account/guardrails';
const NONE = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
  lowBalanceAlert: null,
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { sms: { gateway: createSandboxGateway({ delayMs: 30 }) } });
  await seedCatalogueOnce(ctx.database.db);
  await ctx.app.ready();
  // Prices in GBP so the limits read plainly: an SMS costs £0.04 to GB, £0.085 to DE.
  await ctx.database.db.execute(
    sql`update country_pricing set currency = 'GBP', sms_price = case country_code
        when 'GB' then 0.0400 when 'DE' then 0.0850 else sms_price end
        where country_code in ('GB', 'DE', 'US')`,
  );
  admin = await adminSession(ctx, 'guardrails-admin@example.com');
});
afterAll(() => ctx.close());
afterEach(async () => {
  const check = await send(ctx.app, 'GET', '/api/admin/ledger/check', admin);
  expect(check.json().mismatches).toEqual([]);
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const customer = (gbp = '10.00') => fundedCustomer(ctx.app, ctx.database, gbp);
const limits = (cookie: string, body: object) =>
  send(ctx.app, 'PUT', PATH, cookie, { ...NONE, ...body });
const sms = (cookie: string, recipient: string, message = 'Hi') =>
  send(ctx.app, 'POST', '/api/sms/send', cookie, { senderId: 'Parley', recipient, message });

/** What a refused charge must leave untouched. */
async function footprint(userId: string) {
  const [row] = await rows<{ balance: string; ledger: number; sms: number }>(sql`
    select (select crypto_balance::text from users where id = ${userId}) as balance,
      (select count(*)::int from ledger_entries where user_id = ${userId}) as ledger,
      (select count(*)::int from sms_messages where user_id = ${userId}) as sms`);
  return row;
}

/** A debit (or credit) written as the ledger writes it, dated `at`. */
async function ledger(userId: string, amount: string, kind: string, at: Date) {
  await ctx.database.db.execute(sql`
    with u as (update users set crypto_balance = crypto_balance + ${amount}::numeric
      where id = ${userId} returning id, crypto_balance)
    insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, created_at)
    select id, ${amount}::numeric, 'GBP', ${kind}, ${`test:${kind}:${at.toISOString()}:${amount}`},
      crypto_balance, ${at.toISOString()}::timestamptz from u`);
}

describe('the guardrails endpoints', () => {
  it('are only for signed-in customers', async () => {
    expect((await send(ctx.app, 'GET', PATH, null)).statusCode).toBe(401);
    expect((await send(ctx.app, 'PUT', PATH, null, NONE)).statusCode).toBe(401);
  });

  it('start with no limits, then keep what the customer saves, each customer their own', async () => {
    const ada = await customer();
    const grace = await customer();
    expect((await send(ctx.app, 'GET', PATH, ada.cookie)).json()).toEqual({
      ...NONE,
      spentToday: '0.00',
      updatedAt: null,
    });
    const saved = await limits(ada.cookie, {
      dailySpendCap: '5',
      smsCountries: ['GB', 'FR', 'GB'],
      voiceCountries: ['DE'],
      maxSmsPrice: '0.045',
      maxMinutePrice: '0.1000',
      lowBalanceAlert: '2.50',
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      dailySpendCap: '5.00',
      smsCountries: ['FR', 'GB'],
      voiceCountries: ['DE'],
      maxSmsPrice: '0.045',
      maxMinutePrice: '0.10',
      lowBalanceAlert: '2.50',
      spentToday: '0.00',
      updatedAt: expect.any(String),
    };
    expect(saved.json()).toEqual(expected);
    expect((await send(ctx.app, 'GET', PATH, ada.cookie)).json()).toEqual(expected);
    // Another customer neither sees nor changes them.
    expect((await send(ctx.app, 'GET', PATH, grace.cookie)).json()).toMatchObject(NONE);
    await limits(grace.cookie, { dailySpendCap: '1' });
    expect((await send(ctx.app, 'GET', PATH, ada.cookie)).json()).toEqual(expected);
    // Saving again replaces them: null lifts a limit.
    await limits(ada.cookie, { smsCountries: ['US'] });
    expect((await send(ctx.app, 'GET', PATH, ada.cookie)).json()).toMatchObject({
      ...NONE,
      smsCountries: ['US'],
    });
  });

  it.each([
    [{ dailySpendCap: '-1' }, 'body.dailySpendCap', 'LIMIT_AMOUNT_INVALID'],
    [{ dailySpendCap: '1.23456' }, 'body.dailySpendCap', 'LIMIT_AMOUNT_INVALID'],
    [{ dailySpendCap: '1e3' }, 'body.dailySpendCap', 'LIMIT_AMOUNT_INVALID'],
    [{ maxSmsPrice: 5 }, 'body.maxSmsPrice', 'INVALID_TYPE'],
    [{ maxMinutePrice: '' }, 'body.maxMinutePrice', 'REQUIRED'],
    // Too many digits is too large, not malformed.
    [{ lowBalanceAlert: '99999999' }, 'body.lowBalanceAlert', 'AMOUNT_TOO_LARGE'],
    [{ smsCountries: [] }, 'body.smsCountries', 'COUNTRIES_EMPTY'],
    [{ smsCountries: ['gb'] }, 'body.smsCountries.0', 'COUNTRY_UNKNOWN'],
    [{ voiceCountries: ['GB', 'XX'] }, 'body.voiceCountries.1', 'COUNTRY_UNKNOWN'],
    [{ voiceCountries: 'GB' }, 'body.voiceCountries', 'INVALID_TYPE'],
  ])('refuse %j naming the field, and change nothing', async (body, path, code) => {
    const c = await customer();
    await limits(c.cookie, { dailySpendCap: '3' });
    const before = (await send(ctx.app, 'GET', PATH, c.cookie)).json();
    const res = await limits(c.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path, code }));
    expect((await send(ctx.app, 'GET', PATH, c.cookie)).json()).toEqual(before);
  });

  it('refuses a missing field and control characters', async () => {
    const c = await customer();
    const { dailySpendCap: _, ...missing } = NONE;
    const res = await send(ctx.app, 'PUT', PATH, c.cookie, missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(
      'body.dailySpendCap',
    );
    const nul = await limits(c.cookie, { smsCountries: ['G\u0000B'] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('VALIDATION_FAILED');
    expect((await send(ctx.app, 'GET', PATH, c.cookie)).json().updatedAt).toBeNull();
  });
});

describe('an SMS beyond the limits', () => {
  it('is refused by country before anything is charged, and the quote says so', async () => {
    const c = await customer();
    await limits(c.cookie, { smsCountries: ['GB'] });
    const before = await footprint(c.id);
    const res = await sms(c.cookie, US);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'GUARDRAIL_COUNTRY',
      params: { service: 'sms', country: 'US' },
      message: 'Your spending limits do not allow SMS to US.',
    });
    expect(await footprint(c.id)).toEqual(before);
    const quote = await send(ctx.app, 'POST', '/api/sms/quote', c.cookie, {
      senderId: 'Parley',
      recipient: US,
      message: 'Hi',
    });
    expect(quote.json().error.code).toBe('GUARDRAIL_COUNTRY');
    expect((await sms(c.cookie, UK)).statusCode).toBe(201);
  });

  it('is refused by its price per SMS (one segment), not by a long message', async () => {
    const c = await customer();
    await limits(c.cookie, { maxSmsPrice: '0.05' });
    const before = await footprint(c.id);
    const res = await sms(c.cookie, DE);
    expect(res.json().error).toMatchObject({
      code: 'GUARDRAIL_PRICE',
      params: { country: 'DE', price: '0.085', limit: '0.05' },
    });
    expect(await footprint(c.id)).toEqual(before);
    // Three segments to GB cost £0.12, but each is £0.04: within the limit.
    expect((await sms(c.cookie, UK, 'م'.repeat(160))).statusCode).toBe(201);
  });

  it("counts today's net debits and refunds, not yesterday's, deposits or adjustments", async () => {
    const c = await customer('20.00');
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    await ledger(c.id, '-5.0000', 'charge', yesterday);
    await ledger(c.id, '-1.0000', 'purchase', now);
    await ledger(c.id, '-0.5000', 'charge', now);
    await ledger(c.id, '0.2000', 'refund', now);
    await ledger(c.id, '-3.0000', 'adjustment', now);
    await ledger(c.id, '4.0000', 'deposit', now);
    await limits(c.cookie, { dailySpendCap: '1.3400' });
    expect((await send(ctx.app, 'GET', PATH, c.cookie)).json().spentToday).toBe('1.30');
    // £1.30 spent, £0.04 left: one SMS fits, the next does not.
    expect((await sms(c.cookie, UK)).statusCode).toBe(201);
    const before = await footprint(c.id);
    const res = await sms(c.cookie, UK);
    expect(res.json().error).toMatchObject({
      code: 'GUARDRAIL_DAILY_CAP',
      params: { cap: '1.34', spent: '1.34', remaining: '0.00' },
    });
    expect(await footprint(c.id)).toEqual(before);
  });

  it('lets concurrent sends through only as far as the cap', async () => {
    const c = await customer();
    await limits(c.cookie, { dailySpendCap: '0.10' });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sms(c.cookie, UK)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 422, 422, 422]);
    const [spent] = await rows<{ s: string }>(
      sql`select (-sum(amount))::text as s from ledger_entries where user_id = ${c.id} and kind = 'charge'`,
    );
    expect(Number(spent?.s)).toBeCloseTo(0.08, 4);
  });

  it('bulk: the preview skips the lines the limits refuse, and a send with one is refused whole', async () => {
    const c = await customer();
    await limits(c.cookie, { smsCountries: ['GB', 'DE'], maxSmsPrice: '0.05' });
    const preview = await send(ctx.app, 'POST', '/api/sms/bulk/preview', c.cookie, {
      senderId: 'Parley',
      message: 'Hi',
      file: `${UK}\n${US}\n${DE}\n`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().valid.map((v: { recipient: string }) => v.recipient)).toEqual([UK]);
    expect(preview.json().invalid).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'GUARDRAIL_COUNTRY',
        params: expect.objectContaining({ country: 'US' }),
      }),
      expect.objectContaining({
        line: 3,
        code: 'GUARDRAIL_PRICE',
        params: expect.objectContaining({ country: 'DE' }),
      }),
    ]);
    const before = await footprint(c.id);
    const bulk = await send(ctx.app, 'POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Hi',
      recipients: [UK, US],
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().error).toMatchObject({
      code: 'GUARDRAIL_COUNTRY',
      params: { country: 'US', recipient: US },
    });
    expect(await footprint(c.id)).toEqual(before);
    // A batch over the cap is refused whole as well.
    await limits(c.cookie, { dailySpendCap: '0.05' });
    const capped = await send(ctx.app, 'POST', '/api/sms/bulk/send', c.cookie, {
      senderId: 'Parley',
      message: 'Hi',
      recipients: [UK, '+447400123457'],
    });
    expect(capped.json().error.code).toBe('GUARDRAIL_DAILY_CAP');
    expect(await footprint(c.id)).toEqual(before);
  });
});

describe('the low-balance alert', () => {
  it('notifies once per crossing, again after a top-up and a new crossing', async () => {
    const c = await customer('10.00');
    const heard: DomainEvent[] = [];
    const off = ctx.app.events.subscribe((e) => {
      if (e.type === 'notification.created' && e.data.userId === c.id) heard.push(e);
    });
    const notices = () =>
      rows<{ code: string; params: Record<string, string>; email_due: string | null }>(
        sql`select code, params, email_due from notifications where user_id = ${c.id} order by created_at`,
      );
    await limits(c.cookie, { lowBalanceAlert: '5' });
    await ctx.app.lowBalance.runOnce();
    expect(await notices()).toEqual([]);
    await ledger(c.id, '-6.0000', 'charge', new Date());
    await ctx.app.lowBalance.runOnce();
    await ctx.app.lowBalance.runOnce();
    expect(await notices()).toEqual([
      {
        code: 'balance.low',
        params: { balance: '4.00', threshold: '5.00' },
        email_due: expect.anything(),
      },
    ]);
    // Back above it: cleared, nothing said; under it again: told again.
    await ledger(c.id, '3.0000', 'deposit', new Date());
    await ctx.app.lowBalance.runOnce();
    expect(await notices()).toHaveLength(1);
    await ledger(c.id, '-4.0000', 'charge', new Date());
    await ctx.app.lowBalance.runOnce();
    expect((await notices()).map((n) => n.params)).toEqual([
      { balance: '4.00', threshold: '5.00' },
      { balance: '3.00', threshold: '5.00' },
    ]);
    // Delivered after they are stored: wait for both, and a moment for any third.
    await until(
      async () => heard,
      (h) => h.length >= 2,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.map((e) => e.type)).toEqual(['notification.created', 'notification.created']);
    off();
  });

  it('two instances at once tell the customer once', async () => {
    const c = await customer('1.00');
    await limits(c.cookie, { lowBalanceAlert: '2' });
    const [one, two] = [
      createGuardrailsRepo(ctx.database.db),
      createGuardrailsRepo(ctx.database.db),
    ];
    const at = new Date();
    await Promise.all([one.notifyLow(at, 100), two.notifyLow(new Date(at.getTime() + 1), 100)]);
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${c.id}`,
    );
    expect(n?.n).toBe(1);
  });
});
