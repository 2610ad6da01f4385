// npm run mail:edge
// Starts Parley's mail edge (Haraka with Parley's plugin) in the foreground, configured
// from Parley's own settings and the MAIL_EDGE_* ones (docs/operations/mail-edge.md);
// prints one line once its three listeners answer. Ctrl-C (or SIGTERM) stops it; the
// queue on disk stays for the next start.
import { ConfigError, loadConfig } from '../config/env.js';
import { mailEdgeSettings } from '../config/mail-edge-config.js';
import { launchMailEdge, MailEdgeRefused } from '../integrations/mail-edge/edge-launch.js';

async function run(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    console.error('Usage: npm run mail:edge');
    return 2;
  }
  const edge = mailEdgeSettings(loadConfig());
  if ('problems' in edge) throw new MailEdgeRefused(edge.problems);
  const running = await launchMailEdge({
    settings: edge.settings,
    print: (line) => process.stdout.write(`${line}\n`),
    log: (line) => console.error(line),
  });
  return new Promise<number>((resolve) => {
    const stop = (code: number) => void running.stop().then(() => resolve(code));
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
    running.haraka.child.once('exit', (code) => stop(code ?? 1));
  });
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof MailEdgeRefused) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
