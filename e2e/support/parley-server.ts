import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** What every Parley a spec starts for itself shares with the suite's own server. */
const BASE_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'e2e-only-secret-e2e-only-secret-e2e-only',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SALES_EMAIL: 'sales@example.com',
  SUPPORT_EMAIL: 'support@example.com',
  AUTH_LIMIT_FACTOR: '100',
  SMS_GATEWAY: 'sandbox',
  RATES_FEED_SOURCES: 'off',
};

/**
 * A Parley of a spec's own (the built server, apps/api/dist/main.js) on `port`, with a
 * data folder of its own (removed on stop) and `env` over the shared settings; resolves
 * once /api/health answers. `log` collects its output. Stopped by its PID.
 */
export async function startParley(opts: {
  port: number;
  env: Record<string, string>;
  log: (line: string) => void;
  /** A first start migrates and seeds a new database: give it time on a busy machine. */
  readyMs?: number;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-own-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const output: string[] = [];
  const child = spawn('node', ['apps/api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...BASE_ENV,
      PORT: String(opts.port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...opts.env,
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    opts.log(`parley: ${chunk.toString().trimEnd()}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  async function stop() {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const end = Date.now() + (opts.readyMs ?? 90_000);
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`Parley exited (${child.exitCode}):\n${output.join('').slice(-3000)}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > end)
        throw new Error(`Parley did not answer /api/health:\n${output.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
