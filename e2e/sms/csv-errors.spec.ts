import type { Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';

/** A CSV file's problem is named where the file was chosen: at 390 px, in Arabic. */
const ar = messagesIn('ar');
const PHONE = { width: 390, height: 844 };
const csv = (text: string, name = 'list.csv') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

async function inArabic(page: Page, url: string) {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a bulk SMS file with no recipient column says so, beside the file', async ({ page }) => {
  await signedUpCustomer(page);
  await inArabic(page, '/services/sms');
  await page.getByLabel(ar.sms.form.message).fill('مرحبا');
  await page
    .getByLabel(ar.sms.bulk.file)
    .setInputFiles(csv('name,email\nAda,ada@example.com\nBob,bob@example.com\n'));
  await page.getByRole('button', { name: ar.sms.bulk.preview, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'recipient' })).toHaveText(
    ar.fieldErrors.RECIPIENT_COLUMN_MISSING,
  );
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a country-pricing file refused as a whole keeps its problems in the import dialog', async ({
  page,
}) => {
  await signInAdmin(page.request);
  await page.goto('/');
  await inArabic(page, '/admin?tab=country-pricing');
  await page.getByRole('button', { name: ar.admin.csv.import }).click();
  const dialog = page.getByRole('dialog', { name: ar.admin.csv.import });
  await dialog.getByLabel(ar.admin.csv.file).setInputFiles(csv('name,price\nX,1\n', 'prices.csv'));
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(
    ar.fieldErrors.CSV_COLUMNS_UNKNOWN.replace('{{columns}}', 'name, price'),
  );
  await expect(alert).toContainText(ar.fieldErrors.CSV_COLUMNS_MISSING.split(':')[0]);
  // No error toast behind the dialog. (An admin's page may show another test's new
  // payment as an info toast meanwhile.)
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
