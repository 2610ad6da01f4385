// Parley supports Node.js 20.19+, 22.12+ and 24. This check keeps that true:
// 1. every package the app installs (not dev tools) accepts each supported version;
// 2. the built server starts on Node 22 and 24 (fetched from the npm registry as the
//    node-<platform>-<arch> packages), answers its health check, serves the web app and
//    reads the catalogue from its embedded database; then it is stopped by its PID.
// The machine's own Node runs the whole suite; this adds the other versions.
// Needs `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const SUPPORTED = ['20.19.0', '22.12.0', '24.0.0'];
const OTHERS = ['22.12.0', '24.0.0'];
const BOOT_TIMEOUT_MS = 60_000;
const problems = [];

// Reached only through Haraka (the mail edge, `npm run mail:edge`), and asking for a
// newer Node than their code needs: Haraka's address parser, and node-gyp with its
// command-line helpers (Haraka installs plugins with it; the edge never does). The mail
// edge's peer test runs Haraka on the machine's Node in every CI run. Each one is named
// with what may depend on it, so nothing else can start relying on it unnoticed.
const EDGE_ONLY = {
  '@haraka/email-address': /^(haraka|haraka-.*)$/,
  'node-gyp': /^haraka$/,
  nopt: /^(haraka|haraka-plugin-.*|node-gyp)$/,
  abbrev: /^nopt$/,
  'proc-log': /^node-gyp$/,
  which: /^node-gyp$/,
  undici: /^node-gyp$/,
};

/** Whether only the allowed dependants use the top-level copy of `name`. */
function edgeOnly(lockPackages, name) {
  const allowed = EDGE_ONLY[name];
  if (!allowed) return false;
  return Object.entries(lockPackages).every(([where, pkg]) => {
    if (pkg.dev || !pkg.dependencies?.[name]) return true;
    // A dependant with its own nested copy does not use the top-level one.
    if (lockPackages[`${where}/node_modules/${name}`]) return true;
    return allowed.test(where.replace(/^.*node_modules\//, ''));
  });
}

// 1. Engines of everything the server and the web app install.
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
for (const [where, pkg] of Object.entries(lock.packages)) {
  const range = pkg.engines?.node;
  if (!where || pkg.dev || !range) continue;
  if (where.startsWith('node_modules/') && edgeOnly(lock.packages, where.slice(13))) continue;
  for (const version of SUPPORTED)
    if (!semver.satisfies(version, range))
      problems.push(
        `${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants Node ${range}, not ${version}`,
      );
}

function nodeBinary(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${platform}-${process.arch}`;
  const dir = path.join(root, 'node_modules', '.cache', 'parley-node', version);
  const bin = path.join(dir, 'node_modules', name, 'bin', platform === 'win' ? 'node.exe' : 'node');
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    const npm = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, `${name}@${version}`],
      { stdio: 'inherit', shell: process.platform === 'win32', timeout: 300_000 },
    );
    if (npm.status !== 0) throw new Error(`could not fetch ${name}@${version}`);
  }
  return bin;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function bootOn(version) {
  const bin = nodeBinary(version);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-node-${version}-`));
  const child = spawn(bin, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SESSION_SECRET: 'node-version-check-only-secret-0123456789',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_GATEWAY: 'sandbox',
      VOICE_GATEWAY: 'sandbox',
      RATES_FEED_SOURCES: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${stderr}`);
      const health = await fetch(`${base}/api/health`).catch(() => null);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error(`no health answer in ${BOOT_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const page = await fetch(`${base}/`);
    if (!page.ok || !(await page.text()).includes('<div id="root">'))
      throw new Error('/ did not serve the web app');
    const services = await fetch(`${base}/api/services`);
    const list = services.ok ? await services.json() : null;
    if (!Array.isArray(list) || list.length === 0)
      throw new Error(`/api/services answered ${services.status} without the catalogue`);
    console.log(`✓ Node ${version}: the server starts, serves the app and reads its database`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const version of OTHERS) {
  try {
    await bootOn(version);
  } catch (err) {
    problems.push(`Node ${version}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(`✓ every installed package accepts Node ${SUPPORTED.join(', ')}`);
