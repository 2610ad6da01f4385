// npm run lighthouse: audits the built Parley in Chromium with Lighthouse (mobile, its
// default: a mid-range phone on a slow 4G link, simulated) on the landing page and on a
// signed-in customer's dashboard, prints the scores, and fails when landing performance
// is under 95 or dashboard performance under 90. It starts Parley itself on 127.0.0.1
// (a free port, an embedded database in a temporary folder), signs a customer up through
// the API for the dashboard's session, and at the end stops the server by its pid and
// removes the folder. Needs `npm run build` first (the npm script runs it).
// LIGHTHOUSE_REPORTS=<folder> also writes each page's report there (HTML and JSON).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, parleyEnv, stopChild, waitHealthy } from './bench/server.mjs';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The pages audited and the performance score (0–100) each must reach. */
const PAGES = [
  { name: 'Landing', path: '/', minPerformance: 95 },
  { name: 'Dashboard', path: '/dashboard', minPerformance: 90, signedIn: true },
];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
const START_LIMIT_MS = 180_000; // a first start migrates and seeds a new database
const RUN_LIMIT_MS = 10 * 60_000;
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const { version } = createRequire(import.meta.url)('lighthouse/package.json');

const serverJs = path.join(root, 'apps/api/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(serverJs) || !fs.existsSync(webIndex)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const chromePath = findChromium();
if (!chromePath) {
  console.error('No Chromium found: set CHROMIUM_PATH, or run `node scripts/ensure-chromium.mjs`.');
  process.exit(1);
}
process.env.CHROME_PATH = chromePath;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lighthouse-'));
let server = null;
let chrome = null;

/** Stops Chromium and the server (by their pids) and removes the data folder. */
async function cleanUp() {
  if (chrome) {
    const c = chrome;
    chrome = null;
    await Promise.resolve(c.kill()).catch(() => {});
  }
  if (server) await stopChild(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

process.on('SIGINT', () => cleanUp().finally(() => process.exit(130)));
setTimeout(() => {
  console.error('lighthouse: over its time budget, stopping');
  cleanUp().finally(() => process.exit(1));
}, RUN_LIMIT_MS).unref();

async function startParley() {
  const port = await freePort();
  server = fork(serverJs, {
    cwd: root,
    env: {
      ...process.env,
      ...parleyEnv(port, {
        SESSION_SECRET: 'lighthouse-only-secret-lighthouse-only-00',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(server, url, START_LIMIT_MS);
  return url;
}

/** A new customer, signed up through the API (the security check solved here): their cookie. */
async function signUpCustomer(url) {
  const challenge = await (await fetch(`${url}/api/auth/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ada Lighthouse',
      email: `lighthouse-${Date.now()}-${process.pid}@parley.test`,
      password: 'lighthouse customer password',
      confirmPassword: 'lighthouse customer password',
      contactMethod: 'telegram',
      contactValue: '@lighthouse',
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`sign-up: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-up set no session cookie');
  return cookie;
}

async function audit(url, page, cookie) {
  const result = await lighthouse(
    url + page.path,
    {
      port: chrome.port,
      output: reportsDir ? ['html', 'json'] : 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 60_000,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  if (reportsDir) {
    fs.mkdirSync(reportsDir, { recursive: true });
    const [html, json] = result.report;
    const name = path.join(reportsDir, page.name.toLowerCase());
    fs.writeFileSync(`${name}.html`, html);
    fs.writeFileSync(`${name}.json`, json);
  }
  if (lhr.finalDisplayedUrl !== url + page.path)
    throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}`);
  return lhr;
}

let failed = false;
try {
  const url = await startParley();
  const cookie = await signUpCustomer(url);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  console.log(`Lighthouse ${version}, mobile, ${chromePath}, Parley at ${url}`);
  for (const page of PAGES) {
    const lhr = await audit(url, page, page.signedIn ? cookie : undefined);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const scores = CATEGORIES.map((id) => `${lhr.categories[id]?.title ?? id} ${score(id)}`);
    const metrics = METRICS.map(([id, short]) => `${short} ${lhr.audits[id]?.displayValue ?? '?'}`);
    const performance = score('performance');
    const ok = performance >= page.minPerformance;
    if (!ok) failed = true;
    console.log(
      `${ok ? '✓' : '✗'} ${page.name} (${page.path}): ${scores.join(', ')} (performance needs ${page.minPerformance})`,
    );
    console.log(`    ${metrics.join(', ')}`);
  }
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
