import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { fundedByOwnAdmin } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';

const balanceText = (page: Page) => page.getByTestId('sms-balance').innerText();

/** Chooses "only these countries" for a list and ticks each country found by its name. */
async function allowOnly(page: Page, list: string, countries: string[]) {
  const group = page.getByRole('group', { name: list });
  await group.getByLabel('Only the countries I choose').check();
  for (const name of countries) {
    await group.getByRole('searchbox').fill(name);
    await group.getByRole('checkbox', { name: new RegExp(name) }).check();
  }
  await expect(group.getByText(`Chosen: ${countries.length}`)).toBeVisible();
}

test('a customer sets a country allowlist and a daily cap, and sees SMS outside them refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await fundedByOwnAdmin(page, browser);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Spending limits', level: 2 })).toBeVisible();
  await allowOnly(page, 'Countries for SMS', ['United Kingdom']);
  // A UK message costs about £0.03: a cap of a penny refuses it.
  await page.getByLabel('Daily spending cap (GBP)').fill('0.01');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Your spending limits are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Daily spending cap (GBP)')).toHaveValue('0.01');

  await page.goto('/services/sms');
  const before = await balanceText(page);
  await page.getByLabel('Recipient', { exact: true }).fill('+12125550123');
  await page.getByLabel('Message Content').fill('Hello from Parley');
  const notAllowed = 'Your spending limits do not allow SMS to United States.';
  await expect(page.getByRole('region', { name: 'Before you send' })).toContainText(notAllowed);
  await page.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page.getByText('Refused by your spending limits')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: notAllowed })).toBeVisible();

  await page.getByLabel('Recipient', { exact: true }).fill('+447400123456');
  await expect(page.getByRole('region', { name: 'Before you send' })).toContainText(
    'United Kingdom',
  );
  await page.getByRole('button', { name: 'Send SMS' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: /daily spending cap of\W+£0\.01/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Message History' })).toContainText(
    'No messages sent yet',
  );
  expect(await balanceText(page)).toBe(before);
});

test('the spending limits work at 390 px in Arabic without serious axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'حدود الإنفاق', level: 2 })).toBeVisible();
  const sms = page.getByRole('group', { name: 'الدول المسموح بها للرسائل' });
  await sms.getByLabel('الدول التي أختارها فقط').check();
  await sms.getByRole('checkbox', { name: /المملكة المتحدة/ }).check();
  await page.getByLabel('الحد اليومي للإنفاق (GBP)').fill('-1');
  await page.getByRole('button', { name: 'حفظ الحدود' }).click();
  await expect(
    page.getByText('أدخل مبلغًا يساوي 0 أو أكثر بأربع منازل عشرية على الأكثر'),
  ).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
});
