import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';

/** Switches the interface language the way the picker remembers it, then reloads. */
async function readIn(page: Page, lang: string) {
  await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

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

  test('the catalogue and the countries are German: services, plans and prices by country', async ({
    page,
  }) => {
    await page.goto('/');
    const services = page.locator('#services');
    // The seeded catalogue's German words, from the API (no catalogue text is bundled).
    await expect(services.getByRole('heading', { name: 'SMS-Nachrichten' })).toBeVisible();
    await expect(services.getByRole('heading', { name: 'Rufnummern' })).toBeVisible();
    await expect(services).not.toContainText('SMS Messaging');

    // Signed up in English, then read in German.
    await readIn(page, 'en');
    await signedUpCustomer(page);
    await page.goto('/services/voip');
    await readIn(page, 'de');
    const plans = page.getByRole('main');
    await expect(plans.getByRole('heading', { name: 'Einsteiger' })).toBeVisible();
    await expect(plans).toContainText('2000 Minuten');

    await page.goto('/prices-coverage');
    await page.getByRole('searchbox').fill('deutsch');
    const europe = page.getByRole('region', { name: 'Europa' });
    // The country by its ISO code in German, the code apart and left to right.
    await expect(europe.getByRole('row').last()).toContainText(/Deutschland \(DE\)\s*0,\d{4}\s*\$/);
    await expect(europe.locator('bdi[dir="ltr"]', { hasText: 'DE' })).toBeVisible();
    await expect(europe).not.toContainText('Germany');
  });
});

test.describe('in Arabic', () => {
  test('a top-up reads "Add Funds" in Arabic, its approval note too', async ({ page, browser }) => {
    const staff = await adminWithWallet(browser);
    await signedUpCustomer(page);
    const {
      payment: { id },
    } = await submitTopUp(page.request, '150');
    await decide(staff.admin, id, 'approve');
    await staff.close();

    await readIn(page, 'ar');
    // Transaction History, in Arabic.
    const row = page.getByRole('region', { name: 'سجل المعاملات' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('إضافة رصيد');
    await expect(row).toContainText('وافق المشرف على الدفعة');
    await expect(row).not.toContainText('Add Funds');
    await expect(row).not.toContainText('approved by admin');
  });
});

test.describe('with an unsupported browser language', () => {
  test.use({ locale: 'nl-NL' });

  test('the first visit is in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
