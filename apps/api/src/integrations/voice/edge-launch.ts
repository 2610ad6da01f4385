import fs from 'node:fs';
import { privateRunDir, startEdge } from './edge-process.js';
import { sipAnswers } from './edge-ready.js';
import { checkEdgeRole } from './edge-role.js';
import { bracketed } from './edge-values.js';
import type { EdgeSettings } from './kamailio-config.js';
import type { MediaSettings } from './rtpengine-config.js';
import { pingRtpengine } from './rtpengine-ng.js';

/** The edge refused to start: each problem names its setting. */
export class EdgeRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`voice:edge cannot start:\n  ${problems.join('\n  ')}`);
    this.name = 'EdgeRefused';
  }
}

/** Waits until Kamailio answers SIP (UDP, and TCP on its port) and rtpengine its
 * control protocol; throws after `ms`. */
async function untilAnswering(settings: EdgeSettings, media: MediaSettings, ms: number) {
  const { address, port, tcpPort = port } = settings.listen;
  const end = Date.now() + ms;
  for (;;) {
    const answers = await Promise.all([
      sipAnswers(address, port, settings.domain),
      sipAnswers(address, tcpPort, settings.domain, { transport: 'tcp' }),
      pingRtpengine(media.control, 500).catch(() => false),
    ]);
    if (answers.every(Boolean)) return;
    if (Date.now() > end) {
      const silent = ['Kamailio (UDP)', 'Kamailio (TCP)', 'rtpengine'].filter(
        (_, i) => !answers[i],
      );
      throw new Error(`${silent.join(', ')} did not answer within ${ms / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function readiness(settings: EdgeSettings, media: MediaSettings, runDir: string): string {
  const { address, port, tcpPort = port } = settings.listen;
  const at = (p: number) => `${bracketed(address)}:${p}`;
  const more = [
    ...(settings.tls ? [`${at(settings.tls.port)} (TLS)`] : []),
    ...(settings.websocket?.port ? [`${at(settings.websocket.port)} (WebSocket)`] : []),
    ...(settings.websocket?.securePort && settings.tls
      ? [`${at(settings.websocket.securePort)} (secure WebSocket)`]
      : []),
  ];
  return (
    `voice:edge ready: Kamailio answers SIP for ${settings.domain} on ` +
    `${[`${at(port)} (UDP)`, `${at(tcpPort)} (TCP)`, ...more].join(', ')}; ` +
    `RPC on ${settings.rpc.address}:${settings.rpc.port}; rtpengine relays media on ` +
    `${media.address} ports ${media.ports.min}-${media.ports.max}; configuration in ${runDir}`
  );
}

/**
 * What `npm run voice:edge` does before it waits for a signal: checks the database role
 * (EdgeRefused), renders the configuration into a new private folder, starts rtpengine
 * and Kamailio, and prints one readiness line once both answer. `stop()` ends both and
 * removes the folder.
 */
export async function launchEdge(opts: {
  settings: EdgeSettings;
  media: MediaSettings;
  print: (line: string) => void;
  log?: (line: string) => void;
}) {
  const problems = await checkEdgeRole(opts.settings.databaseUrl);
  if (problems.length > 0) throw new EdgeRefused(problems);
  const runDir = privateRunDir();
  const remove = () => fs.rmSync(runDir, { recursive: true, force: true });
  let running: Awaited<ReturnType<typeof startEdge>>;
  try {
    running = await startEdge({ ...opts, runDir });
  } catch (err) {
    remove();
    throw err;
  }
  const stop = async () => {
    await running.stop();
    remove();
  };
  try {
    await untilAnswering(opts.settings, opts.media, 15_000);
  } catch (err) {
    await stop();
    throw err;
  }
  opts.print(readiness(opts.settings, opts.media, runDir));
  return { ...running, runDir, stop };
}
