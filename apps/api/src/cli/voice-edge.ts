// npm run voice:edge
// Starts Parley's SIP edge (Kamailio and rtpengine) in the foreground, configured from
// Parley's own settings, for a PostgreSQL installation; prints one line once both
// answer. Ctrl-C (or SIGTERM) stops both.
// npm run -s voice:edge -- role-sql [--role parley_edge]
// Prints the SQL that creates the edge's database role (it reads the edge's views only).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.js';
import { edgeSettings } from '../config/voice-edge-config.js';
import { EdgeRefused, launchEdge } from '../integrations/voice/edge-launch.js';
import { EDGE_ROLE, edgeRoleSql } from '../integrations/voice/edge-role.js';

const USAGE =
  'Usage: npm run voice:edge\n       npm run -s voice:edge -- role-sql [--role parley_edge]';

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: { role: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] === 'role-sql' && positionals.length === 1) {
    process.stdout.write(edgeRoleSql(values.role ?? EDGE_ROLE));
    return 0;
  }
  if (positionals.length > 0 || values.role !== undefined) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const edge = edgeSettings(config);
  if ('problems' in edge) {
    console.error(`voice:edge cannot start:\n  ${edge.problems.join('\n  ')}`);
    return 2;
  }
  const running = await launchEdge({
    ...edge,
    print: (line) => process.stdout.write(`${line}\n`),
    log: (line) => console.error(line),
  });
  return new Promise<number>((resolve) => {
    const stop = (code: number) => void running.stop().then(() => resolve(code));
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
    // Either one gone means no calls: stop the other too.
    running.kamailio.child.once('exit', (code) => stop(code ?? 1));
    running.rtpengine.child.once('exit', (code) => stop(code ?? 1));
  });
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof EdgeRefused) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
