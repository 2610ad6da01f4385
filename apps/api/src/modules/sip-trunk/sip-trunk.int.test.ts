import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { seedCall } from '../../../test/seed-calls.js';
import { buyNumber } from '../../../test/voice.js';
import { createSandboxVoiceGateway } from '../../integrations/voice/sandbox.js';
import { digestHashes } from '../voice/sip-accounts.service.js';

const reloads = vi.fn(async () => true);
const ctx = useTestApp({
  env: {
    VOICE_TRUNK_MAX_CHANNELS: '120',
    VOICE_TRUNK_PRIVATE_NETWORKS: '127.0.0.0/8, fd00::/8',
    VOICE_TRUNK_SOURCES: '127.0.0.3',
  },
  deps: () => ({
    voice: { gateway: { ...createSandboxVoiceGateway(), reloadTrunkSources: reloads } },
  }),
  seedCatalogue: true,
});

type TrunkBody = {
  id: string;
  status: string;
  channels: number;
  maxChannels: number;
  username: string;
  password: string;
  domain: string;
  authMethod: string;
  allowedIps: string[];
  failover: boolean;
  numbers: { id: string; number: string }[];
  stats: Record<string, number | null>;
};
const TRUNKS = '/api/sip-trunk/trunks';
const SETTINGS = {
  authMethod: 'ip',
  channels: 20,
  codec: 'g722',
  allowedIps: ['81.2.69.0/24', '127.0.0.2'],
  callerId: null,
  inboundHost: '127.0.0.2:5090',
  failoverHost: null,
};

/** A package by name; the trunk service's first (there are two named "Analytics"). */
async function packageId(name: string) {
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`select p.id from packages p join services s on s.id = p.service_id
      where p.name = ${name} order by s.slug <> 'sip-trunk' limit 1`,
  );
  if (!row) throw new Error(`no package ${name}`);
  return row.id;
}
const buy = async (cookie: string, name: string) =>
  send(ctx.app, 'POST', '/api/orders', cookie, { itemId: await packageId(name) });
const trunksOf = async (cookie: string) => {
  const res = await send(ctx.app, 'GET', TRUNKS, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: TrunkBody[]; numbers: { id: string; trunkId: string | null }[] };
};
async function customerWithTrunk(name = 'Trunk Professional') {
  const c = await fundedCustomer(ctx.app, ctx.database, '500');
  expect((await buy(c.cookie, name)).statusCode).toBe(201);
  const [trunk] = (await trunksOf(c.cookie)).items;
  if (!trunk) throw new Error('no trunk');
  return { ...c, trunk };
}
const update = (cookie: string, id: string, body: object) =>
  send(ctx.app, 'PUT', `${TRUNKS}/${id}`, cookie, { ...SETTINGS, ...body });
const fieldsOf = (body: string) =>
  (JSON.parse(body).error.fields as { path: string; code: string }[]).map((f) => [f.path, f.code]);

describe('a trunk per purchase', () => {
  it('buying a trunk package provisions a trunk with its channels and credentials', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '500');
    expect((await trunksOf(c.cookie)).items).toEqual([]);
    expect((await buy(c.cookie, 'Trunk Professional')).statusCode).toBe(201);
    const [trunk] = (await trunksOf(c.cookie)).items;
    expect(trunk).toMatchObject({
      status: 'active',
      channels: 50,
      maxChannels: 50,
      failover: false,
    });
    expect(trunk?.username).toMatch(/^t\d{9}$/);
    // The edge checks the digest against the hashes of the password the customer reads.
    const [row] = await queryRows<{ ha1: string }>(
      ctx.database,
      sql`select ha1 from sip_subscribers where username = ${trunk?.username}`,
    );
    expect(row?.ha1).toBe(
      digestHashes(trunk?.username ?? '', trunk?.domain ?? '', trunk?.password ?? '').ha1,
    );
  });

  it('"Unlimited" stops at the operator maximum', async () => {
    const { trunk } = await customerWithTrunk('Trunk Enterprise');
    expect(trunk).toMatchObject({ channels: 120, maxChannels: 120 });
  });

  it('a failover add-on needs a trunk, and attaches to it', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '500');
    const refused = await buy(c.cookie, 'Failover');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRUNK_REQUIRED');
    const [balance] = await queryRows<{ b: string }>(
      ctx.database,
      sql`select crypto_balance::text as b from users where id = ${c.id}`,
    );
    expect(balance?.b).toBe('500.0000');
    expect((await buy(c.cookie, 'Trunk Starter')).statusCode).toBe(201);
    expect((await buy(c.cookie, 'Failover')).statusCode).toBe(201);
    expect((await trunksOf(c.cookie)).items[0]).toMatchObject({ failover: true, channels: 10 });
  });
});

describe('an add-on for a chosen trunk', () => {
  it('attaches to the trunk named in the order, never to another customer’s', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '500');
    expect((await buy(c.cookie, 'Trunk Starter')).statusCode).toBe(201);
    expect((await buy(c.cookie, 'Trunk Starter')).statusCode).toBe(201);
    const [, second] = (await trunksOf(c.cookie)).items;
    if (!second) throw new Error('no second trunk');
    const order = async (cookie: string, trunkId: string) =>
      send(ctx.app, 'POST', '/api/orders', cookie, {
        itemId: await packageId('Failover'),
        trunkId,
      });
    expect((await order(c.cookie, second.id)).statusCode).toBe(201);
    expect((await trunksOf(c.cookie)).items.map((t) => t.failover)).toEqual([false, true]);
    // That trunk has it already; another customer's trunk is not theirs to add to.
    expect((await order(c.cookie, second.id)).json().error.code).toBe('TRUNK_REQUIRED');
    const other = await fundedCustomer(ctx.app, ctx.database, '500');
    expect((await order(other.cookie, second.id)).statusCode).toBe(409);
  });
});

describe('settings', () => {
  it('IP authentication puts the trunk’s networks in the edge’s view and reloads the edge', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    reloads.mockClear();
    const res = await update(cookie, trunk.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      authMethod: 'ip',
      channels: 20,
      codec: 'g722',
      allowedIps: ['81.2.69.0/24', '127.0.0.2/32'],
      inboundHost: '127.0.0.2:5090',
    });
    expect(reloads).toHaveBeenCalledTimes(1);
    const sources = await queryRows<{ ip_addr: string; mask: number; tag: string }>(
      ctx.database,
      sql`select ip_addr, mask, tag from sip_trunk_sources where tag = ${trunk.id} order by id`,
    );
    expect(sources).toEqual([
      { ip_addr: '81.2.69.0', mask: 24, tag: trunk.id },
      { ip_addr: '127.0.0.2', mask: 32, tag: trunk.id },
    ]);
    // An IP trunk has no digest to offer; back on credentials, its sources leave the view.
    expect(
      await queryRows(
        ctx.database,
        sql`select 1 from sip_subscribers where username = ${trunk.username}`,
      ),
    ).toEqual([]);
    expect((await update(cookie, trunk.id, { authMethod: 'credentials' })).statusCode).toBe(200);
    expect(
      await queryRows(ctx.database, sql`select 1 from sip_trunk_sources where tag = ${trunk.id}`),
    ).toEqual([]);
    expect(reloads).toHaveBeenCalledTimes(2);
  });

  it('refuses addresses a customer may not claim, naming each, and changes nothing', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    // What is not an address at all is the request's own fault, caught first.
    const malformed = await update(cookie, trunk.id, {
      allowedIps: ['81.2.69.0/24', '81.2.69.1/24'],
    });
    expect(fieldsOf(malformed.body)).toEqual([['body.allowedIps.1', 'IP_RANGE_INVALID']]);
    const res = await update(cookie, trunk.id, {
      allowedIps: [
        '10.1.2.3',
        '127.0.0.3',
        '81.0.0.0/8',
        '81.2.69.0/24',
        '81.2.69.7',
        '2a00:1450::/48',
      ],
      channels: 51,
      callerId: '+447400999000',
      // The carrier's address would loop calls through it; a private one is not the PBX's.
      inboundHost: '127.0.0.3:5060',
      failoverHost: '10.0.0.5',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      ['body.allowedIps.0', 'IP_NOT_PUBLIC'],
      ['body.allowedIps.1', 'IP_RESERVED'],
      ['body.allowedIps.2', 'IP_RANGE_TOO_WIDE'],
      ['body.allowedIps.4', 'IP_OVERLAPS'],
      ['body.channels', 'TRUNK_CHANNELS_OVER_PACKAGE'],
      ['body.callerId', 'TRUNK_CALLER_ID_NOT_OWNED'],
      ['body.inboundHost', 'IP_RESERVED'],
      ['body.failoverHost', 'IP_NOT_PUBLIC'],
    ]);
    const loopback = await update(cookie, trunk.id, { inboundHost: 'localhost:5060' });
    expect(fieldsOf(loopback.body)).toEqual([['body.inboundHost', 'IP_NOT_PUBLIC']]);
    expect((await trunksOf(cookie)).items[0]).toMatchObject({
      authMethod: 'credentials',
      allowedIps: [],
    });
  });

  it('an address is one customer’s at a time', async () => {
    const first = await customerWithTrunk();
    expect(
      (await update(first.cookie, first.trunk.id, { allowedIps: ['81.2.70.0/24'] })).statusCode,
    ).toBe(200);
    const second = await customerWithTrunk();
    const res = await update(second.cookie, second.trunk.id, { allowedIps: ['81.2.70.9'] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([['body.allowedIps.0', 'IP_TAKEN']]);
    // The database says so too, whoever writes.
    await expect(
      ctx.database.db.execute(
        sql`insert into sip_trunk_addresses (trunk_id, network) values (${second.trunk.id}, '81.2.70.128/25')`,
      ),
    ).rejects.toThrow();
  });

  it('a default caller ID must be one of the customer’s numbers', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    const number = await buyNumber(ctx.app, ctx.database, cookie);
    const res = await update(cookie, trunk.id, { callerId: number });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().callerId).toBe(number);
    const listed = (await send(ctx.app, 'GET', TRUNKS, cookie)).json();
    expect(listed.callerIds).toEqual([number]);
  });

  it('another customer’s trunk is not found', async () => {
    const { trunk } = await customerWithTrunk();
    const other = await fundedCustomer(ctx.app, ctx.database, '0');
    expect((await update(other.cookie, trunk.id, {})).statusCode).toBe(404);
    expect(
      (await send(ctx.app, 'POST', `${TRUNKS}/${trunk.id}/password`, other.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('the Analytics add-on', () => {
  it('gives the trunk its media quality and its call records as CSV', async () => {
    const c = await customerWithTrunk();
    const url = `${TRUNKS}/${c.trunk.id}/calls`;
    const refused = await send(ctx.app, 'GET', url, c.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TRUNK_ADDON_REQUIRED');
    const now = new Date();
    const measured = {
      answeredAt: now,
      duration: 60,
      mos: '4.20',
      jitterMs: '3.00',
      lossPercent: '0.500',
    };
    await seedCall(ctx.database, {
      userId: c.id,
      trunkId: c.trunk.id,
      ...measured,
      destination: '+4420700111',
    });
    await seedCall(ctx.database, { userId: c.id, trunkId: c.trunk.id, ...measured, mos: '3.80' });
    // The customer's softphone call is not the trunk's.
    await seedCall(ctx.database, { userId: c.id, destination: '+4420700999' });
    expect((await trunksOf(c.cookie)).items[0]?.stats.quality).toBeNull();
    expect((await buy(c.cookie, 'Analytics')).statusCode).toBe(201);
    const [trunk] = (await trunksOf(c.cookie)).items;
    expect(trunk?.stats.quality).toEqual({ mos: 4, jitterMs: 3, lossPercent: 0.5 });
    const res = await send(ctx.app, 'GET', url, c.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^started,callerId,destination/);
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('+4420700111');
    expect(res.body).not.toContain('+4420700999');
  });
});

describe('credentials, numbers and figures', () => {
  it('a new password replaces the old one at once', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    const res = await send(ctx.app, 'POST', `${TRUNKS}/${trunk.id}/password`, cookie);
    expect(res.statusCode).toBe(200);
    const { password } = res.json() as { password: string };
    expect(password).not.toBe(trunk.password);
    const [row] = await queryRows<{ ha1: string }>(
      ctx.database,
      sql`select ha1 from sip_subscribers where username = ${trunk.username}`,
    );
    expect(row?.ha1).toBe(digestHashes(trunk.username, trunk.domain, password).ha1);
    expect((await trunksOf(cookie)).items[0]?.password).toBe(password);
  });

  it('a number rings the trunk, only its owner can point it, and it can come back', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    await buyNumber(ctx.app, ctx.database, cookie);
    const [number] = (await trunksOf(cookie)).numbers;
    if (!number) throw new Error('no number');
    const other = await customerWithTrunk();
    const url = `/api/sip-trunk/numbers/${number.id}`;
    expect(
      (await send(ctx.app, 'PUT', url, other.cookie, { trunkId: other.trunk.id })).statusCode,
    ).toBe(404);
    expect((await send(ctx.app, 'PUT', url, cookie, { trunkId: other.trunk.id })).statusCode).toBe(
      404,
    );
    expect((await send(ctx.app, 'PUT', url, cookie, { trunkId: trunk.id })).statusCode).toBe(204);
    expect((await trunksOf(cookie)).items[0]?.numbers.map((n) => n.id)).toEqual([number.id]);
    expect((await send(ctx.app, 'PUT', url, cookie, { trunkId: null })).statusCode).toBe(204);
    expect((await trunksOf(cookie)).numbers[0]?.trunkId).toBeNull();
  });

  it('today’s figures: channels in use, calls, minutes, ASR and ACD, for the owner and admins', async () => {
    const c = await customerWithTrunk();
    const trunkId = c.trunk.id;
    const now = new Date();
    await seedCall(ctx.database, { userId: c.id, trunkId, answeredAt: now, duration: 90 });
    await seedCall(ctx.database, { userId: c.id, trunkId, answeredAt: now, duration: 30 });
    await seedCall(ctx.database, { userId: c.id, trunkId, status: 'no_answer' });
    await seedCall(ctx.database, { userId: c.id, trunkId, status: 'answered', answeredAt: now });
    // Yesterday's call counts for nothing today.
    await seedCall(ctx.database, {
      userId: c.id,
      trunkId,
      answeredAt: now,
      duration: 600,
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
    });
    const stats = {
      channelsInUse: 1,
      callsToday: 4,
      answeredToday: 3,
      minutesToday: 2,
      asr: 75,
      acdSeconds: 40,
      quality: null,
    };
    expect((await trunksOf(c.cookie)).items[0]?.stats).toEqual(stats);
    const admin = await adminSession(ctx, 'trunk-admin@example.com');
    const res = await send(ctx.app, 'GET', '/api/admin/sip-trunks', admin);
    expect(res.statusCode).toBe(200);
    const row = (res.json().items as { id: string; stats: object; email: string }[]).find(
      (t) => t.id === trunkId,
    );
    expect(row?.stats).toEqual(stats);
    expect(row?.email).toMatch(/@/);
    expect((await send(ctx.app, 'GET', '/api/admin/sip-trunks', c.cookie)).statusCode).toBe(403);
  });

  it('a trunk whose renewal failed shows as suspended', async () => {
    const { cookie, trunk } = await customerWithTrunk();
    await ctx.database.db.execute(
      sql`update orders set status = 'suspended' where id = (select order_id from sip_trunks where id = ${trunk.id})`,
    );
    expect((await trunksOf(cookie)).items[0]?.status).toBe('suspended');
  });
});
