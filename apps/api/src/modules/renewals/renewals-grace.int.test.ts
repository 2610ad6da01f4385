import { monthlyPeriodStart } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, queryRows, send, until } from '../../../test/helpers.js';
import { callCharges, EDGE_SECRET, edge, moneyOf, sipCaller } from '../../../test/voice.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';

// Per-second billing, and German numbers at £1.00 a minute so the arithmetic reads plainly.
const ENV = { VOICE_EDGE_SECRET: EDGE_SECRET, VOICE_BILLING_INCREMENTS: '1/1' };
const ME = '+447400111333';
const DE = '+4915112345679';
const DAY = 86_400_000;

const ctx = useTestApp({
  env: ENV,
  deps: () => ({
    instanceId: 'grace-main',
    voice: { gateway: createSandboxVoiceGateway(), priceCacheMs: 0 },
  }),
  seedCatalogue: true,
});
beforeAll(async () => {
  await ctx.database.db.execute(
    sql`update country_pricing set voip_price = 1.0000, currency = 'GBP' where country_code = 'DE'`,
  );
  await ctx.app.ready();
});

/** A customer with `gbp`, a verified caller ID and a SIP account. */
const caller = (gbp: string) => sipCaller(ctx, gbp, ME);

/**
 * The catalogue's Starter plan (2000 minutes, 10 concurrent calls, £99.00 a month) bought
 * 40 days ago: its first renewal fell due 10 or so days ago and is run now, on a balance
 * that cannot pay it, so the plan is in grace.
 */
async function starterInGrace(userId: string) {
  const anchor = new Date(Date.now() - 40 * DAY);
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
        paid_with, billing_period, renews_at, renewal_charge, created_at)
      select ${userId}, 'package', p.id, p.name, p.price, 'GBP', p.price, 'balance', 'monthly',
        ${monthlyPeriodStart(anchor, 1).toISOString()}::timestamptz, p.price,
        ${anchor.toISOString()}::timestamptz
      from packages p join services s on s.id = p.service_id
      where s.slug = 'voip' and p.name = 'Starter'
      returning id`,
  );
  if (!row) throw new Error('no Starter plan');
  await ctx.app.renewalJob.runOnce();
  expect(await statusOf(row.id)).toBe('grace');
  return row.id;
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      ctx.database,
      sql`select status from orders where id = ${id}`,
    )
  )[0]?.status;

const quote = async (cookie: string) => {
  const res = await send(
    ctx.app,
    'GET',
    `/api/sip/quote?destination=${encodeURIComponent(DE)}`,
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { includedSecondsLeft: number | null; maxSeconds: number };
};

const includedMinutes = async (cookie: string) =>
  (await send(ctx.app, 'GET', '/api/sip/monitoring/overview', cookie)).json().included
    .minutesPerPeriod as number | null;

const renewalRows = (orderId: string) =>
  queryRows<{ amount: string }>(
    ctx.database,
    sql`select amount::text from ledger_entries where reference like ${`renewal:${orderId}:%`}`,
  );

describe('a plan in grace (its renewal unpaid)', () => {
  it('gives no included minutes: three calls at once on £0.10 are rated at the normal price', async () => {
    const c = await caller('0.10');
    const id = await starterInGrace(c.id);
    // The quote and the monitoring page show no included minutes, and the longest call £0.10 buys.
    expect(await quote(c.cookie)).toMatchObject({ includedSecondsLeft: 0, maxSeconds: 6 });
    expect(await includedMinutes(c.cookie)).toBe(0);
    const asks = [1, 2, 3].map((n) => ({
      edgeCallId: `grace-${n}-${c.id}`,
      username: c.username,
      destination: DE,
      callerId: ME,
    }));
    const answers = (await Promise.all(asks.map((a) => edge(ctx.app, 'authorise', a)))).map((r) =>
      r.json(),
    );
    // The plan's lines still count (10), but the balance covers six seconds of one call only.
    const allowed = answers.filter((a) => a.allow);
    expect(allowed).toHaveLength(1);
    expect(allowed[0].maxSeconds).toBe(6);
    expect(answers.filter((a) => !a.allow).map((a) => a.reason)).toEqual([
      'INSUFFICIENT_BALANCE',
      'INSUFFICIENT_BALANCE',
    ]);
    // Each reports 63 seconds of talk: the allowed call is billed at the price, for its six.
    const answeredAt = new Date(Date.now() - 63_000).toISOString();
    for (const a of asks) {
      await edge(ctx.app, 'progress', {
        edgeCallId: a.edgeCallId,
        state: 'answered',
        at: answeredAt,
      });
      await edge(ctx.app, 'end', { edgeCallId: a.edgeCallId, cause: 'normal', by: 'caller' });
    }
    expect(await callCharges(ctx.database, allowed[0].callId)).toEqual([{ amount: '-0.1000' }]);
    const [used] = await queryRows<{ s: number }>(
      ctx.database,
      sql`select coalesce(sum(included_seconds), 0)::int as s from calls where user_id = ${c.id}`,
    );
    expect(used?.s).toBe(0);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });

    // Ending it in grace charges nothing more and grants nothing more.
    const off = await send(ctx.app, 'PUT', `/api/subscriptions/${id}`, c.cookie, {
      autoRenew: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('cancelled');
    expect(await renewalRows(id)).toEqual([]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
    await ctx.database.db.execute(sql`update users set crypto_balance = 1 where id = ${c.id}`);
    expect(await quote(c.cookie)).toMatchObject({ includedSecondsLeft: 0, maxSeconds: 60 });
  });

  it('gives its minutes again once the renewal is paid, for the period paid', async () => {
    const c = await caller('0.10');
    const id = await starterInGrace(c.id);
    expect((await quote(c.cookie)).includedSecondsLeft).toBe(0);
    const admin = await adminSession(ctx, 'grace-admin@example.com');
    const credit = await send(ctx.app, 'POST', `/api/admin/users/${c.id}/adjustments`, admin, {
      direction: 'credit',
      amount: '100',
      note: 'Bank transfer',
      requestId: crypto.randomUUID(),
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    // The top-up pays the renewal at once: the plan is active for the period running now.
    expect(
      await until(
        () => statusOf(id),
        (s) => s === 'active',
      ),
    ).toBe('active');
    expect(await renewalRows(id)).toEqual([{ amount: '-99.0000' }]);
    expect((await quote(c.cookie)).includedSecondsLeft).toBe(120_000);
    expect(await includedMinutes(c.cookie)).toBe(2000);
  });
});
