import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  fundedCustomer,
  generousLimits,
  send,
  TEST_SESSION_SECRET,
  tempDir,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { startKamailio } from './kamailio-process.js';

const run = promisify(execFile);
const DOMAIN = 'sip.parley.example';
const SCENARIO = path.resolve(import.meta.dirname, '../../../test/sipp/register.xml');
const has = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'].some((d) =>
    fs.existsSync(path.join(d, bin)),
  );
// CI installs Kamailio and sipp and sets PARLEY_REQUIRE_SIP_EDGE: there this never skips.
const ready = has('kamailio') && has('sipp') && Boolean(process.env.TEST_DATABASE_URL);
if (!ready && process.env.PARLEY_REQUIRE_SIP_EDGE)
  throw new Error('Kamailio, sipp and TEST_DATABASE_URL are required here');

const sipPort = 20_000 + Math.floor(Math.random() * 20_000);
let sippPort = sipPort + 1;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let edge: Awaited<ReturnType<typeof startKamailio>>;

/** Registers as a softphone would (digest auth); true when the edge answered 200. */
async function registers(username: string, password: string): Promise<boolean> {
  const dir = tempDir('parley-sipp-');
  const users = path.join(dir, 'users.csv');
  fs.writeFileSync(
    users,
    `SEQUENTIAL\n${username};${DOMAIN};[authentication username=${username} password=${password}]\n`,
  );
  sippPort += 1;
  try {
    await run(
      'sipp',
      [
        '-sf',
        SCENARIO,
        '-inf',
        users,
        '-i',
        '127.0.0.1',
        '-p',
        String(sippPort),
        '-m',
        '1',
        '-l',
        '1',
        '-nostdin',
        '-timeout',
        '10',
        '-timeout_error',
        `127.0.0.1:${sipPort}`,
      ],
      { cwd: dir, timeout: 20_000 },
    );
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!ready)('registration at the SIP edge (Kamailio, sipp)', () => {
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildApp({
      config: testConfig(),
      database,
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
    });
    await app.ready();
    edge = await startKamailio({
      settings: {
        domain: DOMAIN,
        listen: { address: '127.0.0.1', port: sipPort },
        databaseUrl: database.url ?? '',
        authFailLimit: 3,
        authBanSeconds: 60,
      },
      runDir: tempDir('parley-kamailio-'),
    });
  }, 60_000);
  afterAll(async () => {
    await edge?.stop();
    await app?.close();
    await database?.close();
  });

  it('takes the password of /sip-credentials, and a regenerated one at once', async () => {
    const c = await fundedCustomer(app, database, '0');
    const account = (await send(app, 'GET', '/api/sip/account', c.cookie)).json();
    expect(await registers(account.username, account.password)).toBe(true);
    expect(await registers(account.username, `${account.password}x`)).toBe(false);
    const renewed = (await send(app, 'POST', '/api/sip/account/password', c.cookie)).json();
    expect(await registers(account.username, renewed.password)).toBe(true);
    expect(await registers(account.username, account.password)).toBe(false);
    // A suspended customer's phone cannot register.
    await database.db.execute(sql`update users set disabled_at = now() where id = ${c.id}`);
    expect(await registers(account.username, renewed.password)).toBe(false);
  });

  it('refuses a source after repeated failed attempts, even with the right password', async () => {
    const c = await fundedCustomer(app, database, '0');
    const account = (await send(app, 'GET', '/api/sip/account', c.cookie)).json();
    for (let i = 0; i < 3; i += 1)
      expect(await registers(account.username, `wrong-${i}`)).toBe(false);
    // Three failures from 127.0.0.1 (the limit here): the source is refused for a while.
    expect(await registers(account.username, account.password)).toBe(false);
  });
});
