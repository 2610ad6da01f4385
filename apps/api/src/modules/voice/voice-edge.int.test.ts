import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fundedCustomer, send } from '../../../test/helpers.js';
import {
  buyNumber,
  callCharges,
  EDGE_SECRET,
  edge,
  moneyOf,
  verifyCallerId,
} from '../../../test/voice.js';
import { calls } from '../../db/schema/index.js';
import { toCall } from '../../lib/call-view.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

const ME = '+447400111222';
const UK = '+447400123456';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ VOICE_GATEWAY: 'sip', VOICE_EDGE_SECRET: EDGE_SECRET });
  await seedCatalogueOnce(ctx.database.db);
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('a web call through the SIP edge', () => {
  it('is refused while the edge has not been heard from, then waits for its INVITE', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5.00');
    await verifyCallerId(ctx.app, ctx.database, c.cookie, ME);
    const status = async () => (await send(ctx.app, 'GET', '/api/sip/status', c.cookie)).json();
    expect(await status()).toMatchObject({ mode: 'sip', connected: false });
    const early = await send(ctx.app, 'POST', '/api/sip/call', c.cookie, {
      callerId: ME,
      destination: UK,
    });
    expect(early.statusCode).toBe(503);
    expect(early.json().error.code).toBe('VOICE_UNAVAILABLE');
    // Any request of the edge counts as hearing from it.
    await edge(ctx.app, 'end', { edgeCallId: 'hello', cause: 'normal', by: 'caller' });
    expect(await status()).toMatchObject({ mode: 'sip', connected: true });

    const placed = await send(ctx.app, 'POST', '/api/sip/call', c.cookie, {
      callerId: ME,
      destination: UK,
    });
    expect(placed.statusCode).toBe(201);
    const { id, token } = placed.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The browser's INVITE, with the token: another destination is not what was authorised.
    const wrong = await edge(ctx.app, 'authorise', {
      edgeCallId: `web-wrong-${id}`,
      token,
      destination: '+447400999999',
    });
    expect(wrong.json()).toMatchObject({ allow: false, reason: 'DESTINATION_NOT_SUPPORTED' });
    // Another customer's SIP account cannot use this call's token.
    const other = await fundedCustomer(ctx.app, ctx.database, '1.00');
    const otherAccount = (await send(ctx.app, 'GET', '/api/sip/account', other.cookie)).json();
    const stolen = await edge(ctx.app, 'authorise', {
      edgeCallId: `web-stolen-${id}`,
      username: otherAccount.username,
      token,
      destination: UK,
    });
    expect(stolen.json()).toMatchObject({ allow: false, reason: 'UNKNOWN_ACCOUNT' });
    const mine = (await send(ctx.app, 'GET', '/api/sip/account', c.cookie)).json();
    const ok = await edge(ctx.app, 'authorise', {
      edgeCallId: `web-${id}`,
      username: mine.username,
      token,
      destination: UK,
    });
    expect(ok.json()).toMatchObject({ allow: true, callId: id, callerId: ME });
    // The token is spent: a second INVITE with it under another Call-ID is refused.
    const reused = await edge(ctx.app, 'authorise', {
      edgeCallId: `web-again-${id}`,
      token,
      destination: UK,
    });
    expect(reused.json().allow).toBe(false);
    const answeredAt = new Date(Date.now() - 30_000).toISOString();
    await edge(ctx.app, 'progress', { edgeCallId: `web-${id}`, state: 'ringing' });
    await edge(ctx.app, 'progress', { edgeCallId: `web-${id}`, state: 'answered', at: answeredAt });
    await edge(ctx.app, 'end', { edgeCallId: `web-${id}`, cause: 'normal', by: 'callee' });
    expect(await callCharges(ctx.database, id)).toEqual([{ amount: '-0.0119' }]);
    expect(await moneyOf(ctx.database, c.id)).toEqual({ balance: '4.9881', held: '0.0000' });
    const history = (await send(ctx.app, 'GET', '/api/sip/history', c.cookie)).json();
    expect(history.items[0]).toMatchObject({ id, status: 'ended', hangupBy: 'callee' });
    // The history's raw read answers as the stored row read by drizzle would (decision 0033).
    const [row] = await ctx.database.db.select().from(calls).where(eq(calls.id, id));
    if (!row) throw new Error('no call');
    expect(history).toEqual({ items: [toCall(row)], total: 1, page: 1, pageSize: 20 });
  });
});

describe("the page's security policy", () => {
  it("lets the browser's softphone reach the edge's WebSocket, and nothing else", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "connect-src 'self' wss://sip.parley.example:8443;",
    );
  });
});

describe('a call from the trunk to a number', () => {
  it("rings the holder's SIP account, free; a number nobody holds is 404", async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '200.00');
    const number = await buyNumber(ctx.app, ctx.database, c.cookie);
    const before = await moneyOf(ctx.database, c.id);
    // No SIP account opened yet: nothing can ring.
    const early = await edge(ctx.app, 'inbound', { edgeCallId: 'in-0', number, from: ME });
    expect(early.json()).toMatchObject({ allow: false, reason: 'UNREACHABLE', sipStatus: 480 });
    const account = (await send(ctx.app, 'GET', '/api/sip/account', c.cookie)).json();

    // Written as the trunk sends it, without the +.
    const rung = await edge(ctx.app, 'inbound', {
      edgeCallId: 'in-1',
      number: number.slice(1),
      from: ME,
    });
    expect(rung.json()).toMatchObject({ allow: true, username: account.username });
    const again = await edge(ctx.app, 'inbound', { edgeCallId: 'in-1', number, from: ME });
    expect(again.json()).toEqual(rung.json());
    const answeredAt = new Date(Date.now() - 95_000).toISOString();
    await edge(ctx.app, 'progress', { edgeCallId: 'in-1', state: 'ringing' });
    await edge(ctx.app, 'progress', { edgeCallId: 'in-1', state: 'answered', at: answeredAt });
    await edge(ctx.app, 'end', { edgeCallId: 'in-1', cause: 'normal', by: 'callee' });
    const history = (await send(ctx.app, 'GET', '/api/sip/history', c.cookie)).json();
    expect(history.items[0]).toMatchObject({
      direction: 'inbound',
      callerId: ME,
      destination: number,
      status: 'ended',
      cost: '0.00',
      includedSeconds: 0,
    });
    expect(history.items[0].duration).toBeGreaterThanOrEqual(95);
    expect(await callCharges(ctx.database, rung.json().callId)).toEqual([]);
    expect(await moneyOf(ctx.database, c.id)).toEqual(before);

    const nobody = await edge(ctx.app, 'inbound', {
      edgeCallId: 'in-2',
      number: '+15550009999',
      from: ME,
    });
    expect(nobody.json()).toMatchObject({
      allow: false,
      reason: 'NUMBER_NOT_ASSIGNED',
      sipStatus: 404,
    });
    expect((await edge(ctx.app, 'inbound', { edgeCallId: 'in-3', number: 'abc' })).statusCode).toBe(
      400,
    );
    expect(
      (await edge(ctx.app, 'inbound', { edgeCallId: 'in-4', number, from: 'a b' })).statusCode,
    ).toBe(400);
    expect(
      (await edge(ctx.app, 'inbound', { edgeCallId: 'in-5', number }, 'wrong')).statusCode,
    ).toBe(401);
  });
});
