// npm run paint: how soon each main page shows its content on a full reload, measured in
// Chromium as the largest contentful paint (LCP) from the navigation's start, the median
// of PAINT_RUNS reloads after one warm-up load (assets cached, as for someone who comes
// back). Pages: the landing page, a signed-in customer's dashboard, SIP monitoring and
// the number shop, and the admin's payments and live chat. It starts Parley itself on
// 127.0.0.1 (a free port, an embedded database in a temporary folder, the bench's admin),
// signs a customer up through the API, and at the end stops the server by its pid and
// removes the folder. Needs `npm run build` first (the npm script runs it). Prints each
// page against its goal (docs/performance.md); PAINT_STRICT=1 fails when one is missed.
import { chromium } from '@playwright/test';
import { adminSession, signUpCustomer } from './bench/api.mjs';
import { BENCH_ADMIN } from './bench/config.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { localParley } from './local-parley.mjs';

const RUNS = Number(process.env.PAINT_RUNS ?? 5);
/** How long after the load event a page may still paint its content. */
const SETTLE_MS = 1500;
const RUN_LIMIT_MS = 10 * 60_000;
const PAGES = [
  { name: 'Landing', path: '/', goalMs: 400 },
  { name: 'Dashboard', path: '/dashboard', goalMs: 500, as: 'customer' },
  { name: 'SIP monitoring', path: '/sip-monitoring', goalMs: 500, as: 'customer' },
  { name: 'Number shop', path: '/did-numbers', goalMs: 500, as: 'customer' },
  { name: 'Admin payments', path: '/admin?tab=payments', goalMs: 500, as: 'admin' },
  { name: 'Admin chat', path: '/admin-chat', goalMs: 500, as: 'admin' },
];

const run = localParley('paint', RUN_LIMIT_MS);

/** The page's largest contentful paint so far, once it has had SETTLE_MS to paint. */
const largestPaint = (settleMs) =>
  new Promise((resolve) => {
    let last = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      if (!last) return resolve(null);
      const el = last.element;
      const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      resolve({ at: last.startTime, element: el ? `${el.tagName.toLowerCase()} "${text}"` : '?' });
    }, settleMs);
  });

/** The page's LCP on each of RUNS reloads, after a first load that fills the cache. */
async function measure(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const samples = [];
  let element = '';
  for (let i = 0; i < RUNS; i++) {
    await page.reload({ waitUntil: 'load' });
    const lcp = await page.evaluate(largestPaint, SETTLE_MS);
    if (lcp === null) throw new Error(`${url}: no largest contentful paint`);
    samples.push(Math.round(lcp.at));
    element = lcp.element;
  }
  const finalUrl = page.url();
  await page.close();
  if (finalUrl !== url) throw new Error(`${url} ended on ${finalUrl}`);
  return { samples, element };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let missed = 0;
try {
  const url = await run.start({
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ADMIN_TOTP_SECRET: BENCH_ADMIN.totpSecret,
    AUTH_LIMIT_FACTOR: '1000',
  });
  const cookies = {
    customer: (await signUpCustomer(url, 'paint')).cookie,
    admin: await adminSession(url),
  };
  const browser = await chromium.launch({ executablePath: run.chromePath, args: CHROMIUM_ARGS });
  run.onCleanUp(() => browser.close());
  console.log(`Largest contentful paint on a reload, median of ${RUNS}, Parley at ${url}`);
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (page.as) {
      const cookie = cookies[page.as];
      const at = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
    }
    const { samples, element } = await measure(context, url + page.path);
    await context.close();
    const lcp = median(samples);
    const ok = lcp <= page.goalMs;
    if (!ok) missed += 1;
    console.log(
      `${ok ? '✓' : '✗'} ${page.name.padEnd(16)} ${String(lcp).padStart(5)} ms ` +
        `(goal ${page.goalMs}; runs ${samples.join(', ')}; the largest: ${element})`,
    );
  }
} catch (error) {
  console.error(`paint: ${error instanceof Error ? error.message : error}`);
  missed = -1;
} finally {
  await run.cleanUp();
}
process.exit(missed < 0 || (missed > 0 && process.env.PAINT_STRICT === '1') ? 1 : 0);
