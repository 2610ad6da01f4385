import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { EDGE_SECRET, edge, moneyOf, verifyCallerId } from '../../../test/voice.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

// Per-second billing and GBP prices, so the limits read plainly.
const ENV = { VOICE_EDGE_SECRET: EDGE_SECRET, VOICE_BILLING_INCREMENTS: '1/1' };
const ME = '+447400111222';
const DE = '+4915112345678';
const GB = '+447400123456';
// Calls never answer by themselves here: a call's hold stays until it is ended.
const SLOW = { ringMs: 60_000, answerMs: 120_000, noAnswerMs: 180_000, farEndHangupMs: 240_000 };

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp(ENV, {
    voice: { gateway: createSandboxVoiceGateway(SLOW), priceCacheMs: 0 },
  });
  await seedCatalogueOnce(ctx.database.db);
  await ctx.app.ready();
  await ctx.database.db.execute(
    sql`update country_pricing set currency = 'GBP', voip_price = case country_code
        when 'DE' then 0.6000 else 0.0100 end, sms_price = 0.0400
        where country_code in ('DE', 'GB')`,
  );
});
afterAll(() => ctx.close());

const NONE = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
  lowBalanceAlert: null,
};

async function caller(gbp: string, body: object) {
  const c = await fundedCustomer(ctx.app, ctx.database, gbp);
  await verifyCallerId(ctx.app, ctx.database, c.cookie, ME);
  const username = (await send(ctx.app, 'GET', '/api/sip/account', c.cookie)).json().username;
  const saved = await send(ctx.app, 'PUT', '/api/account/guardrails', c.cookie, {
    ...NONE,
    ...body,
  });
  expect(saved.statusCode).toBe(200);
  return { ...c, username: username as string };
}
const place = (cookie: string, destination: string) =>
  send(ctx.app, 'POST', '/api/sip/call', cookie, { callerId: ME, destination });
const callsOf = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from calls where user_id = ${userId}`,
    )
  )[0]?.n;

describe('a call beyond the limits', () => {
  it('is refused by country, in the sandbox and on the edge, writing nothing', async () => {
    const c = await caller('10.00', { voiceCountries: ['GB'] });
    const before = await moneyOf(ctx.database, c.id);
    const res = await place(c.cookie, DE);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'GUARDRAIL_COUNTRY',
      params: { service: 'voice', country: 'DE' },
    });
    const quote = await send(
      ctx.app,
      'GET',
      `/api/sip/quote?destination=${encodeURIComponent(DE)}`,
      c.cookie,
    );
    expect(quote.json().error.code).toBe('GUARDRAIL_COUNTRY');
    const denied = await edge(ctx.app, 'authorise', {
      edgeCallId: `country-${c.id}`,
      username: c.username,
      destination: DE,
      callerId: ME,
    });
    expect(denied.json()).toMatchObject({ allow: false, reason: 'SPENDING_LIMIT', sipStatus: 403 });
    expect(await callsOf(c.id)).toBe(0);
    expect(await moneyOf(ctx.database, c.id)).toEqual(before);
  });

  it('is refused by its price a minute', async () => {
    const c = await caller('10.00', { maxMinutePrice: '0.50' });
    const res = await place(c.cookie, DE);
    expect(res.json().error).toMatchObject({
      code: 'GUARDRAIL_PRICE',
      params: { country: 'DE', price: '0.60', limit: '0.50' },
    });
    expect(await callsOf(c.id)).toBe(0);
  });

  it('is shortened by the daily cap, and refused when the cap leaves not one increment', async () => {
    const c = await caller('10.00', { dailySpendCap: '0.3050' });
    // £0.305 at £0.60 a minute, per second: 30 seconds (the balance alone covers 16 minutes).
    const first = await place(c.cookie, DE);
    expect(first.statusCode).toBe(201);
    expect(first.json().maxSeconds).toBe(30);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '10.0000', held: '0.3000' });
    // Its hold counts: £0.005 is left today, less than a second at £0.60 a minute.
    const second = await place(c.cookie, DE);
    expect(second.json().error).toMatchObject({
      code: 'GUARDRAIL_DAILY_CAP',
      params: { cap: '0.305', remaining: '0.005' },
    });
    // An SMS is refused by the same cap while the call holds it.
    const sms = await send(ctx.app, 'POST', '/api/sms/send', c.cookie, {
      senderId: 'Parley',
      recipient: GB,
      message: 'Hi',
    });
    expect(sms.json().error.code).toBe('GUARDRAIL_DAILY_CAP');
    expect(await callsOf(c.id)).toBe(1);
    await send(ctx.app, 'DELETE', `/api/sip/calls/${first.json().id}`, c.cookie);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '10.0000', held: '0.0000' });
  });

  it('two calls asked at once share the cap, never both past it', async () => {
    const c = await caller('10.00', { dailySpendCap: '0.60' });
    const asks = [1, 2].map((n) =>
      edge(ctx.app, 'authorise', {
        edgeCallId: `cap-${n}-${c.id}`,
        username: c.username,
        destination: DE,
        callerId: ME,
      }).then((r) => r.json()),
    );
    const answers = await Promise.all(asks);
    const allowed = answers.filter((a) => a.allow);
    expect(allowed).toHaveLength(1);
    expect(allowed[0].maxSeconds).toBe(60);
    expect(answers.find((a) => !a.allow)).toMatchObject({ reason: 'SPENDING_LIMIT' });
    expect((await moneyOf(ctx.database, c.id))?.held).toBe('0.6000');
    for (const n of [1, 2])
      await edge(ctx.app, 'end', {
        edgeCallId: `cap-${n}-${c.id}`,
        cause: 'cancelled',
        by: 'caller',
      });
  });
});
