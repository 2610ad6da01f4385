import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeRole } from '../../../test/edge-role.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { freePort } from '../../../test/sipp.js';
import { loadConfig } from '../../config/env.js';
import { edgeSettings } from '../../config/voice-edge-config.js';
import { launchEdge } from './edge-launch.js';
import { sipAnswers } from './edge-ready.js';

const has = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'].some((d) =>
    fs.existsSync(path.join(d, bin)),
  );
const ready = has('kamailio') && has('rtpengine') && Boolean(process.env.TEST_DATABASE_URL);
if (!ready && process.env.PARLEY_REQUIRE_SIP_EDGE)
  throw new Error('Kamailio, rtpengine and TEST_DATABASE_URL are required here');

const DOMAIN = 'sip.parley.example';

/** What npm run voice:edge does, from the environment an operator gives it. */
describe.skipIf(!ready)('npm run voice:edge', { timeout: 60_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string> = {};
  let edgeUrl = '';
  let role: Awaited<ReturnType<typeof createEdgeRole>>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    role = await createEdgeRole(database.url ?? '');
    edgeUrl = role.url;
    const [udp, tcp, rpc, ws, control] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const mediaFrom = 20_000 + Math.floor(Math.random() * 20_000) * 2;
    env = {
      NODE_ENV: 'test',
      SIP_DOMAIN: DOMAIN,
      VOICE_EDGE_SECRET: 'e'.repeat(32),
      VOICE_EDGE_LISTEN: '127.0.0.1',
      SIP_PORT_UDP: String(udp),
      SIP_PORT_TCP: String(tcp),
      SIP_WSS_URL: `ws://127.0.0.1:${ws}/ws`,
      VOICE_EDGE_RPC_URL: `http://127.0.0.1:${rpc}/rpc`,
      VOICE_EDGE_PARLEY_URL: 'http://127.0.0.1:9',
      VOICE_TRUNK_URI: 'sip:127.0.0.1:9',
      VOICE_TRUNK_SOURCES: 'none',
      VOICE_MEDIA_PORTS: `${mediaFrom}-${mediaFrom + 99}`,
      VOICE_MEDIA_CONTROL_PORT: String(control),
      VOICE_EDGE_DATABASE_URL: edgeUrl,
    };
  });
  afterAll(async () => {
    await database?.close();
    await role?.drop();
  });
  const settingsOf = (extra: Record<string, string> = {}) => {
    const all = { ...env, ...extra };
    const s = edgeSettings(loadConfig(all), all);
    if ('problems' in s) throw new Error(s.problems.join('\n'));
    return s;
  };

  it("refuses Parley's own database user, before starting anything", async () => {
    const s = settingsOf({ VOICE_EDGE_DATABASE_URL: database.url ?? '' });
    const printed: string[] = [];
    await expect(launchEdge({ ...s, print: (l) => printed.push(l) })).rejects.toMatchObject({
      problems: [expect.stringMatching(/^VOICE_EDGE_DATABASE_URL: .*may do more than read/)],
    });
    expect(printed).toEqual([]);
    expect(await sipAnswers('127.0.0.1', s.settings.listen.port, DOMAIN)).toBe(false);
  });

  it('says it is ready once Kamailio and rtpengine answer, and leaves nothing behind', async () => {
    const s = settingsOf();
    const printed: string[] = [];
    const edge = await launchEdge({ ...s, print: (l) => printed.push(l) });
    try {
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/^voice:edge ready: /);
      expect(printed[0]).toContain(`127.0.0.1:${env.SIP_PORT_UDP} (UDP)`);
      expect(printed[0]).toContain(`127.0.0.1:${env.SIP_PORT_TCP} (TCP)`);
      expect(printed[0]).not.toContain(edgeUrl);
      // It does answer: SIP over UDP, TCP on SIP_PORT_TCP.
      expect(await sipAnswers('127.0.0.1', s.settings.listen.port, DOMAIN)).toBe(true);
      expect(
        await sipAnswers('127.0.0.1', Number(env.SIP_PORT_TCP), DOMAIN, { transport: 'tcp' }),
      ).toBe(true);
      // Its files are its own: a private folder, files only it reads.
      expect(fs.statSync(edge.runDir).mode & 0o777).toBe(0o700);
      for (const f of fs.readdirSync(edge.runDir).filter((n) => /\.(cfg|conf)$/.test(n)))
        expect(fs.statSync(path.join(edge.runDir, f)).mode & 0o777).toBe(0o600);
    } finally {
      await edge.stop();
    }
    expect(fs.existsSync(edge.runDir)).toBe(false);
    expect(await sipAnswers('127.0.0.1', s.settings.listen.port, DOMAIN)).toBe(false);
  });
});
