// Where a Chromium for the browser tests lives: CHROMIUM_PATH, Debian's package, or
// the one Playwright downloaded on a machine with internet access.
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function playwrightsOwn() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    playwrightsOwn(),
  ];
  return candidates.find((p) => p && fs.existsSync(p));
}
