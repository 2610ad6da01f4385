import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';

const root = path.resolve(import.meta.dirname, '../..');
const FIRST_ADMIN = { email: 'first-admin@parley.test', password: 'first admin password' };
const ar = messagesIn('ar') as {
  secondFactor: Record<
    | 'setupTitle'
    | 'qrAlt'
    | 'confirm'
    | 'recoveryTitle'
    | 'recoveryListLabel'
    | 'downloadCodes'
    | 'continue'
    | 'savedConfirm',
    string
  >;
};

/**
 * A server of its own, whose admin has no second factor yet (the suite's server sets
 * the admin's up from ADMIN_TOTP_SECRET). The system picks its port; it says which.
 */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SMS_GATEWAY: 'sandbox',
      VOICE_GATEWAY: 'sandbox',
      RATES_FEED_SOURCES: 'off',
      SESSION_SECRET: 'e2e-second-factor-secret-e2e-second-factor',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-2fa-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: FIRST_ADMIN.email,
      ADMIN_PASSWORD: FIRST_ADMIN.password,
      ADMIN_TOTP_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ready line: ${seen}`)), 200_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = seen.match(/Parley is ready on (http:\/\/127\.0\.0\.1:\d+)/);
      if (found?.[1]) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
  return { url, child };
}

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  // A first start migrates and seeds a new database: slow on a busy machine.
  test.setTimeout(240_000);
  server = await startServer();
});
test.afterAll(() => {
  server?.child.kill('SIGTERM');
});

test.use({ viewport: { width: 390, height: 844 } });

test('a first admin sign-in sets up the authenticator from the QR code, in Arabic at 390 px, then signs in with a recovery code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const noSideScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.addInitScript(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto(`${server.url}/admin/login`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('#admin-email').fill(FIRST_ADMIN.email);
  await page.locator('#admin-password').fill(FIRST_ADMIN.password);
  await page.locator('form button[type=submit]').click();

  // The set-up step: a QR code and the key as text; no session yet.
  await expect(page.getByRole('heading', { name: ar.secondFactor.setupTitle })).toBeVisible();
  await expect(page.getByRole('img', { name: ar.secondFactor.qrAlt })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
  const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const secret = shown.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await noSideScroll()).toBe(true);

  // A wrong code is refused; the app's code finishes the set-up.
  await page.locator('#totp-setup-code').fill('000000');
  await page.getByRole('button', { name: ar.secondFactor.confirm }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  await page.locator('#totp-setup-code').fill(code);
  await page.getByRole('button', { name: ar.secondFactor.confirm }).click();

  // The recovery codes, shown once, with a confirmation before going on.
  await expect(page.getByRole('heading', { name: ar.secondFactor.recoveryTitle })).toBeVisible();
  const list = page.getByRole('list', { name: ar.secondFactor.recoveryListLabel });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  await expect(page.getByRole('link', { name: ar.secondFactor.downloadCodes })).toHaveAttribute(
    'download',
    'parley-recovery-codes.txt',
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await noSideScroll()).toBe(true);
  const next = page.getByRole('button', { name: ar.secondFactor.continue });
  await expect(next).toBeDisabled();
  await page.getByLabel(ar.secondFactor.savedConfirm).check();
  await next.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator('main h1').first()).toBeVisible();

  // Signed out, a recovery code (in English, typed in lower case) signs in once.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.setItem('parley.lang', 'en'));
  await page.addInitScript(() => localStorage.setItem('parley.lang', 'en'));
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Admin email').fill(FIRST_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(FIRST_ADMIN.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('inputmode', 'text');
  await page.getByLabel('Recovery code').fill((codes[0] ?? '').toLowerCase());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
});
