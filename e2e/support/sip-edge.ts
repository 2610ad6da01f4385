import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startEdge } from '../../apps/api/src/integrations/voice/edge-process';
import { selfSignedCertificate } from '../../apps/api/test/certificate';
import { solvedAltcha } from '../../apps/api/test/security-check';
import { freePort } from '../../apps/api/test/sipp';
import { startParley } from './parley-server';

const has = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'].some((d) =>
    fs.existsSync(path.join(d, bin)),
  );

/** Kamailio, rtpengine, sipp and a PostgreSQL server for test databases are all here. */
export const edgeReady =
  has('kamailio') && has('rtpengine') && has('sipp') && Boolean(process.env.TEST_DATABASE_URL);

export const SIP_DOMAIN = 'sip.parley.example';
const EDGE_SECRET = 'e2e-edge-secret-e2e-edge-secret-e2e-edge';

/** A new database on TEST_DATABASE_URL's server; dropped by `drop()`. */
async function freshDatabase() {
  const server = process.env.TEST_DATABASE_URL ?? '';
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const name = `parley_e2e_${Math.random().toString(36).slice(2, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Parley on a fresh PostgreSQL database (Kamailio reads the SIP accounts there) with
 * the SIP gateway, and the edge in front of it: Kamailio with SIP over secure WebSocket
 * (WSS) for the browser and rtpengine, all on 127.0.0.1. `log` collects Kamailio's and
 * rtpengine's lines and Parley's output.
 */
export async function startSipStack(log: string[]) {
  const [webPort, sipPort, wssPort, tlsPort, rpcPort, trunkPort, controlPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // WSS as in production, with a certificate made for this run (Chromium is told to
  // accept it).
  const certificate = selfSignedCertificate();
  const database = await freshDatabase();
  const url = `http://127.0.0.1:${webPort}`;
  const env = {
    DATABASE_URL: database.url,
    VOICE_GATEWAY: 'sip',
    VOICE_EDGE_SECRET: EDGE_SECRET,
    VOICE_BILLING_INCREMENTS: '1/1',
    VOICE_EDGE_RPC_URL: `http://127.0.0.1:${rpcPort}/rpc`,
    SIP_DOMAIN,
    SIP_WSS_URL: `wss://127.0.0.1:${wssPort}/ws`,
  };
  let stopParley: () => Promise<void> = async () => {};
  const control = { address: '127.0.0.1', port: controlPort };
  let edge: Awaited<ReturnType<typeof startEdge>> | undefined;
  try {
    stopParley = (await startParley({ port: webPort, env, log: (line) => log.push(line) })).stop;
    // German calls at £3.00 a minute (5p a second): easy sums.
    await database.sql`update country_pricing set voip_price = 3, currency = 'GBP' where country_code = 'DE'`;
    const mediaFrom = 20_000 + Math.floor(Math.random() * 20_000) * 2;
    edge = await startEdge({
      media: { address: '127.0.0.1', ports: { min: mediaFrom, max: mediaFrom + 99 }, control },
      settings: {
        domain: SIP_DOMAIN,
        listen: { address: '127.0.0.1', port: sipPort },
        websocket: { securePort: wssPort },
        tls: { port: tlsPort, ...certificate },
        databaseUrl: database.url,
        parleyUrl: url,
        edgeSecret: EDGE_SECRET,
        trunk: `127.0.0.1:${trunkPort}`,
        trunkSources: ['127.0.0.2'],
        rpc: { address: '127.0.0.1', port: rpcPort },
        ringTimeoutSeconds: 60,
        media: control,
        authFailLimit: 5,
        authBanSeconds: 60,
      },
      runDir: fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-edge-')),
      log: (line) => {
        log.push(line);
        if (process.env.SIPP_DEBUG) fs.appendFileSync(process.env.SIPP_DEBUG, `${line}\n`);
      },
    });
  } catch (err) {
    await stopParley();
    await database.drop();
    throw err;
  }
  const running = edge;
  return {
    url,
    sql: database.sql,
    sipPort,
    trunkPort,
    control,
    async stop() {
      await running.stop();
      await stopParley();
      await database.drop();
    },
  };
}

/** Solves Parley's security check as the browser does: the sign-up's `altcha` field. */
export async function securityCheck(url: string): Promise<string> {
  return solvedAltcha(await (await fetch(`${url}/api/auth/challenge`)).json());
}
