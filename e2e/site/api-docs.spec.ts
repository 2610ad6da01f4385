import { expect, test } from '../support/fixtures';

// The fixture fails the test on any console error, CSP violations included.
test('the API reference renders from this server and lists every endpoint', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(process.env.E2E_BASE_URL ?? '') && !req.url().startsWith('data:'))
      outside.push(req.url());
  });

  const document = await (await page.request.get('/api/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, object>).flatMap((methods) =>
    Object.keys(methods),
  );
  expect(operations.length).toBeGreaterThan(70);

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
