// A built Parley for the browser scripts (npm run lighthouse, npm run paint): on
// 127.0.0.1, a free port, an embedded database in a temporary folder. However the script
// ends (done, Ctrl-C, over its time budget), what it started is stopped by its pid and
// the folder removed.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, parleyEnv, stopChild, waitHealthy } from './bench/server.mjs';
import { findChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverJs = path.join(root, 'apps/api/dist/main.js');
const START_LIMIT_MS = 180_000; // a first start migrates and seeds a new database

/**
 * Checks the build and Chromium (exits saying what is missing), then answers the
 * Chromium's path, `start(env)` (Parley's URL once healthy), `onCleanUp(fn)` (a closer
 * run first, a browser's say) and `cleanUp()`.
 */
export function localParley(name, runLimitMs) {
  if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const chromePath = findChromium();
  if (!chromePath) {
    console.error(
      'No Chromium found: set CHROMIUM_PATH, or run `node scripts/ensure-chromium.mjs`.',
    );
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const closers = [];
  let server = null;

  async function cleanUp() {
    for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => {});
    if (server) await stopChild(server);
    server = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.on('SIGINT', () => cleanUp().finally(() => process.exit(130)));
  setTimeout(() => {
    console.error(`${name}: over its time budget, stopping`);
    cleanUp().finally(() => process.exit(1));
  }, runLimitMs).unref();

  async function start(env = {}) {
    const port = await freePort();
    server = fork(serverJs, {
      cwd: root,
      env: { ...process.env, ...parleyEnv(port, { DATA_DIR: dataDir, DATABASE_URL: '', ...env }) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(server, url, START_LIMIT_MS);
    return url;
  }

  return { chromePath, start, cleanUp, onCleanUp: (close) => closers.push(close) };
}
