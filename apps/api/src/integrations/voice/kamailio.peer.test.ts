import fs from 'node:fs';
import net from 'node:net';
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
import { packetsByTag, rtpengineQuery } from '../../../test/rtpengine.js';
import {
  carrierCall,
  freePort,
  sipp,
  softphoneCall,
  sippTrunk as startTrunk,
} from '../../../test/sipp.js';
import {
  buyNumber,
  callCharges,
  EDGE_SECRET,
  edge as edgeApi,
  moneyOf,
  verifyCallerId,
} from '../../../test/voice.js';
import { buildApp } from '../../app.js';
import { seedCatalogueOnce } from '../../modules/catalogue/catalogue-seed.repo.js';
import { startEdge } from './edge-process.js';

const DOMAIN = 'sip.parley.example';
const REGISTER = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../test/sipp/register.xml'),
  'utf8',
);
const has = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'].some((d) =>
    fs.existsSync(path.join(d, bin)),
  );
// CI installs Kamailio, rtpengine and sipp and sets PARLEY_REQUIRE_SIP_EDGE: there this never skips.
const ready =
  has('kamailio') && has('rtpengine') && has('sipp') && Boolean(process.env.TEST_DATABASE_URL);
if (!ready && process.env.PARLEY_REQUIRE_SIP_EDGE)
  throw new Error('Kamailio, rtpengine, sipp and TEST_DATABASE_URL are required here');

const ME = '+447400111222';
const DE = '+4915112345678';
// The edge's reports reach Parley within this even on a machine busy with other tests.
const EDGE_REPORT_MS = 20_000;
const TRUNK_AUTH = { username: 'parley-trunk', password: 'Tr0nk-s3cret' };
let sipPort = 0;
// SIP over TCP on a port of its own (SIP_PORT_TCP), as customers are shown.
let tcpPort = 0;
// Kamailio reads the database as a role that may read sip_subscribers only.
let edgeRole: Awaited<ReturnType<typeof createEdgeRole>>;
let rpcPort = 0;
let wsPort = 0;
let parleyPort = 0;
let tlsPort = 0;
let certificate = '';
let trunkPort = 0;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let edge: Awaited<ReturnType<typeof startEdge>>;
let control: { address: string; port: number };

// Every trunk a test starts is stopped after it, passed or failed: a trunk left running
// would hold the port and answer the next test's calls.
const trunks: ReturnType<typeof startTrunk>[] = [];
const sippTrunk = (...args: Parameters<typeof startTrunk>) => {
  const trunk = startTrunk(...args);
  trunks.push(trunk);
  return trunk;
};

/** Parley on its port (the same one again after a restart), as the edge reaches it;
 * `listen: false` for another instance the edge never calls. */
async function startParley({ listen = true } = {}) {
  const parley = await buildApp({
    config: testConfig({
      VOICE_GATEWAY: 'sip',
      VOICE_EDGE_SECRET: EDGE_SECRET,
      VOICE_BILLING_INCREMENTS: '1/1',
      VOICE_EDGE_RPC_URL: `http://127.0.0.1:${rpcPort}/rpc`,
    }),
    database,
    sessionSecret: TEST_SESSION_SECRET,
    challengeCounterRange: [1, 50],
    authLimits: generousLimits(),
    voice: { priceCacheMs: 0 },
  });
  if (listen) await parley.listen({ host: '127.0.0.1', port: parleyPort });
  else await parley.ready();
  return parley;
}

const users = (username: string, password: string, destination = DE) =>
  `SEQUENTIAL\n${username};${destination};${DOMAIN};[authentication username=${username} password=${password}]\n`;
const asPhone = async (scenario: string, csv: string, phonePort?: number, transport = 'u1') => {
  const args = ['-sf', 'scenario.xml', '-inf', 'users.csv', '-i', '127.0.0.1'];
  if (phonePort) args.push('-p', String(phonePort));
  args.push('-m', '1', '-l', '1', '-t', transport);
  const edgePort = transport === 't1' ? tcpPort : sipPort;
  args.push('-timeout', '40', '-timeout_error', `127.0.0.1:${edgePort}`);
  return sipp(args, { 'scenario.xml': scenario, 'users.csv': csv });
};
// The trunk's calls come from 127.0.0.2, the address the edge knows as the trunk's.
const asCarrier = async (scenario: string, from: string, number: string) => {
  const args = ['-sf', 'scenario.xml', '-inf', 'users.csv', '-i', '127.0.0.2'];
  args.push('-m', '1', '-l', '1');
  args.push('-timeout', '40', '-timeout_error', `127.0.0.1:${sipPort}`);
  return sipp(args, {
    'scenario.xml': scenario,
    'users.csv': `SEQUENTIAL\n${from};${number};${DOMAIN};\n`,
  });
};
/** A REGISTER over UDP, or TCP with `transport` 't1'. */
const registers = (username: string, password: string, transport = 'u1') =>
  asPhone(REGISTER, users(username, password), undefined, transport).then((c) => c === 0);

async function customer(gbp: string) {
  const c = await fundedCustomer(app, database, gbp);
  const account = (await send(app, 'GET', '/api/sip/account', c.cookie)).json();
  return { ...c, username: account.username as string, password: account.password as string };
}
const lastCall = async (userId: string) =>
  (
    await queryRows<{
      status: string;
      duration: number;
      cost: string;
      hangup_cause: string;
      hangup_by: string;
      rate_per_minute: string;
      edge_call_id: string;
      destination: string;
      late: boolean;
    }>(
      database,
      sql`select status, duration, cost::text, hangup_cause, hangup_by, rate_per_minute::text, edge_call_id, destination,
          late_report_at is not null as late
          from calls where user_id = ${userId} order by created_at desc limit 1`,
    )
  )[0];

describe.skipIf(!ready)('the SIP edge (Kamailio, sipp)', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    [sipPort, tcpPort, trunkPort, rpcPort, wsPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    database = await createTestDatabase('postgres');
    parleyPort = await freePort();
    tlsPort = await freePort();
    const pair = selfSignedCertificate();
    certificate = pair.certificate;
    app = await startParley();
    await seedCatalogueOnce(database.db);
    // German calls at £3.00 a minute (5p a second): easy sums, short cut-offs.
    await database.db.execute(
      sql`update country_pricing set voip_price = 3, currency = 'GBP' where country_code = 'DE'`,
    );
    edgeRole = await createEdgeRole(database.url ?? '');
    control = { address: '127.0.0.1', port: await freePort() };
    const mediaFrom = 20_000 + Math.floor(Math.random() * 20_000) * 2;
    edge = await startEdge({
      media: { address: '127.0.0.1', ports: { min: mediaFrom, max: mediaFrom + 99 }, control },
      settings: {
        domain: DOMAIN,
        listen: { address: '127.0.0.1', port: sipPort, tcpPort },
        databaseUrl: edgeRole.url,
        parleyUrl: `http://127.0.0.1:${parleyPort}`,
        edgeSecret: EDGE_SECRET,
        trunk: `127.0.0.1:${trunkPort}`,
        trunkSources: ['127.0.0.2'],
        trunkAuth: TRUNK_AUTH,
        rpc: { address: '127.0.0.1', port: rpcPort },
        websocket: { port: wsPort },
        tls: { port: tlsPort, ...pair },
        ringTimeoutSeconds: 60,
        media: control,
        authFailLimit: 5,
        authBanSeconds: 60,
      },
      runDir: tempDir('parley-edge-'),
      // SIPP_DEBUG=<file> keeps sipp's and Kamailio's traces there.
      log: (line) => {
        if (process.env.SIPP_DEBUG) fs.appendFileSync(process.env.SIPP_DEBUG, `${line}\n`);
      },
    });
  }, 60_000);
  afterEach(async () => {
    for (const trunk of trunks.splice(0)) {
      trunk.stop();
      await trunk.exited;
    }
  });
  afterAll(async () => {
    await edge?.stop();
    await app?.close();
    await database?.close();
    await edgeRole?.drop();
  });

  it('registers over UDP and TCP (on its own port) with the password of /sip-credentials, and a regenerated one at once', async () => {
    const c = await customer('0');
    expect(await registers(c.username, c.password)).toBe(true);
    expect(await registers(c.username, c.password, 't1')).toBe(true);
    expect(await registers(c.username, `${c.password}x`)).toBe(false);
    const renewed = (await send(app, 'POST', '/api/sip/account/password', c.cookie)).json();
    expect(await registers(c.username, renewed.password)).toBe(true);
    expect(await registers(c.username, c.password)).toBe(false);
    // A suspended customer's phone cannot register.
    await database.db.execute(sql`update users set disabled_at = now() where id = ${c.id}`);
    expect(await registers(c.username, renewed.password)).toBe(false);
  });

  it('carries a call placed over TCP on SIP_PORT_TCP to the trunk', async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const phone = softphoneCall({ talkMs: 300 });
    expect(await asPhone(phone, users(c.username, c.password), undefined, 't1')).toBe(0);
    expect(await trunk.exited).toBe(0);
    expect(
      await until(
        () => lastCall(c.id),
        (r) => r?.status === 'ended',
        EDGE_REPORT_MS,
      ),
    ).toMatchObject({ status: 'ended', hangup_cause: 'normal', hangup_by: 'caller' });
  });

  it('carries an allowed call to the trunk with its media through rtpengine, and Parley bills what the edge reports', async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const phone = asPhone(softphoneCall({ talkMs: 3500 }), users(c.username, c.password));
    // Mid-call, rtpengine relays the phone's audio to the trunk and the trunk's back. Both
    // sipp instances start their audio when they can: on a busy machine, a second or more
    // after the answer, so the counts are read until both flow (within the call's length).
    const answered = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'answered',
      EDGE_REPORT_MS,
    );
    const packets = await until(
      async () => packetsByTag(await rtpengineQuery(control, answered?.edge_call_id ?? '')),
      (counts) => Object.values(counts).length === 2 && Object.values(counts).every((n) => n > 10),
      2500,
    );
    expect(Object.keys(packets)).toHaveLength(2);
    for (const count of Object.values(packets)) expect(count).toBeGreaterThan(10);
    const code = await phone;
    trunk.stop();
    expect(code).toBe(0);
    const call = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ended',
      EDGE_REPORT_MS,
    );
    expect(call).toMatchObject({ status: 'ended', hangup_cause: 'normal', hangup_by: 'caller' });
    expect(call?.edge_call_id).toBeTruthy();
    expect(call?.duration).toBeGreaterThanOrEqual(3);
    expect(call?.duration).toBeLessThanOrEqual(4);
    expect(call?.cost).toBe(callCost(call?.rate_per_minute ?? '', call?.duration ?? 0));
    expect(await moneyOf(database, c.id)).toMatchObject({ held: '0.0000' });
  });

  it('bills exactly the billable seconds when the far end hangs up', {
    timeout: 60_000,
  }, async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort, { hangUpAfterMs: 3000 });
    expect(await asPhone(softphoneCall({ waitBye: true }), users(c.username, c.password))).toBe(0);
    expect(await trunk.exited).toBe(0);
    const call = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ended',
      EDGE_REPORT_MS,
    );
    expect(call).toMatchObject({ status: 'ended', hangup_cause: 'normal', hangup_by: 'callee' });
    expect(call?.duration).toBeGreaterThanOrEqual(3);
    expect(call?.duration).toBeLessThanOrEqual(4);
    // Per-second increments here: billed seconds are the seconds talked, at the call's rate.
    expect(call?.cost).toBe(callCost(call?.rate_per_minute ?? '', call?.duration ?? 0));
  });

  it('answers a refusal with the SIP status and reason phrase Parley names: 402 for no credit', async () => {
    const c = await customer('0.05');
    await verifyCallerId(app, database, c.cookie, ME);
    const refused = softphoneCall({ refused: 402, phrase: 'Insufficient balance' });
    expect(await asPhone(refused, users(c.username, c.password))).toBe(0);
    expect(await lastCall(c.id)).toBeUndefined();
  });

  it("calls a number dialled nationally in the caller ID's country; one too short is 484", async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const call = softphoneCall({ talkMs: 300 });
    expect(await asPhone(call, users(c.username, c.password, '07400123456'))).toBe(0);
    expect(await trunk.exited).toBe(0);
    expect(
      await until(
        () => lastCall(c.id),
        (r) => r?.status === 'ended',
        EDGE_REPORT_MS,
      ),
    ).toMatchObject({ status: 'ended', destination: '+447400123456' });
    const short = softphoneCall({ refused: 484, phrase: 'Address Incomplete' });
    expect(await asPhone(short, users(c.username, c.password, '0740'))).toBe(0);
  });

  it('cuts the call off at its maximum: BYE to both sides, billed exactly the maximum', {
    timeout: 60_000,
  }, async () => {
    // £1.00 at 5p a second: twenty seconds.
    const c = await customer('1.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const started = Date.now();
    const code = await asPhone(softphoneCall({ waitBye: true }), users(c.username, c.password));
    // The phone got its BYE twenty seconds into the call (the dialog timer counts whole
    // seconds, so up to one early; never late: the hold covers only twenty).
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await trunk.exited).toBe(0);
    expect(code).toBe(0);
    expect(
      await until(
        () => lastCall(c.id),
        (r) => r?.status === 'ended',
        EDGE_REPORT_MS,
      ),
    ).toMatchObject({
      status: 'ended',
      hangup_cause: 'cutoff',
      duration: 20,
      cost: '1.0000',
    });
    expect(await moneyOf(database, c.id)).toEqual({ balance: '0.0000', held: '0.0000' });
  });

  it('takes SIP over WebSocket for browsers on its own port', async () => {
    const handshake = (port: number) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('error', reject);
        socket.once('data', (chunk) => {
          resolve(chunk.toString('latin1'));
          socket.destroy();
        });
        socket.write(
          'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Protocol: sip\r\nContent-Length: 0\r\n\r\n',
        );
      });
    const answer = await handshake(wsPort);
    expect(answer).toMatch(/^HTTP\/1\.1 101/);
    expect(answer).toMatch(/Sec-WebSocket-Protocol: sip/i);
    // Not on the RPC listener.
    expect(await handshake(rpcPort)).toMatch(/^HTTP\/1\.1 403/);
  });

  it('takes SIP over TLS with the certificate given', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect(
        { host: '127.0.0.1', port: tlsPort, ca: fs.readFileSync(certificate) },
        () => {
          socket.write(
            'REGISTER sip:sip.parley.example SIP/2.0\r\n' +
              'Via: SIP/2.0/TLS 127.0.0.1:5999;branch=z9hG4bK-tls-1;rport\r\n' +
              'From: <sip:p000000001@sip.parley.example>;tag=t1\r\n' +
              'To: <sip:p000000001@sip.parley.example>\r\nCall-ID: tls-1@127.0.0.1\r\n' +
              'CSeq: 1 REGISTER\r\nContact: <sip:p000000001@127.0.0.1:5999;transport=tls>\r\n' +
              'Max-Forwards: 70\r\nExpires: 60\r\nContent-Length: 0\r\n\r\n',
          );
        },
      );
      socket.once('error', reject);
      socket.once('data', (chunk) => {
        resolve(chunk.toString('latin1'));
        socket.destroy();
      });
    });
    // The certificate verified, and Kamailio asks for the digest as over UDP.
    expect(answer).toMatch(/^SIP\/2\.0 401 /);
    expect(answer).toMatch(/WWW-Authenticate: Digest realm="sip\.parley\.example"/);
  });

  it('tells every instance whether the edge is up, not only the one the edge last called', async () => {
    const other = await startParley({ listen: false });
    try {
      const c = await customer('0');
      const status = await until(
        () => send(other, 'GET', '/api/sip/status', c.cookie).then((r) => r.json()),
        (s) => s.connected === true,
      );
      expect(status).toMatchObject({ mode: 'sip', connected: true });
    } finally {
      await other.close();
    }
  });

  it('answers RPC only on its own listener and only with the edge secret', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'core.version', id: 1 });
    const auth = { authorization: `Bearer ${EDGE_SECRET}` };
    const at = (port: number, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/rpc`, { method: 'POST', body, headers }).then(
        (r) => r.status,
      );
    expect(await at(rpcPort)).toBe(403);
    expect(await at(rpcPort, { authorization: 'Bearer wrong' })).toBe(403);
    expect(await at(tcpPort, auth)).toBe(403);
    expect(await at(rpcPort, auth)).toBe(200);
  });

  it('ends an answered call when the customer hangs up on the page: BYE to both sides, billed to that moment', {
    timeout: 60_000,
  }, async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const phone = asPhone(softphoneCall({ waitBye: true }), users(c.username, c.password));
    const answered = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'answered',
      EDGE_REPORT_MS,
    );
    const id = (await send(app, 'GET', '/api/sip/history', c.cookie)).json().items[0].id;
    await new Promise((r) => setTimeout(r, 1500));
    const hungUp = await send(app, 'DELETE', `/api/sip/calls/${id}`, c.cookie);
    expect(hungUp.statusCode).toBe(200);
    expect(hungUp.json()).toMatchObject({
      status: 'ended',
      hangupCause: 'normal',
      hangupBy: 'caller',
    });
    // Both sides got their BYE from the edge.
    expect(await phone).toBe(0);
    expect(await trunk.exited).toBe(0);
    const call = await lastCall(c.id);
    expect(call?.edge_call_id).toBe(answered?.edge_call_id);
    expect(call?.duration).toBeGreaterThanOrEqual(1);
    expect(call?.cost).toBe(callCost(call?.rate_per_minute ?? '', call?.duration ?? 0));
  });

  it("answers the trunk's challenge with its credentials, and gives it the caller ID Parley allowed", async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort, { challenge: TRUNK_AUTH, callerId: ME });
    // The phone asks for a caller ID of its own; the trunk must hear the verified one.
    expect(await asPhone(softphoneCall({ talkMs: 300 }), users(c.username, c.password))).toBe(0);
    expect(await trunk.exited).toBe(0);
    expect(
      await until(
        () => lastCall(c.id),
        (r) => r?.status === 'ended',
        EDGE_REPORT_MS,
      ),
    ).toMatchObject({ status: 'ended', hangup_cause: 'normal' });
  });

  it('refuses with the mapped SIP answer and charges nothing: not a number 484, not sold 404, unverified caller ID 403, at the limit 486', async () => {
    // Enough for two calls of the longest length (4 h each at £3.00 a minute) and more.
    const c = await customer('2000.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const phone = (end: Parameters<typeof softphoneCall>[0], to = DE, callerId?: string) =>
      asPhone(softphoneCall(end, callerId), users(c.username, c.password, to));
    expect(await phone({ refused: 404 }, '+449098790000')).toBe(0);
    expect(await phone({ refused: 484 }, 'alice')).toBe(0);
    expect(await phone({ refused: 403 }, DE, '+447400999888')).toBe(0);
    // Two calls in progress (the default limit): a third is busy.
    const open = [`limit-a-${c.id}`, `limit-b-${c.id}`];
    for (const edgeCallId of open) {
      const r = await edgeApi(app, 'authorise', {
        edgeCallId,
        username: c.username,
        destination: DE,
      });
      expect(r.json()).toMatchObject({ allow: true });
    }
    expect(await phone({ refused: 486 })).toBe(0);
    for (const edgeCallId of open)
      await edgeApi(app, 'end', { edgeCallId, cause: 'cancelled', by: 'caller' });
    const rows = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from calls where user_id = ${c.id}`,
    );
    expect(rows[0]?.n).toBe(2);
    expect(await moneyOf(database, c.id)).toEqual({ balance: '2000.0000', held: '0.0000' });
  });

  it('records busy, unanswered and cancelled calls, which cost nothing', {
    timeout: 60_000,
  }, async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const ended = (status: string) =>
      until(
        () => lastCall(c.id),
        (r) => r?.status === status,
        EDGE_REPORT_MS,
      );
    for (const [code, status] of [
      [486, 'busy'],
      [480, 'no_answer'],
    ] as const) {
      const trunk = sippTrunk(trunkPort, { reject: code });
      expect(await asPhone(softphoneCall({ refused: code }), users(c.username, c.password))).toBe(
        0,
      );
      expect(await trunk.exited).toBe(0);
      expect(await ended(status)).toMatchObject({ status, duration: 0, cost: '0.0000' });
    }
    const trunk = sippTrunk(trunkPort, { ringUntilCancel: true });
    expect(await asPhone(softphoneCall({ cancel: true }), users(c.username, c.password))).toBe(0);
    expect(await trunk.exited).toBe(0);
    expect(await ended('cancelled')).toMatchObject({ hangup_by: 'caller', cost: '0.0000' });
    expect(await moneyOf(database, c.id)).toEqual({ balance: '5.0000', held: '0.0000' });
  });

  it("rings the registered phone of the number's holder, free; a number nobody has gets 404", async () => {
    const c = await customer('200.00');
    const number = await buyNumber(app, database, c.cookie);
    const before = await moneyOf(database, c.id);
    // The phone registers from a port of its own, then answers calls there.
    const phonePort = await freePort();
    expect(await asPhone(REGISTER, users(c.username, c.password), phonePort)).toBe(0);
    const phone = sippTrunk(phonePort);
    expect(await asCarrier(carrierCall({ talkMs: 1500 }), ME, number)).toBe(0);
    expect(await phone.exited).toBe(0);
    const call = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ended',
      EDGE_REPORT_MS,
    );
    expect(call).toMatchObject({ status: 'ended', cost: '0.0000', hangup_cause: 'normal' });
    expect(call?.duration).toBeGreaterThanOrEqual(1);
    expect(await moneyOf(database, c.id)).toEqual(before);
    expect(await asCarrier(carrierCall({ refused: 404 }), ME, '+15550009999')).toBe(0);
  });

  it('loses nothing when Parley stops mid-call: the end waits at the edge and is billed once, for the time talked', async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort);
    const phone = asPhone(softphoneCall({ talkMs: 3000 }), users(c.username, c.password));
    const answered = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'answered',
      EDGE_REPORT_MS,
    );
    expect(answered?.status).toBe('answered');
    await app.close();
    // The phone hangs up while Parley is down: the end cannot be reported yet.
    expect(await phone).toBe(0);
    expect(await trunk.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await lastCall(c.id))?.status).toBe('answered');
    app = await startParley();
    const call = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ended',
      EDGE_REPORT_MS,
    );
    expect(call).toMatchObject({ status: 'ended', hangup_cause: 'normal', hangup_by: 'caller' });
    // Billed for the three seconds talked (the edge's times), not until the restart.
    expect(call?.duration).toBeGreaterThanOrEqual(3);
    expect(call?.duration).toBeLessThanOrEqual(4);
    const [row] = await queryRows<{ id: string }>(
      database,
      sql`select id from calls where edge_call_id = ${call?.edge_call_id ?? ''}`,
    );
    expect(await callCharges(database, row?.id ?? '')).toEqual([{ amount: `-${call?.cost}` }]);
    expect(await moneyOf(database, c.id)).toMatchObject({ held: '0.0000' });
  });

  it('bills a call whose answer reached Parley after its deadline: ended at the edge, billed once, flagged', async () => {
    const c = await customer('5.00');
    await verifyCallerId(app, database, c.cookie, ME);
    const trunk = sippTrunk(trunkPort, { answerAfterMs: 2000 });
    const phone = asPhone(softphoneCall({ waitBye: true }), users(c.username, c.password));
    const ringing = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ringing',
      EDGE_REPORT_MS,
    );
    expect(ringing?.status).toBe('ringing');
    // Parley stops while it rings; the answer waits at the edge. Meanwhile another
    // instance's job finds the call past its deadline and settles it unanswered.
    await app.close();
    await database.db.execute(
      sql`update calls set deadline_at = now() - interval '1 second' where edge_call_id = ${ringing?.edge_call_id ?? ''}`,
    );
    const other = await startParley({ listen: false });
    try {
      await other.voiceJobs.tick();
    } finally {
      await other.close();
    }
    expect(await lastCall(c.id)).toMatchObject({ status: 'no_answer', cost: '0.0000' });
    // The far end answers, and talks a while before Parley is back.
    await new Promise((r) => setTimeout(r, 3500));
    app = await startParley();
    // The late answer reaches Parley, which ends the call: both sides get their BYE.
    expect(await phone).toBe(0);
    expect(await trunk.exited).toBe(0);
    const call = await until(
      () => lastCall(c.id),
      (r) => r?.status === 'ended',
      EDGE_REPORT_MS,
    );
    expect(call).toMatchObject({
      status: 'ended',
      hangup_cause: 'deadline',
      hangup_by: 'system',
      late: true,
    });
    expect(call?.duration).toBeGreaterThanOrEqual(1);
    expect(call?.cost).toBe(callCost(call?.rate_per_minute ?? '', call?.duration ?? 0));
    const [row] = await queryRows<{ id: string }>(
      database,
      sql`select id from calls where edge_call_id = ${call?.edge_call_id ?? ''}`,
    );
    expect(await callCharges(database, row?.id ?? '')).toEqual([{ amount: `-${call?.cost}` }]);
    expect(await moneyOf(database, c.id)).toMatchObject({ held: '0.0000' });
  });

  // Last: it bans 127.0.0.1 for the rest of the file (five failures here, three above).
  it('refuses a source after repeated failed attempts, even with the right password', async () => {
    const c = await customer('0');
    for (let i = 0; i < 5; i += 1) expect(await registers(c.username, `wrong-${i}`)).toBe(false);
    expect(await registers(c.username, c.password)).toBe(false);
  });
});
