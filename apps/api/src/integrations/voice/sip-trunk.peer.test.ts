import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { callCost } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../test/certificate.js';
import { createEdgeRole } from '../../../test/edge-role.js';
import {
  createTestDatabase,
  fundedCustomer,
  generousLimits,
  queryRows,
  send,
  TEST_SESSION_SECRET,
  tempDir,
  testConfig,
  until,
} from '../../../test/helpers.js';
import {
  freePort,
  type PbxCall,
  pbxCall,
  sipp,
  sippTrunk as startSipp,
} from '../../../test/sipp.js';
import {
  buyNumber,
  buyPackage,
  buyTrunk,
  callCharges,
  EDGE_SECRET,
  moneyOf,
  type TestTrunk,
  verifyCallerId,
} from '../../../test/voice.js';
import { buildApp } from '../../app.js';
import { seedCatalogueOnce } from '../../modules/catalogue/catalogue-seed.repo.js';
import { startEdge } from './edge-process.js';
import { createSipVoiceGateway } from './sip.js';

const has = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin'].some((d) => fs.existsSync(path.join(d, bin)));
// CI installs Kamailio, rtpengine and sipp and sets PARLEY_REQUIRE_SIP_EDGE: there this never skips.
const ready =
  has('kamailio') && has('rtpengine') && has('sipp') && Boolean(process.env.TEST_DATABASE_URL);
if (!ready && process.env.PARLEY_REQUIRE_SIP_EDGE)
  throw new Error('Kamailio, rtpengine, sipp and TEST_DATABASE_URL are required here');

const DOMAIN = 'sip.parley.example';
const REGISTER = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../test/sipp/register.xml'),
  'utf8',
);
const ME = '+447400111222';
const OTHER = '+447400333444';
const DE = '+4915112345678';
const EDGE_REPORT_MS = 20_000;
// The carrier calls in from 127.0.0.3; PBXs call from 127.0.0.2 (IP) and 127.0.0.1.
const CARRIER_SOURCE = '127.0.0.3';
let sipPort = 0;
let tlsPort = 0;
let certificate = '';
let carrierPort = 0;
let pbxPort = 0;
let failoverPort = 0;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let edge: Awaited<ReturnType<typeof startEdge>>;
let edgeRole: Awaited<ReturnType<typeof createEdgeRole>>;
let gateway: ReturnType<typeof createSipVoiceGateway>;

const running: ReturnType<typeof startSipp>[] = [];
/** A sipp taking calls (the carrier, a PBX, a failover destination), stopped after each test. */
const uas = (...args: Parameters<typeof startSipp>) => {
  const s = startSipp(...args);
  running.push(s);
  return s;
};

/** One call by a PBX (or the carrier) from `from`, as `user` calling `number`. */
function dial(
  from: string,
  call: PbxCall,
  fields: { user: string; number: string; password?: string; from?: string },
) {
  const auth = fields.password
    ? `[authentication username=${fields.user} password=${fields.password}]`
    : '';
  const args = ['-sf', 'scenario.xml', '-inf', 'users.csv', '-i', from, '-m', '1', '-l', '1'];
  args.push('-timeout', '30', '-timeout_error', `127.0.0.1:${sipPort}`);
  return sipp(args, {
    'scenario.xml': pbxCall(call),
    'users.csv': `SEQUENTIAL\n${fields.from ?? fields.user};${fields.number};${DOMAIN};${auth}\n`,
  });
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * A PBX's INVITE over SIP TLS (sipp here has no TLS): sent, its 407 answered with the
 * trunk's digest, and the final answer's status returned.
 */
function tlsInvite(user: string, password: string, number: string): Promise<number> {
  const uri = `sip:${number}@${DOMAIN}`;
  const invite = (cseq: number, auth = '') =>
    `INVITE ${uri} SIP/2.0\r\nVia: SIP/2.0/TLS 127.0.0.1:5999;branch=z9hG4bK-trunk-${cseq};rport\r\n` +
    `From: <sip:${user}@${DOMAIN}>;tag=pbx1\r\nTo: <${uri}>\r\nCall-ID: tls-trunk-${user}@127.0.0.1\r\n` +
    `CSeq: ${cseq} INVITE\r\nContact: <sip:${user}@127.0.0.1:5999;transport=tls>\r\n${auth}` +
    'Max-Forwards: 70\r\nContent-Length: 0\r\n\r\n';
  return new Promise((resolve, reject) => {
    let heard = '';
    const socket = tls.connect(
      { host: '127.0.0.1', port: tlsPort, ca: fs.readFileSync(certificate) },
      () => socket.write(invite(1)),
    );
    socket.setTimeout(15_000, () => reject(new Error(`no final answer over TLS: ${heard}`)));
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      heard += chunk.toString('latin1');
      const challenge = heard.match(/Proxy-Authenticate: Digest realm="([^"]+)", nonce="([^"]+)"/);
      if (challenge && !heard.includes('CSeq: 2 INVITE') && !socket.writableEnded) {
        const [, realm, nonce] = challenge;
        const response = md5(
          `${md5(`${user}:${realm}:${password}`)}:${nonce}:${md5(`INVITE:${uri}`)}`,
        );
        heard = '';
        socket.write(
          invite(
            2,
            `Proxy-Authorization: Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5\r\n`,
          ),
        );
        return;
      }
      const final = heard.match(/SIP\/2\.0 ([2-6]\d\d) [^\r]*\r\n(?:[^\r]+\r\n)*?CSeq: 2 INVITE/);
      if (final) {
        resolve(Number(final[1]));
        socket.destroy();
      }
    });
  });
}

type CallFacts = {
  id: string;
  status: string;
  direction: string;
  duration: number;
  cost: string;
  rate_per_minute: string;
  hangup_cause: string;
  caller_id: string;
  trunk_id: string | null;
};
const callsOf = (userId: string) =>
  queryRows<CallFacts>(
    database,
    sql`select id, status, direction, duration, cost::text, rate_per_minute::text, hangup_cause,
          caller_id, trunk_id from calls where user_id = ${userId} order by created_at`,
  );
const settled = (userId: string, n: number) =>
  until(
    () => callsOf(userId),
    (rows) =>
      rows.length === n &&
      rows.every((r) => !['dialing', 'ringing', 'answered'].includes(r.status)),
    EDGE_REPORT_MS,
  );

/** A funded customer with `ME` and `OTHER` to show, and a trunk as `t` says. */
async function trunkCustomer(t: Omit<TestTrunk, 'domain'>) {
  const c = await fundedCustomer(app, database, '400.00');
  await verifyCallerId(app, database, c.cookie, ME);
  await verifyCallerId(app, database, c.cookie, OTHER);
  const trunk = await buyTrunk({ app, database }, c, { ...t, domain: DOMAIN });
  return { ...c, trunk };
}

describe.skipIf(!ready)(
  'SIP trunks at the edge (Kamailio, rtpengine, sipp)',
  { timeout: 60_000 },
  () => {
    beforeAll(async () => {
      const [rpcPort, parleyPort, controlPort] = await Promise.all([
        freePort(),
        freePort(),
        freePort(),
      ]);
      [sipPort, carrierPort, pbxPort, failoverPort] = await Promise.all([
        freePort(),
        freePort(),
        freePort(),
        freePort(),
      ]);
      database = await createTestDatabase('postgres');
      tlsPort = await freePort();
      const pair = selfSignedCertificate();
      certificate = pair.certificate;
      app = await buildApp({
        config: testConfig({
          VOICE_GATEWAY: 'sip',
          VOICE_EDGE_SECRET: EDGE_SECRET,
          VOICE_BILLING_INCREMENTS: '1/1',
          VOICE_EDGE_RPC_URL: `http://127.0.0.1:${rpcPort}/rpc`,
          VOICE_TRUNK_FAILOVER_SECONDS: '3',
          // PBXs on loopback are the customers' "private network" here.
          VOICE_TRUNK_PRIVATE_NETWORKS: '127.0.0.0/8',
          VOICE_TRUNK_SOURCES: CARRIER_SOURCE,
        }),
        database,
        sessionSecret: TEST_SESSION_SECRET,
        challengeCounterRange: [1, 50],
        authLimits: generousLimits(),
        voice: { priceCacheMs: 0 },
      });
      await app.listen({ host: '127.0.0.1', port: parleyPort });
      await seedCatalogueOnce(database.db);
      // German calls at £3.00 a minute (5p a second): easy sums, short cut-offs.
      await database.db.execute(
        sql`update country_pricing set voip_price = 3, currency = 'GBP' where country_code = 'DE'`,
      );
      edgeRole = await createEdgeRole(database.url ?? '');
      const control = { address: '127.0.0.1', port: controlPort };
      const mediaFrom = 20_000 + Math.floor(Math.random() * 20_000) * 2;
      edge = await startEdge({
        media: { address: '127.0.0.1', ports: { min: mediaFrom, max: mediaFrom + 99 }, control },
        settings: {
          domain: DOMAIN,
          listen: { address: '127.0.0.1', port: sipPort },
          databaseUrl: edgeRole.url,
          parleyUrl: `http://127.0.0.1:${parleyPort}`,
          edgeSecret: EDGE_SECRET,
          trunk: `127.0.0.1:${carrierPort}`,
          trunkSources: [CARRIER_SOURCE],
          rpc: { address: '127.0.0.1', port: rpcPort },
          ringTimeoutSeconds: 60,
          media: control,
          authFailLimit: 50,
          authBanSeconds: 60,
          tls: { port: tlsPort, ...pair },
          sourcesReloadSeconds: 2,
        },
        runDir: tempDir('parley-edge-'),
        log: (line) => {
          if (process.env.SIPP_DEBUG) fs.appendFileSync(process.env.SIPP_DEBUG, `${line}\n`);
        },
      });
      gateway = createSipVoiceGateway({
        rpcUrl: `http://127.0.0.1:${rpcPort}/rpc`,
        secret: EDGE_SECRET,
        pingMs: 0,
      });
    }, 60_000);
    afterEach(async () => {
      for (const s of running.splice(0)) {
        s.stop();
        await s.exited;
      }
    });
    afterAll(async () => {
      await gateway?.close();
      await edge?.stop();
      await app?.close();
      await database?.close();
      await edgeRole?.drop();
    });

    it("challenges a PBX at an address no trunk has; once the trunk lists it and the edge reloads, its call is the trunk's: no digest, its caller ID, its codec first, billed once", async () => {
      const c = await trunkCustomer({ authMethod: 'ip', codec: 'g722' });
      const call: PbxCall = { payloads: [0, 8, 9], end: { talkMs: 1200 } };
      // Not listed: a digest is asked, and no call is written.
      expect(await dial('127.0.0.2', { end: { challenged: true } }, { user: ME, number: DE })).toBe(
        0,
      );
      expect(await callsOf(c.id)).toEqual([]);
      // The customer lists the address (Parley then asks the edge to read its sources again).
      const saved = await send(app, 'PUT', `/api/sip-trunk/trunks/${c.trunk.id}`, c.cookie, {
        authMethod: 'ip',
        channels: 50,
        codec: 'g722',
        allowedIps: ['127.0.0.2'],
      });
      expect(saved.statusCode).toBe(200);
      expect(await gateway.reloadTrunkSources?.()).toBe(true);
      // The carrier hears the PBX's own number (its From user), and G.722 offered first.
      const carrier = uas(carrierPort, { callerId: ME, fromUser: ME, offer: [9, 0, 8] });
      expect(await dial('127.0.0.2', call, { user: ME, number: DE })).toBe(0);
      expect(await carrier.exited).toBe(0);
      const [row] = await settled(c.id, 1);
      expect(row).toMatchObject({ status: 'ended', trunk_id: c.trunk.id, caller_id: ME });
      expect(row?.duration).toBeGreaterThanOrEqual(1);
      expect(row?.cost).toBe(callCost(row?.rate_per_minute ?? '', row?.duration ?? 0));
      expect(await callCharges(database, row?.id ?? '')).toHaveLength(1);
      expect(await moneyOf(database, c.id)).toMatchObject({ held: '0.0000' });

      // Its renewal fails: refused (403) until it is paid, then it calls again.
      await database.db.execute(
        sql`update orders set status = 'suspended' where id = ${c.trunk.orderId}`,
      );
      const refused: PbxCall = { end: { refused: 403, phrase: 'Trunk suspended' } };
      expect(await dial('127.0.0.2', refused, { user: ME, number: DE })).toBe(0);
      await database.db.execute(
        sql`update orders set status = 'active' where id = ${c.trunk.orderId}`,
      );
      const again = uas(carrierPort);
      expect(await dial('127.0.0.2', { end: { talkMs: 300 } }, { user: ME, number: DE })).toBe(0);
      expect(await again.exited).toBe(0);
      expect(await settled(c.id, 2)).toHaveLength(2);
    });

    it('reads a source added without a reload at its next periodic read', async () => {
      const c = await trunkCustomer({ authMethod: 'ip', addresses: ['127.0.0.4/32'] });
      // The edge's own timer (every 2 s here, a minute in production) picks it up.
      await new Promise((done) => setTimeout(done, 2500));
      const carrier = uas(carrierPort, { callerId: ME });
      expect(await dial('127.0.0.4', { end: { talkMs: 300 } }, { user: ME, number: DE })).toBe(0);
      expect(await carrier.exited).toBe(0);
      expect((await settled(c.id, 1))[0]).toMatchObject({ status: 'ended', trunk_id: c.trunk.id });
    });

    it("takes a trunk's credentials; an identity the customer may not show becomes the trunk's default; a TLS trunk's call is refused over UDP and carried over TLS", async () => {
      const c = await trunkCustomer({ authMethod: 'credentials', callerId: OTHER });
      const me = { user: c.trunk.username, number: DE, password: c.trunk.password };
      // Its From is its own caller ID with a display name, not the trunk's username: the
      // digest alone counts; the carrier hears the trunk's default in PAI and in From alike.
      const carrier = uas(carrierPort, { callerId: OTHER, fromUser: OTHER });
      const call: PbxCall = { credentials: true, fromName: 'My Bank', end: { talkMs: 300 } };
      expect(await dial('127.0.0.1', call, { ...me, from: '+15555550100' })).toBe(0);
      expect(await carrier.exited).toBe(0);
      expect((await settled(c.id, 1))[0]).toMatchObject({ status: 'ended', caller_id: OTHER });
      // An identity header the customer may not show is not shown either.
      const second = uas(carrierPort, { callerId: OTHER, fromUser: OTHER });
      const asserted: PbxCall = {
        credentials: true,
        assertedId: '+15555550100',
        end: { talkMs: 300 },
      };
      expect(await dial('127.0.0.1', asserted, me)).toBe(0);
      expect(await second.exited).toBe(0);
      expect((await settled(c.id, 2))[1]).toMatchObject({ status: 'ended', caller_id: OTHER });
      await database.db.execute(
        sql`update sip_trunks set auth_method = 'tls' where id = ${c.trunk.id}`,
      );
      const overUdp: PbxCall = { credentials: true, end: { refused: 403, phrase: 'TLS required' } };
      expect(await dial('127.0.0.1', overUdp, me)).toBe(0);
      expect(await callsOf(c.id)).toHaveLength(2);
      // Over TLS it is the trunk's call (the carrier refuses it busy here: free).
      const busy = uas(carrierPort, { reject: 486 });
      expect(await tlsInvite(c.trunk.username, c.trunk.password, DE)).toBe(486);
      expect(await busy.exited).toBe(0);
      expect((await settled(c.id, 3))[2]).toMatchObject({
        status: 'busy',
        trunk_id: c.trunk.id,
        cost: '0.0000',
      });
    });

    it('carries as many calls at once as the trunk has channels: the next gets 486 and is not charged', async () => {
      const c = await trunkCustomer({ authMethod: 'credentials', channels: 2 });
      // Each call holds its longest length (four hours at £3 a minute): enough for three.
      await database.db.execute(sql`update users set crypto_balance = 3000 where id = ${c.id}`);
      const me = { user: c.trunk.username, number: DE, password: c.trunk.password };
      const carrier = uas(carrierPort, { calls: 2 });
      // Each either talks or is refused busy; only two calls exist afterwards, so the third was refused.
      const call: PbxCall = { credentials: true, end: { talkMs: 1500, orBusy: true } };
      const codes = await Promise.all([1, 2, 3].map(() => dial('127.0.0.1', call, me)));
      expect(codes).toEqual([0, 0, 0]);
      expect(await carrier.exited).toBe(0);
      const rows = await settled(c.id, 2);
      expect(rows.map((r) => [r.status, r.trunk_id])).toEqual([
        ['ended', c.trunk.id],
        ['ended', c.trunk.id],
      ]);
      for (const row of rows) expect(await callCharges(database, row.id)).toHaveLength(1);
      expect(await moneyOf(database, c.id)).toMatchObject({ held: '0.0000' });
    });

    it('cuts a trunk call off where the balance ends, and bills exactly that', async () => {
      const c = await trunkCustomer({ authMethod: 'credentials' });
      // 10p at 5p a second: two seconds.
      await database.db.execute(sql`update users set crypto_balance = 0.10 where id = ${c.id}`);
      const carrier = uas(carrierPort);
      const me = { user: c.trunk.username, number: DE, password: c.trunk.password };
      expect(await dial('127.0.0.1', { credentials: true, end: { waitBye: true } }, me)).toBe(0);
      expect(await carrier.exited).toBe(0);
      const [row] = await settled(c.id, 1);
      expect(row).toMatchObject({
        status: 'ended',
        hangup_cause: 'cutoff',
        duration: 2,
        cost: '0.1000',
      });
      expect(await moneyOf(database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
    });

    it("answers the carrier 486 for a call to the trunk's number when its channels are all in use", async () => {
      const c = await trunkCustomer({
        authMethod: 'credentials',
        channels: 1,
        inboundHost: `127.0.0.1:${pbxPort}`,
      });
      const number = await buyNumber(app, database, c.cookie);
      await database.db.execute(
        sql`update did_numbers set trunk_id = ${c.trunk.id} where number = ${number}`,
      );
      const pbx = uas(pbxPort);
      // Two calls at once for one channel: each either talks or is refused busy; only one
      // call exists afterwards, so the other was refused.
      const call: PbxCall = { end: { talkMs: 1500, orBusy: true } };
      const from = { user: '+4930123456', number };
      const codes = await Promise.all([1, 2].map(() => dial(CARRIER_SOURCE, call, from)));
      expect(codes).toEqual([0, 0]);
      expect(await pbx.exited).toBe(0);
      expect((await settled(c.id, 1)).map((r) => [r.direction, r.status, r.trunk_id])).toEqual([
        ['inbound', 'ended', c.trunk.id],
      ]);
    });

    it("rings a number routed to the trunk at its PBX with the trunk's codec first, then at the failover destination when the PBX fails", async () => {
      const c = await trunkCustomer({
        authMethod: 'credentials',
        codec: 'g722',
        inboundHost: `127.0.0.1:${pbxPort}`,
      });
      const number = await buyNumber(app, database, c.cookie);
      await database.db.execute(
        sql`update did_numbers set trunk_id = ${c.trunk.id} where number = ${number}`,
      );
      const fromCarrier = { user: '+4930123456', number };
      const pbx = uas(pbxPort, { offer: [9, 0, 8] });
      expect(
        await dial(CARRIER_SOURCE, { payloads: [0, 8, 9], end: { talkMs: 300 } }, fromCarrier),
      ).toBe(0);
      expect(await pbx.exited).toBe(0);
      expect((await settled(c.id, 1))[0]).toMatchObject({
        direction: 'inbound',
        status: 'ended',
        trunk_id: c.trunk.id,
        cost: '0.0000',
      });

      const failoverOrder = await buyPackage(app, database, c.cookie, 'Failover');
      await database.db.execute(
        sql`update sip_trunks set failover_order_id = ${failoverOrder},
            failover_host = ${`127.0.0.1:${failoverPort}`} where id = ${c.trunk.id}`,
      );
      const failing = uas(pbxPort, { reject: 503 });
      const failover = uas(failoverPort);
      expect(await dial(CARRIER_SOURCE, { end: { talkMs: 300 } }, fromCarrier)).toBe(0);
      expect(await failing.exited).toBe(0);
      expect(await failover.exited).toBe(0);
      expect((await settled(c.id, 2))[1]).toMatchObject({ direction: 'inbound', status: 'ended' });

      // A PBX that rings and does not answer within VOICE_TRUNK_FAILOVER_SECONDS (3 here)
      // is cancelled, and the failover destination rings instead.
      const ringing = uas(pbxPort, { ringUntilCancel: true });
      const second = uas(failoverPort);
      const started = Date.now();
      expect(await dial(CARRIER_SOURCE, { end: { talkMs: 300 } }, fromCarrier)).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      expect(await ringing.exited).toBe(0);
      expect(await second.exited).toBe(0);
      expect((await settled(c.id, 3))[2]).toMatchObject({ direction: 'inbound', status: 'ended' });
    });

    it('rings a number routed (through the API) to a trunk whose PBX registered, where it registered', async () => {
      const c = await trunkCustomer({ authMethod: 'credentials' });
      const number = await buyNumber(app, database, c.cookie);
      const [row] = await queryRows<{ id: string }>(
        database,
        sql`select id from did_numbers where number = ${number}`,
      );
      const routed = await send(app, 'PUT', `/api/sip-trunk/numbers/${row?.id}`, c.cookie, {
        trunkId: c.trunk.id,
      });
      expect(routed.statusCode).toBe(204);
      // The PBX registers with the trunk's credentials from its own port, then answers there.
      const registered = await sipp(
        ['-sf', 'scenario.xml', '-inf', 'users.csv', '-i', '127.0.0.1', '-p', String(pbxPort)]
          .concat(['-m', '1', '-l', '1', '-timeout', '20', '-timeout_error'])
          .concat([`127.0.0.1:${sipPort}`]),
        {
          'scenario.xml': REGISTER,
          'users.csv': `SEQUENTIAL\n${c.trunk.username};${DE};${DOMAIN};[authentication username=${c.trunk.username} password=${c.trunk.password}]\n`,
        },
      );
      expect(registered).toBe(0);
      const pbx = uas(pbxPort);
      const fromCarrier = { user: '+4930123456', number };
      expect(await dial(CARRIER_SOURCE, { end: { talkMs: 300 } }, fromCarrier)).toBe(0);
      expect(await pbx.exited).toBe(0);
      expect((await settled(c.id, 1))[0]).toMatchObject({
        direction: 'inbound',
        status: 'ended',
        trunk_id: c.trunk.id,
        cost: '0.0000',
      });
    });
  },
);
