import { expect, test } from './fixtures';

test('switching to Arabic flips the page right-to-left, survives a reload, and switches back', async ({
  page,
}) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');

  // Flags are SVG files, not emoji (which show as letters where no emoji font exists).
  const picker = page.getByRole('button', { name: /Language: English/ });
  const flag = picker.locator('img');
  await expect(flag).toHaveAttribute('src', /\/assets\/gb-[\w-]+\.svg$/);
  await expect
    .poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(picker).not.toContainText('🇬🇧');

  await picker.click();
  await expect(page.getByRole('menuitemradio', { name: 'العربية' }).locator('img')).toHaveAttribute(
    'src',
    /\/assets\/sa-[\w-]+\.svg$/,
  );
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
