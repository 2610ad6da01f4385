import { expect, test } from './fixtures';

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
  const blocks = page.locator('.opblock');
  await expect(blocks.first()).toBeVisible();
  await expect(blocks).toHaveCount(operations.length);
  await expect(
    page.locator('.opblock-summary-path').getByText('/api/sms/send', { exact: true }),
  ).toBeVisible();
  expect(outside).toEqual([]);
});
