// Running sipp in the tests: under timeout(1), on fresh ports, retried when a port was
// taken meanwhile, with its traces kept on request and its errors reported.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';
import { sippPorts } from './ports.js';

/** SIPP_DEBUG=<file>: sipp's message and error traces are appended there. */
export function keepTraces(dir: string) {
  const file = process.env.SIPP_DEBUG;
  if (!file) return;
  for (const f of fs.readdirSync(dir).filter((n) => /(errors|messages)\.log$/.test(n)))
    fs.appendFileSync(file, fs.readFileSync(path.join(dir, f)));
}

/** A failed scenario says why in the test's output: sipp's error log, its tail at most. */
function reportErrors(dir: string) {
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('errors.log')))
    process.stderr.write(
      `sipp ${f}:\n${fs.readFileSync(path.join(dir, f), 'utf8').slice(-4000)}\n`,
    );
}

/** Every sipp runs under timeout(1): it ends by itself even if the test process dies. */
export const BOUND = ['--kill-after=5', '90'];

/** sipp's exit code when it cannot bind a socket (-2): nothing was sent, so a retry is safe. */
export const BIND_FAILED = 254;

/**
 * Runs sipp once (127.0.0.1 only); resolves with its exit code (0: the scenario passed).
 * It gets fresh media ports (and a SIP port, unless `-p` is given) and, if another process
 * took one of them in the meantime, starts again on new ones.
 */
export async function sipp(args: string[], files: Record<string, string>, timeoutMs = 40_000) {
  for (let attempt = 1; ; attempt++) {
    const ports = await sippPorts(args.includes('-p'));
    const code = await sippOnce([...args, ...ports], files, timeoutMs);
    if (code !== BIND_FAILED || attempt === 3) return code;
  }
}

function sippOnce(args: string[], files: Record<string, string>, timeoutMs: number) {
  const dir = tempDir('parley-sipp-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return new Promise<number>((resolve) => {
    execFile(
      'timeout',
      [
        ...BOUND,
        'sipp',
        ...args,
        '-nostdin',
        '-trace_err',
        ...(process.env.SIPP_DEBUG ? ['-trace_msg'] : []),
      ],
      { cwd: dir, timeout: timeoutMs },
      (err) => {
        if (err) reportErrors(dir);
        keepTraces(dir);
        fs.rmSync(dir, { recursive: true, force: true });
        resolve(err ? ((err as { code?: number }).code ?? 1) : 0);
      },
    );
  });
}
