import { expect, test } from './fixtures';

test('switching to Arabic flips the page right-to-left, survives a reload, and switches back', async ({
  page,
}) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.getByRole('button', { name: /Language: English/ }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#services h2')).not.toHaveText('Our Services');

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => localStorage.getItem('parley.lang'))).toBe('ar');

  await page.getByRole('button', { name: /العربية/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.locator('#services h2')).toHaveText('Our Services');
});

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the first visit follows the browser language', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('#services h2')).not.toHaveText('Our Services');
  });
});

test.describe('with an unsupported browser language', () => {
  test.use({ locale: 'nl-NL' });

  test('the first visit is in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
