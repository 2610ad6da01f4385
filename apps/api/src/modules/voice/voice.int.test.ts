import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  fundedCustomer,
  type Method,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import {
  callCharges,
  callRow,
  EDGE_SECRET,
  edge,
  moneyOf,
  verifyCallerId,
} from '../../../test/voice.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';

// UK mobiles: the seed prices GB at 0.0150 USD a minute, 0.79 GBP per USD → £0.0119/min.
const ME = '+447400111222';
const UK = '+447400123456';
const BUSY = '+447400120000';
const NO_ANSWER = '+447400120001';
const FAILS = '+447400120002';

let admin: string;

const ctx = useTestApp({
  env: { VOICE_EDGE_SECRET: EDGE_SECRET },
  deps: () => ({
    voice: {
      gateway: createSandboxVoiceGateway({
        ringMs: 20,
        answerMs: 30,
        noAnswerMs: 60,
        farEndHangupMs: 80,
      }),
    },
  }),
  seedCatalogue: true,
  ready: true,
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'voice-admin@example.com');
});
afterEach(async () => {
  expect((await call('GET', '/api/admin/ledger/check', admin)).json().mismatches).toEqual([]);
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);

async function caller(gbp: string) {
  const c = await fundedCustomer(ctx.app, ctx.database, gbp);
  await verifyCallerId(ctx.app, ctx.database, c.cookie, ME);
  return c;
}
const settled = (id: string) =>
  until(
    () => callRow(ctx.database, id),
    (r) => !['dialing', 'ringing', 'answered'].includes(r?.status ?? ''),
  );

describe('caller IDs', () => {
  it('refuses a caller ID the customer neither rents nor verified', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '10');
    const res = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CALLER_ID_NOT_VERIFIED');
    const [n] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from calls where user_id = ${c.id}`,
    );
    expect(n?.n).toBe(0);
  });

  it('verifies a number with the code sent to it; a wrong code counts a try, 5 tries end it', async () => {
    // The code goes only where the customer could pay for an SMS (caller-ids.int.test.ts).
    const c = await fundedCustomer(ctx.app, ctx.database, '1');
    const number = '+447400555666';
    const started = await call('POST', '/api/sip/caller-ids/verify', c.cookie, { number });
    expect(started.statusCode).toBe(201);
    // The sandbox shows waiting codes to admins, and to nobody else.
    const codes = (await call('GET', '/api/admin/voice/verifications', admin)).json().items;
    const mine = codes.find((i: { number: string }) => i.number === number) as { code: string };
    expect(mine.code).toMatch(/^\d{6}$/);
    expect((await call('GET', '/api/admin/voice/verifications', c.cookie)).statusCode).toBe(403);
    const again = await call('POST', '/api/sip/caller-ids/verify', c.cookie, { number });
    expect(again.statusCode).toBe(429);
    const wrong = await call('POST', '/api/sip/caller-ids/confirm', c.cookie, {
      number,
      code: '000000' === mine.code ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('VERIFICATION_FAILED');
    const malformed = await call('POST', '/api/sip/caller-ids/confirm', c.cookie, {
      number,
      code: '12a',
    });
    expect(malformed.json().error.fields[0].code).toBe('CODE_INVALID');
    expect((await call('GET', '/api/sip/caller-ids', c.cookie)).json().items).toEqual([]);
    await call('POST', '/api/sip/caller-ids/confirm', c.cookie, { number, code: mine.code });
    expect((await call('GET', '/api/sip/caller-ids', c.cookie)).json().items).toEqual([
      { number, source: 'verified' },
    ]);
  });

  it('shows a sandbox code to its own customer, and keeps a waiting code in the list until used', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1');
    const other = await fundedCustomer(ctx.app, ctx.database, '1');
    const number = '+447400555777';
    const started = await call('POST', '/api/sip/caller-ids/verify', c.cookie, { number });
    expect(started.statusCode).toBe(201);
    const { sandboxCode, expiresAt } = started.json();
    expect(sandboxCode).toMatch(/^\d{6}$/);
    // After a reload the list names the waiting number, its expiry and (sandbox) its code.
    const list = (await call('GET', '/api/sip/caller-ids', c.cookie)).json();
    expect(list.items).toEqual([]);
    expect(list.pending).toEqual([{ number, expiresAt, sandboxCode }]);
    // Nobody else sees it.
    expect((await call('GET', '/api/sip/caller-ids', other.cookie)).json().pending).toEqual([]);
    const done = await call('POST', '/api/sip/caller-ids/confirm', c.cookie, {
      number,
      code: sandboxCode,
    });
    expect(done.json()).toEqual({ items: [{ number, source: 'verified' }], pending: [] });
  });

  it('drops a locked code from the waiting list', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1');
    const number = '+447400555888';
    const { sandboxCode } = (
      await call('POST', '/api/sip/caller-ids/verify', c.cookie, { number })
    ).json();
    const wrongCode = sandboxCode === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      await call('POST', '/api/sip/caller-ids/confirm', c.cookie, { number, code: wrongCode });
    expect((await call('GET', '/api/sip/caller-ids', c.cookie)).json().pending).toEqual([]);
  });

  it('locks a code after five wrong tries, even the right one then', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '1');
    await call('POST', '/api/sip/caller-ids/verify', c.cookie, { number: ME });
    const [row] = await queryRows<{ code: string }>(
      ctx.database,
      sql`select sandbox_code as code from caller_ids where user_id = ${c.id}`,
    );
    const right = row?.code ?? '';
    const wrongCode = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      await call('POST', '/api/sip/caller-ids/confirm', c.cookie, { number: ME, code: wrongCode });
    const late = await call('POST', '/api/sip/caller-ids/confirm', c.cookie, {
      number: ME,
      code: right,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('VERIFICATION_EXPIRED');
  });
});

describe('a web call in the sandbox', () => {
  it('quotes the rate per minute in GBP and the longest call the balance covers', async () => {
    const c = await caller('1.00');
    const quote = (
      await call('GET', `/api/sip/quote?destination=${encodeURIComponent(UK)}`, c.cookie)
    ).json();
    expect(quote).toMatchObject({ country: 'GB', ratePerMinute: '0.0119', increments: '60/60' });
    // £1.00 at £0.0119 a minute covers 84 whole minutes.
    expect(quote.maxSeconds).toBe(84 * 60);
  });

  it('rings, is answered, is hung up from the page and costs exactly one increment', async () => {
    const c = await caller('5.00');
    const placed = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id as string;
    expect(placed.json()).toMatchObject({ status: 'dialing', ratePerMinute: '0.0119' });
    // While it runs the balance is held for its maximum: the most it could cost.
    expect((await moneyOf(ctx.database, c.id))?.held).not.toBe('0.0000');
    await until(
      () => callRow(ctx.database, id),
      (r) => r?.status === 'answered',
    );
    const hung = await call('DELETE', `/api/sip/calls/${id}`, c.cookie);
    expect(hung.json()).toMatchObject({ status: 'ended', hangupBy: 'caller', billableSeconds: 60 });
    expect(hung.json().cost).toBe('0.0119');
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '4.9881', held: '0.0000' });
    expect(await callCharges(ctx.database, id)).toEqual([{ amount: '-0.0119' }]);
    // Hanging up again answers the call as it is and charges nothing more.
    expect((await call('DELETE', `/api/sip/calls/${id}`, c.cookie)).json().status).toBe('ended');
    expect(await callCharges(ctx.database, id)).toHaveLength(1);
    const history = (await call('GET', '/api/sip/history?pageSize=5', c.cookie)).json();
    expect(history.items[0]).toMatchObject({ id, status: 'ended', cost: '0.0119' });
  });

  it.each([
    [BUSY, 'busy'],
    [NO_ANSWER, 'no_answer'],
    [FAILS, 'failed'],
  ])('a call to %s ends %s and costs nothing', async (destination, status) => {
    const c = await caller('5.00');
    const placed = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination });
    const row = await settled(placed.json().id);
    expect(row).toMatchObject({ status, cost: '0.0000' });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '5.0000', held: '0.0000' });
    expect(await callCharges(ctx.database, placed.json().id)).toEqual([]);
  });

  it('a call cancelled before the answer costs nothing', async () => {
    const c = await caller('5.00');
    const placed = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK });
    const hung = await call('DELETE', `/api/sip/calls/${placed.json().id}`, c.cookie);
    expect(hung.json()).toMatchObject({ status: 'cancelled', cost: '0.00' });
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '5.0000', held: '0.0000' });
  });

  it('refuses a balance under £0.10 with the spec message', async () => {
    const c = await caller('0.09');
    const res = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      'Insufficient Balance: You need at least £0.10 to make a SIP call',
    );
  });

  it('validates the form as the spec says, and refuses control characters', async () => {
    const c = await caller('1.00');
    const codes = async (body: unknown) =>
      (await call('POST', '/api/sip/call', c.cookie, body))
        .json()
        .error.fields.map((f: { code: string }) => f.code);
    expect(await codes({ callerId: '', destination: '' })).toEqual([
      'CALLER_ID_REQUIRED',
      'DESTINATION_REQUIRED',
    ]);
    expect(await codes({ callerId: 'abc', destination: '0123' })).toEqual([
      'CALLER_ID_INVALID',
      'DESTINATION_INVALID',
    ]);
    const nul = await call('POST', '/api/sip/call', c.cookie, {
      callerId: ME,
      destination: `${UK}\u0000`,
    });
    expect(nul.statusCode).toBe(400);
  });

  it("keeps another customer's call out of reach", async () => {
    const a = await caller('5.00');
    const b = await caller('5.00');
    const placed = await call('POST', '/api/sip/call', a.cookie, { callerId: ME, destination: UK });
    const id = placed.json().id as string;
    expect((await call('DELETE', `/api/sip/calls/${id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/sip/history', b.cookie)).json().items).toEqual([]);
    expect(['dialing', 'ringing', 'answered']).toContain((await callRow(ctx.database, id))?.status);
    expect((await call('DELETE', `/api/sip/calls/${id}`, null)).statusCode).toBe(401);
    await call('DELETE', `/api/sip/calls/${id}`, a.cookie);
  });

  it('lets an admin see and end any call in progress', async () => {
    const c = await caller('5.00');
    const placed = await call('POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK });
    const id = placed.json().id as string;
    await until(
      () => callRow(ctx.database, id),
      (r) => r?.status === 'answered',
    );
    const active = (await call('GET', '/api/admin/calls?active=true', admin)).json();
    expect(active.items.map((i: { id: string }) => i.id)).toContain(id);
    const ended = await call('POST', `/api/admin/calls/${id}/hangup`, admin);
    expect(ended.json()).toMatchObject({ id, status: 'ended', hangupCause: 'admin' });
    expect((await call('POST', `/api/admin/calls/${id}/hangup`, c.cookie)).statusCode).toBe(403);
  });
});

describe('SIP accounts', () => {
  it('gives each customer an account whose stored hashes match the password shown', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = (await call('GET', '/api/sip/account', c.cookie)).json();
    expect(account).toMatchObject({
      domain: 'sip.parley.example',
      ports: { udp: 5060, tcp: 5060, tls: 5061 },
      concurrentCalls: 2,
      activeCalls: 0,
    });
    expect(account.username).toMatch(/^p\d{9}$/);
    expect(account.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = async () =>
      (
        await queryRows<{ ha1: string; ha1b: string; box: string }>(
          ctx.database,
          sql`select ha1, ha1b, password_box as box from sip_accounts where user_id = ${c.id}`,
        )
      )[0];
    const md5 = (t: string) => createHash('md5').update(t).digest('hex');
    const before = await stored();
    expect(before?.ha1).toBe(md5(`${account.username}:sip.parley.example:${account.password}`));
    expect(before?.ha1b).toBe(
      md5(`${account.username}@sip.parley.example:sip.parley.example:${account.password}`),
    );
    // Encrypted at rest: the password is nowhere in the row.
    expect(JSON.stringify(before)).not.toContain(account.password);
    // The same account every time; a new password replaces the hashes at once.
    expect((await call('GET', '/api/sip/account', c.cookie)).json().password).toBe(
      account.password,
    );
    const renewed = (await call('POST', '/api/sip/account/password', c.cookie)).json();
    expect(renewed.username).toBe(account.username);
    expect(renewed.password).not.toBe(account.password);
    expect((await stored())?.ha1).toBe(
      md5(`${account.username}:sip.parley.example:${renewed.password}`),
    );
    expect((await call('GET', '/api/sip/account', null)).statusCode).toBe(401);
  });
});

describe('the edge interface', () => {
  it('answers malformed requests with 400, never 500', async () => {
    const bad = [
      {},
      { edgeCallId: 'm1', destination: UK },
      { edgeCallId: 'm2', token: 'short', destination: UK },
      { edgeCallId: 'with space', username: 'p123456789', destination: UK },
      { edgeCallId: 'm3', username: 'p123456789', destination: `${UK}\u0000` },
      { edgeCallId: 'x'.repeat(300), username: 'p123456789', destination: UK },
    ];
    for (const body of bad) expect((await edge(ctx.app, 'authorise', body)).statusCode).toBe(400);
    expect(
      (await edge(ctx.app, 'end', { edgeCallId: 'm4', cause: 'later', by: 'caller' })).statusCode,
    ).toBe(400);
    const unknown = await edge(ctx.app, 'end', {
      edgeCallId: 'never-seen',
      cause: 'normal',
      by: 'caller',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a missing or wrong secret before reading anything', async () => {
    const body = { edgeCallId: 'x1@edge', username: 'p123456789', destination: UK };
    expect((await edge(ctx.app, 'authorise', body, '')).statusCode).toBe(401);
    expect((await edge(ctx.app, 'authorise', body, `${EDGE_SECRET}x`)).statusCode).toBe(401);
    expect((await edge(ctx.app, 'end', { edgeCallId: 'x1@edge' }, 'nope')).statusCode).toBe(401);
  });

  it('authorises a softphone by SIP username, and bills an end reported twice once', async () => {
    const c = await caller('5.00');
    const username = (await call('GET', '/api/sip/account', c.cookie)).json().username;
    const edgeCallId = `a84b4c76e66710@${c.id}`;
    const ask = { edgeCallId, username, destination: UK, callerId: ME };
    const first = (await edge(ctx.app, 'authorise', ask)).json();
    expect(first).toMatchObject({ allow: true, ratePerMinute: '0.0119', callerId: ME });
    // The same Call-ID again (a retransmitted INVITE) is the same call.
    expect((await edge(ctx.app, 'authorise', ask)).json().callId).toBe(first.callId);
    const answeredAt = new Date(Date.now() - 61_000).toISOString();
    await edge(ctx.app, 'progress', { edgeCallId, state: 'answered', at: answeredAt });
    const end = {
      edgeCallId,
      cause: 'normal',
      by: 'callee',
      endedAt: new Date().toISOString(),
      quality: { jitterMs: 3.5, lossPercent: 0.2, mos: 4.3 },
    };
    const [a, b] = await Promise.all([edge(ctx.app, 'end', end), edge(ctx.app, 'end', end)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // 61 s talked: 60/60 bills two minutes.
    expect(await callCharges(ctx.database, first.callId)).toEqual([{ amount: '-0.0238' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '4.9762', held: '0.0000' });
    const again = await edge(ctx.app, 'end', {
      ...end,
      endedAt: new Date(Date.now() + 600_000).toISOString(),
    });
    expect(again.json().status).toBe('ended');
    expect(await callCharges(ctx.database, first.callId)).toHaveLength(1);
  });

  it('denies with a reason and a SIP status: unknown account, destination, caller ID', async () => {
    const c = await caller('5.00');
    const username = (await call('GET', '/api/sip/account', c.cookie)).json().username;
    const unknown = await edge(ctx.app, 'authorise', {
      edgeCallId: 'u1@edge',
      username: 'p000000001',
      destination: UK,
    });
    expect(unknown.json()).toMatchObject({
      allow: false,
      reason: 'UNKNOWN_ACCOUNT',
      sipStatus: 403,
    });
    const spoof = await edge(ctx.app, 'authorise', {
      edgeCallId: 'u2@edge',
      username,
      destination: UK,
      callerId: '+447400999888',
    });
    expect(spoof.json()).toMatchObject({
      allow: false,
      reason: 'CALLER_ID_NOT_VERIFIED',
      sipStatus: 403,
    });
    const premium = await edge(ctx.app, 'authorise', {
      edgeCallId: 'u3@edge',
      username,
      destination: '+449098790000',
    });
    expect(premium.json()).toMatchObject({ allow: false, sipStatus: 404 });
  });
});
