import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../support/fixtures';

test('an unknown path shows the 404 page inside the app', async ({ page }) => {
  const res = await page.goto('/some/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the call-centre screens are signed-in pages: a visitor sees the 404 page', async ({
  page,
}) => {
  for (const path of ['/agent-dashboard', '/manager-dashboard', '/crm-dashboard', '/auto-dialer']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('demo-marker')).toHaveCount(0);
  }
});

test('an unknown API path is a JSON 404 in the error shape', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  const body = await res.json();
  expect(body.error).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
});

test('health is ok and assets are cached for a year', async ({ request, page }) => {
  expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok' });
  let assetCache = '';
  page.on('response', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js'))
      assetCache = r.headers()['cache-control'] ?? '';
  });
  await page.goto('/');
  await expect(page.locator('#services')).toBeVisible();
  expect(assetCache).toBe('public, max-age=31536000, immutable');
});

test('the admin login page loads its own chunk and checks for missing fields', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('secret');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Missing Information: Please enter both email and password',
  );
});

test('a second server on the same data folder refuses to start, naming the folder', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const result = spawnSync(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: '',
      NODE_ENV: 'development',
      RATES_FEED_SOURCES: 'off',
    },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`The data folder ${dataDir} is in use by another Parley process`);
});
