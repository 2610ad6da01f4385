import { parseCsv } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fundedCustomer, send } from '../../../test/helpers.js';
import { seedCall, seedPackageOrder } from '../../../test/seed-calls.js';
import { createVoiceMonitoringRepo } from './voice-monitoring.repo.js';
import { createVoiceMonitoringService } from './voice-monitoring.service.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let a: { cookie: string; id: string };
let b: { cookie: string; id: string };
const NOW = new Date('2026-06-15T12:00:00Z');
const at = (iso: string) => new Date(iso);
let monitoring: ReturnType<typeof createVoiceMonitoringService>;
const get = (url: string, cookie: string | null = a.cookie) => send(ctx.app, 'GET', url, cookie);
const RANGE = 'from=2026-05-01&to=2026-06-30';

/** Calls 6 and 7 of A (yesterday, last month), and two of another customer's. */
async function seedEarlierAndOthers(database: typeof ctx.database) {
  // 6. Yesterday, 7. last month (120 included seconds, before this plan period: see below).
  await seedCall(database, {
    userId: a.id,
    destination: '+442071110006',
    createdAt: at('2026-06-14T08:00:00Z'),
    answeredAt: at('2026-06-14T08:00:10Z'),
    endedAt: at('2026-06-14T08:05:00Z'),
    duration: 290,
    billableSeconds: 300,
    includedSeconds: 0,
    cost: '1.0000',
    hangupCause: 'normal',
    hangupBy: 'callee',
  });
  await seedCall(database, {
    userId: a.id,
    destination: '+442071110007',
    createdAt: at('2026-05-31T08:00:00Z'),
    answeredAt: at('2026-05-31T08:00:10Z'),
    endedAt: at('2026-05-31T08:10:00Z'),
    duration: 590,
    billableSeconds: 600,
    includedSeconds: 120,
    cost: '5.0000',
    hangupCause: 'normal',
    hangupBy: 'caller',
  });
  // Another customer's call, busy in every figure of theirs and none of A's.
  await seedCall(database, {
    userId: b.id,
    destination: '+442071119999',
    status: 'ringing',
    createdAt: at('2026-06-15T11:59:00Z'),
  });
  await seedCall(database, {
    userId: b.id,
    destination: '+442071119998',
    createdAt: at('2026-06-15T10:00:00Z'),
    answeredAt: at('2026-06-15T10:00:01Z'),
    endedAt: at('2026-06-15T10:30:00Z'),
    duration: 1799,
    billableSeconds: 1800,
    includedSeconds: 0,
    cost: '3.6000',
    hangupCause: 'normal',
    hangupBy: 'caller',
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  a = await fundedCustomer(ctx.app, ctx.database, '0.50');
  b = await fundedCustomer(ctx.app, ctx.database, '5.00');
  monitoring = createVoiceMonitoringService({
    repo: createVoiceMonitoringRepo(ctx.database.db),
    now: () => NOW,
  });
  const { database } = ctx;
  // 1. Answered 09:00:05, two minutes, 60 s of them included; the relay reported quality.
  await seedCall(database, {
    userId: a.id,
    destination: '+442071110001',
    createdAt: at('2026-06-15T09:00:00Z'),
    answeredAt: at('2026-06-15T09:00:05Z'),
    endedAt: at('2026-06-15T09:02:05Z'),
    duration: 120,
    billableSeconds: 120,
    includedSeconds: 60,
    cost: '0.2400',
    hangupCause: 'normal',
    hangupBy: 'caller',
    pddMs: 800,
    jitterMs: '5.00',
    lossPercent: '0.500',
    mos: '4.20',
  });
  // 2. Started while 1 ran (two at once: the default limit) and cut off at its maximum.
  await seedCall(database, {
    userId: a.id,
    destination: '+12125550002',
    country: 'US',
    createdAt: at('2026-06-15T09:01:00Z'),
    answeredAt: at('2026-06-15T09:01:05Z'),
    endedAt: at('2026-06-15T09:01:50Z'),
    duration: 45,
    billableSeconds: 60,
    includedSeconds: 0,
    cost: '0.1200',
    hangupCause: 'cutoff',
    hangupBy: 'system',
    pddMs: 1200,
  });
  // 3. Failed, 4. busy: no cost.
  await seedCall(database, {
    userId: a.id,
    destination: '+12125550003',
    country: 'US',
    status: 'failed',
    createdAt: at('2026-06-15T11:00:00Z'),
    // No delay reported by an edge: the time to ringing stands in for it.
    ringingAt: at('2026-06-15T11:00:00.750Z'),
    endedAt: at('2026-06-15T11:00:10Z'),
    duration: 0,
    billableSeconds: 0,
    includedSeconds: 0,
    cost: '0',
    hangupCause: 'failed',
    hangupBy: 'callee',
  });
  await seedCall(database, {
    userId: a.id,
    destination: '=cmd|calc!A1',
    status: 'busy',
    createdAt: at('2026-06-15T11:30:00Z'),
    endedAt: at('2026-06-15T11:30:20Z'),
    duration: 0,
    billableSeconds: 0,
    includedSeconds: 0,
    cost: '0',
    hangupCause: 'busy',
    hangupBy: 'callee',
    pddMs: 3000,
  });
  // 5. In progress now.
  await seedCall(database, {
    userId: a.id,
    destination: '+442071110005',
    status: 'answered',
    createdAt: at('2026-06-15T11:58:00Z'),
    answeredAt: at('2026-06-15T11:58:10Z'),
  });
  await seedEarlierAndOthers(database);
  // A's plan: 2,000 minutes a month, bought on the 20th (this period began 20 May).
  await seedPackageOrder(
    database,
    a.id,
    ['2000 minutes', 'Call recording'],
    at('2026-04-20T10:00:00Z'),
  );
});
afterAll(() => ctx.close());

describe('overview', () => {
  it('counts today, the range, the month and the plan minutes exactly', async () => {
    expect(await monitoring.overview(a.id, {})).toEqual({
      currency: 'GBP',
      activeCalls: 1,
      today: { calls: 5, billedSeconds: 180, billedMinutes: '3.00' },
      range: {
        from: '2026-06-15',
        to: '2026-06-15',
        attempts: 5,
        answered: 3,
        asr: '60.0',
        // (120 + 45) / 2, rounded.
        averageDuration: 83,
      },
      spend: { today: '0.36', month: '1.36' },
      included: {
        minutesPerPeriod: 2000,
        periodStart: '2026-05-20T10:00:00.000Z',
        // Calls 1 and 7 ended in this period.
        usedSeconds: 180,
        leftSeconds: 120_000 - 180,
      },
      generatedAt: NOW.toISOString(),
    });
  });

  it('takes a chosen range for the answer-seizure ratio and average duration', async () => {
    const o = await monitoring.overview(a.id, { from: '2026-06-14', to: '2026-06-15' });
    expect(o.range).toEqual({
      from: '2026-06-14',
      to: '2026-06-15',
      attempts: 6,
      answered: 4,
      asr: '66.7',
      averageDuration: 152,
    });
  });

  it("never counts another customer's calls", async () => {
    const o = await monitoring.overview(b.id, {});
    expect(o.activeCalls).toBe(1);
    expect(o.today).toEqual({ calls: 2, billedSeconds: 1800, billedMinutes: '30.00' });
    expect(o.spend).toEqual({ today: '3.60', month: '3.60' });
    expect(o.included).toEqual({
      minutesPerPeriod: 0,
      periodStart: null,
      usedSeconds: 0,
      leftSeconds: 0,
    });
  });

  it('answers over HTTP for the signed-in customer only', async () => {
    expect((await get('/api/sip/monitoring/overview', null)).statusCode).toBe(401);
    const res = await get('/api/sip/monitoring/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json().activeCalls).toBe(1);
  });
});

describe('calls', () => {
  it('filters by status, destination digits and days, newest first', async () => {
    const ended = await get(`/api/sip/monitoring/calls?status=ended&${RANGE}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().items.map((c: { destination: string }) => c.destination)).toEqual([
      '+12125550002',
      '+442071110001',
      '+442071110006',
      '+442071110007',
    ]);
    const us = (await get('/api/sip/monitoring/calls?destination=1212555')).json();
    expect(us.total).toBe(2);
    const june14 = (await get('/api/sip/monitoring/calls?from=2026-06-14&to=2026-06-14')).json();
    expect(june14.items.map((c: { destination: string }) => c.destination)).toEqual([
      '+442071110006',
    ]);
    expect(june14.items[0]).toMatchObject({ cost: '1.00', duration: 290, status: 'ended' });
  });

  it('pages', async () => {
    const page2 = (await get(`/api/sip/monitoring/calls?${RANGE}&pageSize=3&page=2`)).json();
    expect(page2).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page2.items).toHaveLength(3);
  });

  it("never lists another customer's calls", async () => {
    const mine = (await get(`/api/sip/monitoring/calls?${RANGE}`)).json();
    expect(mine.total).toBe(7);
    const theirs = (await get(`/api/sip/monitoring/calls?${RANGE}`, b.cookie)).json();
    expect(theirs.items.map((c: { destination: string }) => c.destination).sort()).toEqual([
      '+442071119998',
      '+442071119999',
    ]);
    const search = (await get('/api/sip/monitoring/calls?destination=2071119999')).json();
    expect(search.total).toBe(0);
  });

  it('refuses bad filters with field codes, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-13-01', 'querystring.from', 'INVALID_FORMAT'],
      ['from=2026-06-15&to=2026-06-01', 'querystring.to', 'INVALID'],
      ['from=2025-01-01&to=2026-06-01', 'querystring.to', 'TOO_BIG'],
      ['status=bogus', 'querystring.status', 'INVALID_CHOICE'],
      ['pageSize=1000', 'querystring.pageSize', 'TOO_BIG'],
      ['page=0', 'querystring.page', 'TOO_SMALL'],
      ['destination=%25%27--', 'querystring.destination', 'INVALID_FORMAT'],
    ];
    for (const [query, path, code] of cases) {
      const res = await get(`/api/sip/monitoring/calls?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields, query).toContainEqual(
        expect.objectContaining({ path, code }),
      );
    }
  });

  it('exports the filtered calls as CSV with formula cells neutralised', async () => {
    const res = await get(`/api/sip/monitoring/calls/export?from=2026-06-15&to=2026-06-15`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="calls-2026-06-15-to-2026-06-15.csv"',
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'started,callerId,destination,country,status,durationSeconds,billableSeconds,includedSeconds,ratePerMinute,cost,currency,hangupCause,hangupBy,answered,ended',
    );
    expect(lines).toHaveLength(6);
    // Newest first: the call in progress, then the busy one whose destination is a formula.
    expect(lines[2]).toContain(",'=cmd|calc!A1,");
    expect(lines[2]?.startsWith("2026-06-15T11:30:00.000Z,'+447400100100,")).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[5]).toEqual([
      '2026-06-15T09:00:00.000Z',
      '+447400100100',
      '+442071110001',
      'GB',
      'ended',
      '120',
      '120',
      '60',
      '0.12',
      '0.24',
      'GBP',
      'normal',
      'caller',
      '2026-06-15T09:00:05.000Z',
      '2026-06-15T09:02:05.000Z',
    ]);
    const theirs = await get('/api/sip/monitoring/calls/export', b.cookie);
    expect(parseCsv(theirs.body)).toHaveLength(3);
    expect(theirs.body).not.toContain('+442071110001');
  });
});

describe('quality', () => {
  it('gives answer rate, delay, causes and media figures by country', async () => {
    const q = await monitoring.quality(a.id, { from: '2026-06-14', to: '2026-06-15' });
    expect(q.from).toBe('2026-06-14');
    expect(q.total).toEqual({
      calls: 5,
      answered: 3,
      answerRate: '60.0',
      // (800 + 1200 + 750 + 3000) / 4, rounded.
      pddMs: 1438,
      jitterMs: '5.00',
      lossPercent: '0.500',
      mos: '4.20',
      causes: [
        { cause: 'normal', count: 2 },
        { cause: 'busy', count: 1 },
        { cause: 'cutoff', count: 1 },
        { cause: 'failed', count: 1 },
      ],
    });
    expect(q.countries).toEqual([
      {
        country: 'GB',
        calls: 3,
        answered: 2,
        answerRate: '66.7',
        pddMs: 1900,
        jitterMs: '5.00',
        lossPercent: '0.500',
        mos: '4.20',
        causes: [
          { cause: 'normal', count: 2 },
          { cause: 'busy', count: 1 },
        ],
      },
      {
        country: 'US',
        calls: 2,
        answered: 1,
        answerRate: '50.0',
        pddMs: 975,
        jitterMs: null,
        lossPercent: null,
        mos: null,
        causes: [
          { cause: 'cutoff', count: 1 },
          { cause: 'failed', count: 1 },
        ],
      },
    ]);
  });

  it('is empty, not an error, with no calls', async () => {
    const res = await get('/api/sip/monitoring/quality', b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toMatchObject({ calls: 0, answerRate: null, pddMs: null, mos: null });
  });
});

describe('alerts', () => {
  it('shows cut-offs and the concurrency limit reached with the default thresholds', async () => {
    const result = await monitoring.alerts(a.id);
    expect(result.runway).toEqual({
      balance: '0.50',
      // 1.36 spent in the last 7 days: 1.36 / 168 per hour; 0.50 lasts 61.76 hours.
      spendPerHour: '0.0081',
      hours: '61.7',
    });
    expect(result.alerts).toEqual([
      { kind: 'cutoffs', count: 1, lastAt: '2026-06-15T09:01:50.000Z' },
      { kind: 'concurrency', count: 1, limit: 2, lastAt: '2026-06-15T09:01:00.000Z' },
    ]);
  });

  it('saves thresholds and reports what they trigger', async () => {
    const put = (body: unknown, cookie = a.cookie) =>
      send(ctx.app, 'PUT', '/api/sip/monitoring/alerts/settings', cookie, body);
    const res = await put({
      minBalance: '1.00',
      runwayHours: 72,
      failurePercent: 15,
      failureWindow: 20,
      notifyCutoffs: false,
      notifyConcurrency: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ minBalance: '1.00', runwayHours: 72 });
    const kinds = res.json().alerts.map((x: { kind: string }) => x.kind);
    // The HTTP clock is today, long after these calls: no spend, so no runway alert.
    expect(kinds).toEqual(['low_balance', 'failure_spike']);
    expect(res.json().alerts[1]).toEqual({
      kind: 'failure_spike',
      failed: 1,
      calls: 6,
      percent: '16.7',
      thresholdPercent: 15,
    });
    const fixed = await monitoring.alerts(a.id);
    expect(fixed.alerts.map((x) => x.kind)).toEqual(['low_balance', 'low_runway', 'failure_spike']);
    expect(fixed.alerts[1]).toEqual({
      kind: 'low_runway',
      balance: '0.50',
      spendPerHour: '0.0081',
      hours: '61.7',
      thresholdHours: 72,
    });
    // B's settings are B's own.
    expect((await get('/api/sip/monitoring/alerts', b.cookie)).json().settings.minBalance).toBe(
      null,
    );
  });

  it('refuses bad thresholds with field codes', async () => {
    const res = await send(ctx.app, 'PUT', '/api/sip/monitoring/alerts/settings', a.cookie, {
      minBalance: 'lots',
      runwayHours: 0,
      failurePercent: 101,
      failureWindow: 5,
      notifyCutoffs: 'yes',
      notifyConcurrency: true,
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.fields.map((f: { path: string; code: string }) => [f.path, f.code]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['body.minBalance', 'INVALID_FORMAT'],
        ['body.runwayHours', 'TOO_SMALL'],
        ['body.failurePercent', 'TOO_BIG'],
        ['body.notifyCutoffs', 'INVALID_TYPE'],
      ]),
    );
  });
});
