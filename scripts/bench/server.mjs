// What the bench, its memory rows, the varied-traffic check and the Lighthouse run share:
// a free port on 127.0.0.1, waiting until a Parley they started answers its health check,
// its settings, its CPU time, and stopping it by its pid.
import fs from 'node:fs';
import net from 'node:net';

/** Linux's USER_HZ: /proc counts CPU time in these ticks per second. */
const CLOCK_TICKS = 100;

/**
 * A process's CPU time in µs (user + system, all its threads; with `children`, also what
 * it has collected from children that exited); null where /proc does not show it.
 */
export function cpuMicros(pid, { children = false } = {}) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = (children ? [11, 12, 13, 14] : [11, 12]).reduce(
      (sum, i) => sum + Number(fields[i]),
      0,
    );
    return (ticks * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resolves once `url` answers /api/health; throws if `child` exits or `limitMs` passes. */
export async function waitHealthy(child, url, limitMs) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('Parley exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Parley did not become healthy within ${limitMs / 1000} s`);
}

/** Stops one child by its pid and waits for it to exit: SIGTERM, then SIGKILL after `ms`. */
export async function stopChild(child, ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/**
 * The environment a child of these scripts inherits, without either database setting:
 * each child gets exactly the one it is given.
 */
export function inheritedEnv() {
  const { DATA_DIR, DATABASE_URL, ...inherited } = process.env;
  return inherited;
}

/**
 * The settings of a Parley these scripts start, over the inherited environment: production
 * mode on 127.0.0.1, errors only in the log, and never a real upstream, whatever the
 * environment says.
 */
export function parleyEnv(port, extra = {}) {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret-00',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Its SMPP server too, when one is configured: nothing these scripts start listens
    // beyond this machine.
    SMPP_SERVER_HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SMS_GATEWAY: 'sandbox',
    VOICE_GATEWAY: 'sandbox',
    RATES_FEED_SOURCES: 'off',
    ...extra,
  };
}
