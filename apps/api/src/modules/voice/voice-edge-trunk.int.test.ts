import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { queryRows } from '../../../test/helpers.js';
import {
  buyPackage,
  buyTrunk,
  EDGE_SECRET,
  edge,
  moneyOf,
  sipCaller,
} from '../../../test/voice.js';

const ME = '+447400111222';
const UK = '+447400123456';

const ctx = useTestApp({
  env: { VOICE_GATEWAY: 'sip', VOICE_EDGE_SECRET: EDGE_SECRET },
  seedCatalogue: true,
  ready: true,
});

const authorise = (body: Record<string, unknown>) =>
  edge(ctx.app, 'authorise', body).then((r) => r.json());

describe("a trunk's calls at /internal/voice/authorise", () => {
  it("are held and recorded as the trunk's, counted against its channels only: the next is refused with nothing held", async () => {
    const c = await sipCaller(ctx, '3000.00', ME);
    const trunk = await buyTrunk(ctx, c, {
      authMethod: 'ip',
      channels: 1,
      domain: 'sip.parley.example',
    });
    const first = await authorise({ edgeCallId: `t1-${c.id}`, trunkId: trunk.id, destination: UK });
    expect(first).toMatchObject({ allow: true, callerId: ME, mediaFlags: expect.any(String) });
    const [row] = await queryRows<{ trunk_id: string; hold: string }>(
      ctx.database,
      sql`select trunk_id, hold::text from calls where id = ${first.callId}`,
    );
    expect(row?.trunk_id).toBe(trunk.id);
    expect(Number(row?.hold)).toBeGreaterThan(0);
    const held = (await moneyOf(ctx.database, c.id))?.held;
    expect(held).toBe(row?.hold);

    const second = await authorise({
      edgeCallId: `t2-${c.id}`,
      trunkId: trunk.id,
      destination: UK,
    });
    expect(second).toMatchObject({ allow: false, reason: 'CONCURRENT_CALL_LIMIT', sipStatus: 486 });
    expect((await moneyOf(ctx.database, c.id))?.held).toBe(held);

    // The trunk's call does not take one of the plan's lines from the softphone.
    const phone = await authorise({
      edgeCallId: `p1-${c.id}`,
      username: c.username,
      destination: UK,
    });
    expect(phone).toMatchObject({ allow: true });
    expect(phone.mediaFlags).toBeUndefined();
    for (const id of [`t1-${c.id}`, `p1-${c.id}`])
      await edge(ctx.app, 'end', { edgeCallId: id, cause: 'cancelled', by: 'caller' });
    expect((await moneyOf(ctx.database, c.id))?.held).toBe('0.0000');
  });

  it("are paid from the balance, never from a calling plan's minutes; a suspended trunk leaves the softphones calling", async () => {
    const c = await sipCaller(ctx, '3000.00', ME);
    // VoIP Enterprise: unlimited minutes, for the softphones.
    await buyPackage(ctx.app, ctx.database, c.cookie, 'Enterprise');
    const trunk = await buyTrunk(ctx, c, {
      authMethod: 'ip',
      channels: 5,
      domain: 'sip.parley.example',
    });
    const phone = await authorise({
      edgeCallId: `pu-${c.id}`,
      username: c.username,
      destination: UK,
    });
    const viaTrunk = await authorise({
      edgeCallId: `tu-${c.id}`,
      trunkId: trunk.id,
      destination: UK,
    });
    expect([phone.allow, viaTrunk.allow]).toEqual([true, true]);
    const holds = await queryRows<{ id: string; hold: string; included_held: number | null }>(
      ctx.database,
      sql`select id, hold::text, included_held from calls where id in (${phone.callId}, ${viaTrunk.callId})`,
    );
    const holdOf = (id: string) => holds.find((h) => h.id === id);
    expect(holdOf(phone.callId)).toMatchObject({ hold: '0.0000', included_held: null });
    expect(Number(holdOf(viaTrunk.callId)?.hold)).toBeGreaterThan(0);
    expect(holdOf(viaTrunk.callId)?.included_held).toBe(0);
    for (const id of [`pu-${c.id}`, `tu-${c.id}`])
      await edge(ctx.app, 'end', { edgeCallId: id, cause: 'cancelled', by: 'caller' });
    await ctx.database.db.execute(
      sql`update orders set status = 'suspended' where id = ${trunk.orderId}`,
    );
    const after = await authorise({
      edgeCallId: `pv-${c.id}`,
      username: c.username,
      destination: UK,
    });
    expect(after).toMatchObject({ allow: true });
    await edge(ctx.app, 'end', { edgeCallId: `pv-${c.id}`, cause: 'cancelled', by: 'caller' });
  });

  it('refuses an unknown trunk id, and a suspended trunk with 403 until it is active again', async () => {
    const c = await sipCaller(ctx, '3000.00', ME);
    const trunk = await buyTrunk(ctx, c, { authMethod: 'ip', domain: 'sip.parley.example' });
    const unknown = await authorise({
      edgeCallId: `u-${c.id}`,
      trunkId: crypto.randomUUID(),
      destination: UK,
    });
    expect(unknown).toMatchObject({ allow: false, reason: 'UNKNOWN_ACCOUNT', sipStatus: 403 });
    await ctx.database.db.execute(
      sql`update orders set status = 'suspended' where id = ${trunk.orderId}`,
    );
    expect(
      await authorise({ edgeCallId: `s-${c.id}`, trunkId: trunk.id, destination: UK }),
    ).toMatchObject({ allow: false, reason: 'TRUNK_SUSPENDED', sipStatus: 403 });
    await ctx.database.db.execute(
      sql`update orders set status = 'active' where id = ${trunk.orderId}`,
    );
    expect(
      await authorise({ edgeCallId: `a-${c.id}`, trunkId: trunk.id, destination: UK }),
    ).toMatchObject({ allow: true });
    await edge(ctx.app, 'end', { edgeCallId: `a-${c.id}`, cause: 'cancelled', by: 'caller' });
  });

  it("gives the edge an IP trunk's IPv4 and IPv6 sources as Kamailio's address table wants them", async () => {
    const c = await sipCaller(ctx, '3000.00', ME);
    const trunk = await buyTrunk(ctx, c, {
      authMethod: 'ip',
      domain: 'sip.parley.example',
      addresses: ['198.51.100.7/32', '2001:db8:77::/48'],
    });
    const rows = await queryRows<Record<string, unknown>>(
      ctx.database,
      sql`select grp, ip_addr, mask, port, tag, pg_typeof(ip_addr)::text as ip_type,
            pg_typeof(tag)::text as tag_type
          from sip_trunk_sources where tag = ${trunk.id} order by mask`,
    );
    // varchar, not text: Kamailio's db_postgres reads text as a blob, which it refuses.
    expect(rows).toEqual([
      {
        grp: 1,
        ip_addr: '198.51.100.7',
        mask: 32,
        port: 0,
        tag: trunk.id,
        ip_type: 'character varying',
        tag_type: 'character varying',
      },
      {
        grp: 1,
        ip_addr: '2001:db8:77::',
        mask: 48,
        port: 0,
        tag: trunk.id,
        ip_type: 'character varying',
        tag_type: 'character varying',
      },
    ]);
    // A credentials trunk's addresses are not sources: its PBX must give a digest.
    await ctx.database.db.execute(
      sql`update sip_trunks set auth_method = 'credentials' where id = ${trunk.id}`,
    );
    expect(
      await queryRows(ctx.database, sql`select 1 from sip_trunk_sources where tag = ${trunk.id}`),
    ).toEqual([]);
  });
});
