import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { send } from '../../../test/helpers.js';
import { buyNumber, EDGE_SECRET, edge, sipCaller } from '../../../test/voice.js';

const ME = '+447400111222';
const UK = '+447400123456';

const ctx = useTestApp({
  env: { VOICE_GATEWAY: 'sip', VOICE_EDGE_SECRET: EDGE_SECRET },
  seedCatalogue: true,
  ready: true,
});

const caller = (gbp = '5.00') => sipCaller(ctx, gbp, ME);

const authorise = (body: Record<string, unknown>) =>
  edge(ctx.app, 'authorise', body).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('a repeated authorise for a Call-ID Parley knows', () => {
  it("refuses another account asking with a call's Call-ID, and answers its owner as before", async () => {
    const a = await caller();
    const b = await caller();
    const first = await authorise({
      edgeCallId: `b-call-${b.id}`,
      username: b.username,
      destination: UK,
    });
    expect(first.body).toMatchObject({ allow: true });
    // A retransmitted INVITE of B's gets the same answer.
    expect(
      (await authorise({ edgeCallId: `b-call-${b.id}`, username: b.username, destination: UK }))
        .body,
    ).toEqual(first.body);
    // A's INVITE carrying B's Call-ID is not B's call.
    const stolen = await authorise({
      edgeCallId: `b-call-${b.id}`,
      username: a.username,
      destination: UK,
    });
    expect(stolen.body).toMatchObject({ allow: false, reason: 'CALL_ID_USED', sipStatus: 403 });
    expect(stolen.body.callId).toBeUndefined();
    // Nor is B's Call-ID good for another destination.
    const elsewhere = await authorise({
      edgeCallId: `b-call-${b.id}`,
      username: b.username,
      destination: '+4915112345678',
    });
    expect(elsewhere.body).toMatchObject({ allow: false, reason: 'CALL_ID_USED' });
    await edge(ctx.app, 'end', { edgeCallId: `b-call-${b.id}`, cause: 'cancelled', by: 'caller' });
  });

  it("refuses an inbound call's Call-ID asked as an outbound call, whoever asks", async () => {
    const holder = await caller('200.00');
    const number = await buyNumber(ctx.app, ctx.database, holder.cookie);
    const rung = await edge(ctx.app, 'inbound', {
      edgeCallId: `in-${holder.id}`,
      number,
      from: '+15550001111',
    });
    expect(rung.json()).toMatchObject({ allow: true });
    const other = await caller();
    for (const username of [holder.username, other.username]) {
      const asked = await authorise({ edgeCallId: `in-${holder.id}`, username, destination: UK });
      expect(asked.body).toMatchObject({ allow: false, reason: 'CALL_ID_USED', sipStatus: 403 });
    }
    await edge(ctx.app, 'end', { edgeCallId: `in-${holder.id}`, cause: 'cancelled', by: 'caller' });
  });

  it("refuses a web call's Call-ID asked with another token", async () => {
    const c = await caller();
    await edge(ctx.app, 'end', { edgeCallId: 'hello', cause: 'normal', by: 'caller' });
    const placed = (
      await send(ctx.app, 'POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK })
    ).json();
    const ok = await authorise({
      edgeCallId: `web-${placed.id}`,
      username: c.username,
      token: placed.token,
      destination: UK,
    });
    expect(ok.body).toMatchObject({ allow: true, callId: placed.id });
    const other = (
      await send(ctx.app, 'POST', '/api/sip/call', c.cookie, { callerId: ME, destination: UK })
    ).json();
    const mixed = await authorise({
      edgeCallId: `web-${placed.id}`,
      username: c.username,
      token: other.token,
      destination: UK,
    });
    expect(mixed.body).toMatchObject({ allow: false, reason: 'CALL_ID_USED' });
    for (const id of [placed.id, other.id])
      await send(ctx.app, 'DELETE', `/api/sip/calls/${id}`, c.cookie);
  });
});

describe('numbers dialled as a phone dials them', () => {
  it("reads national and 00 forms in the caller ID's country", async () => {
    const c = await caller();
    for (const [dialled, e164] of [
      ['07400123456', UK],
      ['00447400123456', UK],
      ['004915112345678', '+4915112345678'],
    ] as const) {
      const r = await authorise({
        edgeCallId: `nat-${dialled}-${c.id}`,
        username: c.username,
        destination: dialled,
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ allow: true, destination: e164 });
      await edge(ctx.app, 'end', {
        edgeCallId: `nat-${dialled}-${c.id}`,
        cause: 'cancelled',
        by: 'caller',
      });
    }
  });

  it('answers a number too short to call with 484 and a readable reason, never HTTP 400', async () => {
    const c = await caller();
    const r = await authorise({
      edgeCallId: `short-${c.id}`,
      username: c.username,
      destination: '0740',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      allow: false,
      reason: 'ADDRESS_INCOMPLETE',
      sipStatus: 484,
      phrase: 'Address Incomplete',
    });
    // A caller ID the phone asks for that is no number at all is refused as unverified.
    const anonymous = await authorise({
      edgeCallId: `anon-${c.id}`,
      username: c.username,
      destination: UK,
      callerId: 'anonymous',
    });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({
      allow: false,
      reason: 'CALLER_ID_NOT_VERIFIED',
      sipStatus: 403,
    });
  });

  it('gives every refusal a readable SIP reason phrase', async () => {
    const poor = await caller('0.05');
    const r = await authorise({
      edgeCallId: `poor-${poor.id}`,
      username: poor.username,
      destination: UK,
    });
    expect(r.body).toMatchObject({
      allow: false,
      reason: 'INSUFFICIENT_BALANCE',
      sipStatus: 402,
      phrase: 'Insufficient balance',
    });
    const unknown = await authorise({
      edgeCallId: 'who-1',
      username: 'p999999999',
      destination: UK,
    });
    expect(unknown.body).toMatchObject({ sipStatus: 403, phrase: 'Unknown account' });
    const nobody = await edge(ctx.app, 'inbound', {
      edgeCallId: 'in-nobody',
      number: '+15550009999',
    });
    expect(nobody.json()).toMatchObject({ sipStatus: 404, phrase: 'Number not assigned' });
  });
});
