// npm run voice:edge
// Starts Parley's SIP edge (Kamailio) in the foreground, configured from Parley's own
// settings, for a PostgreSQL installation. Ctrl-C (or SIGTERM) stops it cleanly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { startKamailio } from '../integrations/voice/kamailio-process.js';

/** Failed digest answers from one address before it is refused for AUTH_BAN_SECONDS. */
const AUTH_FAIL_LIMIT = 10;
const AUTH_BAN_SECONDS = 600;

async function run(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'voice:edge needs DATABASE_URL (PostgreSQL): Kamailio reads the SIP accounts there. ' +
        'The embedded database is for the sandbox only.',
    );
    return 2;
  }
  const runDir = path.join(os.tmpdir(), `parley-voice-edge-${process.pid}`);
  const edge = await startKamailio({
    settings: {
      domain: config.voice.domain,
      listen: { address: config.voice.edgeListen, port: config.voice.ports.udp },
      databaseUrl: config.databaseUrl,
      authFailLimit: AUTH_FAIL_LIMIT,
      authBanSeconds: AUTH_BAN_SECONDS,
    },
    runDir,
    log: (line) => console.error(line),
  });
  console.error(
    `voice:edge: Kamailio listens on ${config.voice.edgeListen}:${config.voice.ports.udp} ` +
      `(UDP, TCP) for ${config.voice.domain}; configuration in ${runDir}`,
  );
  const stopped = new Promise<number>((resolve) => {
    const stop = () => void edge.stop().then(() => resolve(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    edge.child.once('exit', (code) => resolve(code ?? 1));
  });
  const code = await stopped;
  fs.rmSync(runDir, { recursive: true, force: true });
  return code;
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
