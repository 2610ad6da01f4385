// npm run lighthouse: audits the built Parley in Chromium with Lighthouse (mobile, its
// default: a mid-range phone on a slow 4G link, simulated) on the landing page and on a
// signed-in customer's dashboard, prints the scores, and fails when landing performance
// is under 95 or dashboard performance under 90. It starts Parley itself on 127.0.0.1
// (a free port, an embedded database in a temporary folder), signs a customer up through
// the API for the dashboard's session, and at the end stops the server by its pid and
// removes the folder. Needs `npm run build` first (the npm script runs it).
// LIGHTHOUSE_REPORTS=<folder> also writes each page's report there (HTML and JSON).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { localParley } from './local-parley.mjs';

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
const RUN_LIMIT_MS = 10 * 60_000;
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const { version } = createRequire(import.meta.url)('lighthouse/package.json');

const run = localParley('lighthouse', RUN_LIMIT_MS);
const chromePath = run.chromePath;
process.env.CHROME_PATH = chromePath;
let chrome = null;

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
  const url = await run.start({ SESSION_SECRET: 'lighthouse-only-secret-lighthouse-only-00' });
  const cookie = await signUpCustomer(url);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  run.onCleanUp(() => chrome.kill());
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
  await run.cleanUp();
}
process.exit(failed ? 1 : 0);
