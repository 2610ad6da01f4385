// The cluster run's processes: Parley instances on one PostgreSQL, each with its own data
// folder (so its own instance id), and HAProxy in front of them. Each is stopped by its
// pid; whatever is left at exit is killed.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_ADMIN, databaseUrl, profileDir, root } from './config.mjs';
import { freePort, parleyEnv, waitHealthy } from './server.mjs';

const children = new Set();
/** The balancers running, so a run that fails midway stops them first. */
export const balancers = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Debian's haproxy, or '' when it is not installed. */
export function findHaproxy() {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** A Parley instance sending SMS to `smsc`; started again on the same `work/name` folder. */
export async function startInstance({ work, smsc, account }, name, port) {
  const dataDir = path.join(work, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    // BENCH_PROFILE=<dir>: each instance's CPU profile, written when it stops.
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir, name)}`] : [],
    env: {
      ...process.env,
      ...parleyEnv(port, {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        ADMIN_TOTP_SECRET: BENCH_ADMIN.totpSecret,
        AUTH_LIMIT_FACTOR: '1000',
        // Behind the balancer, which sets X-Forwarded-For itself.
        TRUST_PROXY: '1',
        SMS_GATEWAY: 'smpp',
        SMPP_HOST: '127.0.0.1',
        SMPP_PORT: String(smsc.port),
        SMPP_SYSTEM_ID: account.systemId,
        SMPP_PASSWORD: account.password,
        SMPP_SUBMITS_PER_SECOND: '5000',
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(child, url, 60_000);
  return { name, port, url, child };
}

/** The same-work baseline for the mix's reads (baseline-reads.mjs), placed as an instance. */
export function startRawReads(name) {
  const child = fork(path.join(import.meta.dirname, 'baseline-reads.mjs'), {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('message', ({ port }) =>
      resolve({ name, port, url: `http://127.0.0.1:${port}`, child }),
    );
    child.once('exit', (code) => reject(new Error(`baseline-reads.mjs exited with ${code}`)));
  });
}

/** HAProxy in front of `servers`, health-checking each on /api/health twice a second. */
export async function startBalancer({ work, haproxy }, servers) {
  const port = await freePort();
  const config = path.join(work, `haproxy-${servers.map((s) => s.name).join('')}.cfg`);
  fs.writeFileSync(config, haproxyConfig(port, servers));
  const child = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  balancers.add(child);
  child.once('exit', () => balancers.delete(child));
  await waitHealthy(child, url, 10_000);
  return { url, child };
}

/**
 * The configuration docs/operations/several-instances.md shows: round robin, a server
 * out after two failed checks and back after two good ones, and a request whose
 * connection could not be made tried on another server.
 */
export function haproxyConfig(port, servers) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    'frontend parley',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-For %[src]',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}
