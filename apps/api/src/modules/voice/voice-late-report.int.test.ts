import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  fundedCustomer,
  queryRows,
  send,
} from '../../../test/helpers.js';
import { callCharges, EDGE_SECRET, edge, moneyOf, verifyCallerId } from '../../../test/voice.js';
import type { VoiceGateway } from '../../integrations/voice/port.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

// Per-second billing and German numbers at £0.60 a minute: a penny a second.
const ENV = {
  VOICE_GATEWAY: 'sip',
  VOICE_EDGE_SECRET: EDGE_SECRET,
  VOICE_BILLING_INCREMENTS: '1/1',
};
const ME = '+447400111222';
const DE = '+4915112345678';

/** The edge as Parley's hang-ups reach it: each asked Call-ID, and whether the edge had it. */
const edgeHangups: string[] = [];
let edgeHasDialog = true;
const gateway: VoiceGateway = {
  mode: 'sip',
  connected: () => true,
  dial() {},
  hangup: () => false,
  async endOnEdge(edgeCallId) {
    edgeHangups.push(edgeCallId);
    return edgeHasDialog;
  },
  running: () => [],
  onEvent() {},
  async close() {},
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp(ENV, { voice: { gateway, priceCacheMs: 0 } });
  await seedCatalogueOnce(ctx.database.db);
  await ctx.database.db.execute(
    sql`update country_pricing set voip_price = 0.6, currency = 'GBP' where country_code = 'DE'`,
  );
  await ctx.app.ready();
  admin = await adminSession(ctx, 'late-admin@example.com');
});
afterAll(() => ctx.close());

/** A customer's call authorised by the edge, then settled unanswered by the deadline job
 * because the edge's reports did not reach Parley in time. */
async function settledUnanswered(gbp: string) {
  const c = await fundedCustomer(ctx.app, ctx.database, gbp);
  await verifyCallerId(ctx.app, ctx.database, c.cookie, ME);
  const username = (await send(ctx.app, 'GET', '/api/sip/account', c.cookie)).json().username;
  const edgeCallId = `late-${c.id}`;
  const allowed = (
    await edge(ctx.app, 'authorise', { edgeCallId, username, destination: DE })
  ).json();
  expect(allowed.allow).toBe(true);
  await ctx.database.db.execute(
    sql`update calls set created_at = now() - interval '10 minutes',
        deadline_at = now() - interval '1 second' where id = ${allowed.callId}`,
  );
  await ctx.app.voiceJobs.tick();
  expect(await row(allowed.callId)).toMatchObject({ status: 'no_answer', cost: '0.0000' });
  expect(await moneyOf(ctx.database, c.id)).toMatchObject({ held: '0.0000' });
  return { ...c, edgeCallId, callId: allowed.callId as string, maxSeconds: allowed.maxSeconds };
}

const row = async (id: string) =>
  (
    await queryRows<{
      status: string;
      cost: string | null;
      duration: number | null;
      hangup_cause: string | null;
      late: boolean;
      uncharged: string | null;
    }>(
      ctx.database,
      sql`select status, cost::text, duration, hangup_cause, late_report_at is not null as late,
          uncharged::text from calls where id = ${id}`,
    )
  )[0];

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe('a report that arrives after the deadline job settled the call unanswered', () => {
  it('ends a call still up at the edge, bills the talk time it reports once, and flags it', async () => {
    edgeHasDialog = true;
    const c = await settledUnanswered('5.00');
    const answeredAt = ago(120);
    const late = await edge(ctx.app, 'progress', {
      edgeCallId: c.edgeCallId,
      state: 'answered',
      at: answeredAt,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ callId: c.callId, status: 'answered' });
    // Parley asked the edge to hang up, and holds the balance again meanwhile.
    expect(edgeHangups).toEqual([c.edgeCallId]);
    expect(await row(c.callId)).toMatchObject({ status: 'answered', late: true });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '5.0000', held: '5.0000' });

    const endedAt = new Date(Date.parse(answeredAt) + 90_000).toISOString();
    const end = { edgeCallId: c.edgeCallId, cause: 'normal', by: 'caller', endedAt };
    expect((await edge(ctx.app, 'end', end)).json()).toMatchObject({ status: 'ended' });
    expect(await row(c.callId)).toMatchObject({
      status: 'ended',
      duration: 90,
      cost: '0.9000',
      hangup_cause: 'deadline',
      late: true,
      uncharged: null,
    });
    expect(await callCharges(ctx.database, c.callId)).toEqual([{ amount: '-0.9000' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '4.1000', held: '0.0000' });

    // The same reports again change nothing and hang up nothing.
    await edge(ctx.app, 'progress', {
      edgeCallId: c.edgeCallId,
      state: 'answered',
      at: answeredAt,
    });
    await edge(ctx.app, 'end', end);
    expect(edgeHangups).toEqual([c.edgeCallId]);
    expect(await callCharges(ctx.database, c.callId)).toEqual([{ amount: '-0.9000' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '4.1000', held: '0.0000' });

    // Admins see it flagged, and so does the customer's history.
    const listed = (await send(ctx.app, 'GET', '/api/admin/calls', admin)).json();
    const mine = listed.items.find((i: { id: string }) => i.id === c.callId);
    expect(mine).toMatchObject({ status: 'ended', cost: '0.90', uncharged: null });
    expect(mine.lateReportAt).toEqual(expect.any(String));
    const history = (await send(ctx.app, 'GET', '/api/sip/history', c.cookie)).json();
    expect(history.items[0].lateReportAt).toEqual(expect.any(String));
  });

  it('charges what the balance still covers when it was spent meanwhile, and records the rest', async () => {
    edgeHasDialog = true;
    const c = await settledUnanswered('1.00');
    // Spent on something else since the call was settled: 30p left.
    await ctx.database.db.execute(sql`
      with u as (update users set crypto_balance = crypto_balance - 0.7 where id = ${c.id}
                 returning id, crypto_balance)
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after)
      select id, -0.7, 'GBP', 'adjustment', ${`spent:${c.id}`}, crypto_balance from u`);
    const hangupsBefore = edgeHangups.length;
    // The end alone, saying when it was answered: a minute's talk, 60p. Both times from
    // one clock reading: two readings a millisecond apart bill a 61st second.
    const endedAt = Date.now();
    const ended = await edge(ctx.app, 'end', {
      edgeCallId: c.edgeCallId,
      cause: 'normal',
      by: 'callee',
      answeredAt: new Date(endedAt - 60_000).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
    });
    expect(ended.json()).toMatchObject({ status: 'ended' });
    // It has ended: nothing to hang up.
    expect(edgeHangups).toHaveLength(hangupsBefore);
    expect(await row(c.callId)).toMatchObject({
      status: 'ended',
      cost: '0.3000',
      uncharged: '0.3000',
      late: true,
    });
    expect(await callCharges(ctx.database, c.callId)).toEqual([{ amount: '-0.3000' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
    const listed = (await send(ctx.app, 'GET', '/api/admin/calls', admin)).json();
    expect(listed.items.find((i: { id: string }) => i.id === c.callId)).toMatchObject({
      uncharged: '0.30',
    });
  });

  it('keeps the cause the edge reports when the call had already ended there', async () => {
    edgeHasDialog = false;
    const c = await settledUnanswered('5.00');
    const answeredAt = ago(30);
    await edge(ctx.app, 'progress', {
      edgeCallId: c.edgeCallId,
      state: 'answered',
      at: answeredAt,
    });
    expect(edgeHangups.at(-1)).toBe(c.edgeCallId);
    const endedAt = new Date(Date.parse(answeredAt) + 20_000).toISOString();
    await edge(ctx.app, 'end', {
      edgeCallId: c.edgeCallId,
      cause: 'normal',
      by: 'callee',
      endedAt,
    });
    expect(await row(c.callId)).toMatchObject({
      status: 'ended',
      duration: 20,
      cost: '0.2000',
      hangup_cause: 'normal',
    });
  });
});
