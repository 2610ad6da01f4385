import { signInAdmin } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The fixture fails the test on any console error, CSP violations included.
test('the API reference renders from this server and lists every customer endpoint', async ({
  page,
}) => {
  const outside: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(process.env.E2E_BASE_URL ?? '') && !req.url().startsWith('data:'))
      outside.push(req.url());
  });

  const document = await (await page.request.get('/api/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, object>).flatMap((methods) =>
    Object.keys(methods),
  );
  expect(operations.length).toBeGreaterThan(50);
  expect(JSON.stringify(Object.keys(document.paths))).not.toContain('/api/admin/');

  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Parley API/ })).toBeVisible();
  // Each group opens on its own and lists its operations; together, every endpoint.
  const groups = page.locator('.opblock-tag');
  await expect(groups.first()).toBeVisible();
  let shown = 0;
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    await group.click();
    const section = page.locator('.opblock-tag-section').nth(i);
    await expect(section.locator('.opblock').first()).toBeVisible();
    shown += await section.locator('.opblock').count();
    // The customers' SMS group, not its admin sub-group (`sms.admin`).
    if (/^sms(\s|$)/.test(await group.innerText()))
      await expect(
        section.locator('.opblock-summary-path').getByText('/api/sms/send', { exact: true }),
      ).toBeVisible();
    await group.click();
    await expect(section.locator('.opblock')).toHaveCount(0);
  }
  expect(shown).toBe(operations.length);
  expect(outside).toEqual([]);
});

test('the reference opens with a getting-started guide and every error code', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Send an SMS with curl' })).toBeVisible();
  await expect(page.getByText(/Authorization: Bearer prl_live_/).first()).toBeVisible();
  const codes = page.getByRole('row').filter({ hasText: 'INSUFFICIENT_BALANCE' });
  await expect(codes.first()).toContainText('402');
});

test('the operators’ reference is for a signed-in admin only', async ({ page }) => {
  expect((await page.request.get('/api/admin/openapi.json')).status()).toBe(401);
  await signInAdmin(page.request);
  const document = await (await page.request.get('/api/admin/openapi.json')).json();
  expect(Object.keys(document.paths)).toContain('/api/admin/users');
  await page.goto('/api/admin/docs/');
  await expect(page.getByRole('heading', { name: /Parley operators’ API/ })).toBeVisible();
  await expect(page.locator('.opblock-tag', { hasText: /^users\.admin/ })).toBeVisible();
});
