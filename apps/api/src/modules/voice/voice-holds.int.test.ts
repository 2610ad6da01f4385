import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  generousLimits,
  queryRows,
  send,
  TEST_SESSION_SECRET,
  testConfig,
  until,
} from '../../../test/helpers.js';
import {
  callCharges,
  callRow,
  EDGE_SECRET,
  edge,
  moneyOf,
  sipCaller,
} from '../../../test/voice.js';
import { buildApp } from '../../app.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';

// Per-second billing, and German numbers priced in GBP so the arithmetic reads plainly.
const ENV = { VOICE_EDGE_SECRET: EDGE_SECRET, VOICE_BILLING_INCREMENTS: '1/1' };
const ME = '+447400111222';
const DE = '+4915112345678';
const FAST = { ringMs: 20, answerMs: 30, noAnswerMs: 60, farEndHangupMs: 80 };

const ctx = useTestApp({
  env: ENV,
  deps: () => ({
    instanceId: 'voice-main',
    voice: { gateway: createSandboxVoiceGateway(FAST), priceCacheMs: 0 },
  }),
  seedCatalogue: true,
  ready: true,
});

const priceGermany = (perMinute: string) =>
  ctx.database.db.execute(
    sql`update country_pricing set voip_price = ${perMinute}::numeric, currency = 'GBP' where country_code = 'DE'`,
  );

const caller = (gbp: string) => sipCaller(ctx, gbp, ME);

describe('holds on the balance', () => {
  it('three calls at once on a balance covering two minutes never spend more than it', async () => {
    await priceGermany('0.1000');
    const c = await caller('0.20');
    const asks = [1, 2, 3].map((n) => ({
      edgeCallId: `hold-${n}-${c.id}`,
      username: c.username,
      destination: DE,
      callerId: ME,
    }));
    const answers = (await Promise.all(asks.map((a) => edge(ctx.app, 'authorise', a)))).map((r) =>
      r.json(),
    );
    const allowed = answers.filter((a) => a.allow);
    // The first takes all of it: two minutes. The others find nothing left to hold.
    expect(allowed).toHaveLength(1);
    expect(allowed[0].maxSeconds).toBe(120);
    expect(answers.filter((a) => !a.allow).map((a) => a.reason)).toEqual([
      'INSUFFICIENT_BALANCE',
      'INSUFFICIENT_BALANCE',
    ]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.2000', held: '0.2000' });
    // Nothing else may spend held money either: an SMS is refused while the call runs.
    const sms = await send(ctx.app, 'POST', '/api/sms/send', c.cookie, {
      senderId: 'Parley',
      recipient: '+447400123456',
      message: 'Hi',
    });
    expect(sms.statusCode).toBe(402);
    // All three report ten minutes of talk; only the allowed call is billed, at its maximum.
    const answeredAt = new Date(Date.now() - 600_000).toISOString();
    for (const a of asks) {
      await edge(ctx.app, 'progress', {
        edgeCallId: a.edgeCallId,
        state: 'answered',
        at: answeredAt,
      });
      await edge(ctx.app, 'end', { edgeCallId: a.edgeCallId, cause: 'normal', by: 'caller' });
    }
    expect(await callCharges(ctx.database, allowed[0].callId)).toEqual([{ amount: '-0.2000' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
  });

  it('the concurrency limit (2 with no plan) refuses a third call', async () => {
    await priceGermany('0.0100');
    const c = await caller('50.00');
    const ask = (n: number) =>
      edge(ctx.app, 'authorise', {
        edgeCallId: `limit-${n}-${c.id}`,
        username: c.username,
        destination: DE,
        callerId: ME,
      }).then((r) => r.json());
    expect((await ask(1)).allow).toBe(true);
    expect((await ask(2)).allow).toBe(true);
    expect(await ask(3)).toMatchObject({
      allow: false,
      reason: 'CONCURRENT_CALL_LIMIT',
      sipStatus: 486,
    });
    for (const n of [1, 2])
      await edge(ctx.app, 'end', {
        edgeCallId: `limit-${n}-${c.id}`,
        cause: 'cancelled',
        by: 'caller',
      });
    expect((await ask(4)).allow).toBe(true);
    await edge(ctx.app, 'end', { edgeCallId: `limit-4-${c.id}`, cause: 'cancelled', by: 'caller' });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '50.0000', held: '0.0000' });
  });
});

describe('the credit cut-off', () => {
  it('ends a sandbox call at its maximum and bills exactly that', async () => {
    await priceGermany('3.0000');
    const c = await caller('0.10');
    const placed = await send(ctx.app, 'POST', '/api/sip/call', c.cookie, {
      callerId: ME,
      destination: DE,
    });
    // £0.10 at £3.00 a minute, per second: two seconds.
    expect(placed.json().maxSeconds).toBe(2);
    const row = await until(
      () => callRow(ctx.database, placed.json().id),
      (r) => r?.status === 'ended',
      6000,
    );
    expect(row).toMatchObject({
      status: 'ended',
      hangup_cause: 'cutoff',
      duration: 2,
      cost: '0.1000',
    });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
  });

  it('settles an edge call never reported at its deadline, at its maximum', async () => {
    await priceGermany('0.6000');
    const c = await caller('1.00');
    const edgeCallId = `silent-${c.id}`;
    const allowed = (
      await edge(ctx.app, 'authorise', {
        edgeCallId,
        username: c.username,
        destination: DE,
        callerId: ME,
      })
    ).json();
    expect(allowed.maxSeconds).toBe(100);
    await edge(ctx.app, 'progress', { edgeCallId, state: 'answered' });
    // Its deadline: the answer, plus its maximum, plus thirty seconds' grace.
    const [deadline] = await queryRows<{ s: number }>(
      ctx.database,
      sql`select extract(epoch from deadline_at - answered_at)::int as s from calls where id = ${allowed.callId}`,
    );
    expect(deadline?.s).toBe(100 + 30);
    // The edge goes quiet; its deadline passes.
    await ctx.database.db.execute(
      sql`update calls set answered_at = now() - interval '10 minutes', deadline_at = now() - interval '1 second' where id = ${allowed.callId}`,
    );
    await ctx.app.voiceJobs.tick();
    expect(await callRow(ctx.database, allowed.callId)).toMatchObject({
      status: 'ended',
      hangup_cause: 'deadline',
      duration: 100,
      cost: '1.0000',
    });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
  });
});

describe('a restart mid-call', () => {
  const appOn = (instanceId: string, gateway = createSandboxVoiceGateway(FAST), now?: () => Date) =>
    buildApp({
      config: testConfig(ENV),
      database: ctx.database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
      instanceId,
      voice: { gateway, jobIntervalMs: 100, priceCacheMs: 0, ...(now ? { now } : {}) },
    });

  /** A customer's call, answered and running for a second on its own instance. */
  async function runningCall(instanceId: string) {
    await priceGermany('0.6000');
    const c = await caller('5.00');
    const gateway = createSandboxVoiceGateway(FAST);
    const app = await appOn(instanceId, gateway);
    await app.ready();
    const placed = await send(app, 'POST', '/api/sip/call', c.cookie, {
      callerId: ME,
      destination: DE,
    });
    const id = placed.json().id as string;
    await until(
      () => callRow(ctx.database, id),
      (r) => r?.status === 'answered',
    );
    await new Promise((r) => setTimeout(r, 1200));
    return { c, gateway, app, id };
  }

  it('bills a call lost in a crash once, for the time it ran, when its instance comes back', async () => {
    const { c, gateway, app: first, id } = await runningCall('voice-crash');
    // The crash: the network simulation vanishes without a word.
    await gateway.close();
    const second = await appOn('voice-crash');
    await second.ready();
    const row = await callRow(ctx.database, id);
    expect(row?.status).toBe('ended');
    expect(row?.hangup_cause).toBe('restart');
    // It ran about a second and a half before the crash; per-second at £0.01 a second.
    expect(row?.duration).toBeGreaterThanOrEqual(1);
    expect(row?.duration).toBeLessThanOrEqual(2);
    expect(await callCharges(ctx.database, id)).toEqual([{ amount: `-${row?.cost}` }]);
    await second.voiceJobs.tick();
    await first.voiceJobs.tick();
    expect(await callCharges(ctx.database, id)).toHaveLength(1);
    expect((await moneyOf(ctx.database, c.id))?.held).toBe('0.0000');
    await first.close();
    await second.close();
  });

  it("another instance settles a crashed instance's call once it is stale", async () => {
    const { gateway, app: first, id } = await runningCall('voice-gone');
    await gateway.close();
    await first.close();
    expect((await callRow(ctx.database, id))?.status).toBe('answered');
    // Thirty seconds on, another instance finds it unseen and settles it.
    const later = await appOn(
      'voice-other',
      createSandboxVoiceGateway(FAST),
      () => new Date(Date.now() + 60_000),
    );
    try {
      await later.ready();
      await later.voiceJobs.tick();
      const row = await callRow(ctx.database, id);
      expect(row).toMatchObject({ status: 'ended', hangup_cause: 'restart' });
      expect(row?.duration).toBeGreaterThanOrEqual(1);
      expect(await callCharges(ctx.database, id)).toEqual([{ amount: `-${row?.cost}` }]);
    } finally {
      await later.close();
    }
  });

  it('a graceful stop ends its calls and bills them', async () => {
    const { c, app, id } = await runningCall('voice-stop');
    await app.close();
    expect(await callRow(ctx.database, id)).toMatchObject({
      status: 'ended',
      hangup_cause: 'restart',
    });
    expect((await callRow(ctx.database, id))?.duration).toBeGreaterThanOrEqual(1);
    expect(await callCharges(ctx.database, id)).toHaveLength(1);
    expect((await moneyOf(ctx.database, c.id))?.held).toBe('0.0000');
  });
});
