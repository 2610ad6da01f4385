import type { Browser, Page } from '@playwright/test';
import { type newCustomer, signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// Each test signs up (a proof-of-work security check) and runs axe: slow on a busy machine.
test.slow();

/** A second browser (its own cookies) signed in as the same customer through the form. */
async function signInElsewhere(browser: Browser, who: ReturnType<typeof newCustomer>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/?auth=signin');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('checkbox', { name: 'Verify security check' }).click();
  await expect(form.getByRole('checkbox', { name: 'Verify security check' })).toBeChecked();
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
}

async function openAccountPage(page: Page) {
  await page.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
  await page.getByRole('menuitem', { name: 'Account and security' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account and security' })).toBeVisible();
}

test('changing the password signs every other browser out and keeps this one', async ({
  page,
  browser,
}) => {
  const who = await signedUpCustomer(page);
  const other = await signInElsewhere(browser, who);

  await openAccountPage(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
    'The current password is not right.',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Current password').fill(who.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'password was changed' })).toBeVisible();

  await expectSignedOut(other.page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account and security' })).toBeVisible();
  await other.context.close();
});

test('sign out everywhere ends this browser and every other one', async ({ page, browser }) => {
  const who = await signedUpCustomer(page);
  const other = await signInElsewhere(browser, who);

  await openAccountPage(page);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expectSignedOut(page);
  await expectSignedOut(other.page);
  await other.context.close();
});

test('the account page works at 390 px in Arabic without serious axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الحساب والأمان', level: 1 })).toBeVisible();
  await expect(page.getByLabel('كلمة المرور الحالية')).toBeVisible();
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('short');
  await expect(page.getByRole('button', { name: 'تغيير كلمة المرور' })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // The drawer leads here too.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'الحساب والأمان' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the Log out page signs out only when its form is posted', async ({ page }) => {
  await signedUpCustomer(page);
  // Typed in the address bar (not a navigation from Parley's pages): a button to press.
  await page.goto('/api/logout');
  await expect(
    page.getByRole('heading', { name: 'Sign out of Parley on this device?' }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await page.goto('/api/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expectSignedOut(page);
});
