// npm run voice:edge
// Starts Parley's SIP edge (Kamailio and rtpengine) in the foreground, configured from
// Parley's own settings, for a PostgreSQL installation. Ctrl-C (or SIGTERM) stops both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { edgeSettings } from '../config/voice-edge-config.js';
import { startEdge } from '../integrations/voice/edge-process.js';

async function run(): Promise<number> {
  const config = loadConfig();
  const edge = edgeSettings(config);
  if ('problems' in edge) {
    console.error(`voice:edge cannot start:\n  ${edge.problems.join('\n  ')}`);
    return 2;
  }
  const runDir = path.join(os.tmpdir(), `parley-voice-edge-${process.pid}`);
  const running = await startEdge({ ...edge, runDir, log: (line) => console.error(line) });
  const { listen } = edge.settings;
  console.error(
    `voice:edge: Kamailio listens on ${listen.address}:${listen.port} (UDP, TCP) for ` +
      `${edge.settings.domain}; rtpengine relays media on ${edge.media.address} ` +
      `ports ${edge.media.ports.min}-${edge.media.ports.max}; configuration in ${runDir}`,
  );
  const stopped = new Promise<number>((resolve) => {
    const stop = () => void running.stop().then(() => resolve(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Either one gone means no calls: stop the other too.
    running.kamailio.child.once(
      'exit',
      (code) => void running.stop().then(() => resolve(code ?? 1)),
    );
    running.rtpengine.child.once(
      'exit',
      (code) => void running.stop().then(() => resolve(code ?? 1)),
    );
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
