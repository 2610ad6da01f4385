// Makes sure a Chromium exists for the browser tests, installing one when none does:
// Debian's packages (the browser and its headless shell) when we are root on Debian
// (browser downloads fail on closed networks), otherwise Playwright's own download.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { findTestChromium } from './chromium.mjs';

const found = findTestChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const run = (cmd) =>
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (isRoot && fs.existsSync('/etc/debian_version')) {
  console.log('No Chromium found; installing Debian chromium and its headless shell with apt-get.');
  run('apt-get update -qq');
  run(
    'apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-liberation',
  );
} else {
  console.log('No Chromium found; installing Playwright Chromium.');
  run('npx playwright install chromium');
}
const installed = findTestChromium();
if (!installed) {
  console.error('Chromium is still missing; set CHROMIUM_PATH to a Chromium binary.');
  process.exit(1);
}
console.log(`Chromium: ${installed}`);
