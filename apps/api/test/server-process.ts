// The real server (main, built or through tsx) in a child process on 127.0.0.1, for the crash
// tests: started with its own environment, killed with SIGKILL or stopped by its PID.
import type { ChildProcess } from 'node:child_process';
import { spawnApi } from './api-entry.js';
import { TEST_SESSION_SECRET, tempDir } from './helpers.js';
import { freePort } from './ports.js';

const START_MS = 90_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Where it answers: `http://127.0.0.1:<port>`. */
  base: string;
  /** The last 20,000 characters it wrote to stdout (its log lines). */
  output(): string;
}

/** Starts and stops servers; `killAll` (in afterAll) SIGKILLs those still running. */
export function serverProcesses() {
  const children = new Set<ChildProcess>();

  /**
   * Starts one on a port of its own, with the environment `envOn(port)`, and waits until
   * /api/health answers, or until `started` holds of its output (a process that stops
   * inside a transaction may never answer). Every start gets a fresh port: one freed by a
   * SIGKILL can be taken before the restart by any process's outgoing connection.
   */
  async function start(
    envOn: (port: number) => Record<string, string>,
    started?: (stdout: string) => boolean,
  ): Promise<ServerProcess> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawnApi('main', envOn(port));
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => {
      stdout = (stdout + String(d)).slice(-20_000);
    });
    child.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    const end = Date.now() + START_MS;
    while (Date.now() < end) {
      // Its log lines (a fatal one such as "could not listen") go to stdout.
      if (child.exitCode !== null)
        throw new Error(`server exited: ${stderr}${stdout.slice(-2000)}`);
      if (started?.(stdout)) return { child, base, output: () => stdout };
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { child, base, output: () => stdout };
      await new Promise((r) => setTimeout(r, 200));
    }
    await killHard(child);
    throw new Error(`server did not start: ${stderr}`);
  }

  return {
    start,
    async killAll() {
      for (const child of children) await killHard(child);
    },
  };
}

/** SIGKILL by PID; resolves once it has exited. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.pid) process.kill(child.pid, 'SIGKILL');
  });
}

/** SIGTERM by PID, SIGKILL after 20 s; resolves once it has exited. */
export function stopGently(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

/**
 * The environment every crash test's child server starts from: development mode with
 * the test secret, on 127.0.0.1 and `port`, its data folder (PGlite) or PostgreSQL at
 * `databaseUrl`, no web build, no public rate sources.
 */
export function childServerEnv(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logLevel?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    SESSION_SECRET: TEST_SESSION_SECRET,
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    WEB_DIST_DIR: tempDir(),
    LOG_LEVEL: opts.logLevel ?? 'error',
    // The public rate sources are the default outside tests; a test never reaches them.
    RATES_FEED_SOURCES: 'off',
  };
}
