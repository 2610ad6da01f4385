import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';

const tile = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Overview' }).getByRole('listitem').filter({ hasText: label });

test('a new customer sees zero tiles, the empty states and the charts; widget settings survive a reload', async ({
  page,
}) => {
  await signedUpCustomer(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();

  await expect(tile(page, 'Available Balance')).toContainText('£0.00');
  await expect(tile(page, 'Spent')).toContainText('£0.00');
  await expect(tile(page, 'Spent')).toContainText('Last 30 days');
  await expect(tile(page, 'Monthly Projection')).toContainText('£0.00');
  await expect(tile(page, 'Transactions')).toContainText('0');

  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make Your First Payment' })).toHaveAttribute(
    'href',
    '/payment',
  );
  await expect(page.getByText('No SMS messages yet')).toBeVisible();
  await expect(page.getByText('No calls made yet')).toBeVisible();
  await expect(page.getByText('You have no active services or numbers yet.')).toBeVisible();
  for (const card of [
    'Spending Overview',
    'Financial Projections',
    'Service Breakdown',
    'Weekly Trends',
  ])
    await expect(page.getByRole('region', { name: card })).toBeVisible();
  // Every chart has a text alternative; weeks with nothing spent say so instead of a chart.
  await expect(
    page.getByRole('table', { name: 'Projected balance over the next 30 days' }),
  ).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Weekly Trends' })).toContainText(
    'Nothing spent in the last 4 weeks yet',
  );
  // A chart is drawn once it comes near the screen.
  await page.getByTestId('chart-box').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const saved = () =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/dashboard/preferences') && r.request().method() === 'PUT',
    );
  let put = saved();
  await page.getByRole('checkbox', { name: 'Spending Overview' }).uncheck();
  expect((await put).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Spending Overview' })).toHaveCount(0);
  put = saved();
  await page.getByLabel('Timeframe').selectOption('7');
  expect((await put).status()).toBe(200);

  await page.reload();
  await expect(page.getByLabel('Timeframe')).toHaveValue('7');
  await expect(page.getByRole('checkbox', { name: 'Spending Overview' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Weekly Trends' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Spending Overview' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Weekly Trends' })).toBeVisible();
  await expect(tile(page, 'Spent')).toContainText('Last 7 days');
});

test('the Add Funds dialog checks the minimum and leads to the payment page', async ({
  page,
  browser,
}) => {
  const staff = await adminWithWallet(browser);
  await staff.close();
  await signedUpCustomer(page);
  await page.getByRole('button', { name: 'Add Funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  await expect(dialog.getByLabel('Cryptocurrency')).toHaveValue('BTC');
  await dialog.getByLabel('Amount (USD)').fill('99.99');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(dialog.getByText('Minimum deposit is $100 USD')).toBeVisible();
  await expect(dialog.getByLabel('Amount (USD)')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Amount (USD)').fill('150');
  // Only coins with a wallet are offered (the admin added BTC).
  await expect(dialog.getByLabel('Cryptocurrency').locator('option[value="ETH"]')).toHaveCount(0);
  await dialog.getByLabel('Cryptocurrency').selectOption('BTC');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(
    /\/payment\?service=balance&type=Add\+Funds&amount=150&currency=BTC$/,
  );
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('150');
  await expect(page.getByLabel('Cryptocurrency')).toHaveValue('BTC');
});

test('after an admin approves a top-up, the dashboard shows the balance and the payment', async ({
  page,
  browser,
}) => {
  const staff = await adminWithWallet(browser);

  await signedUpCustomer(page);
  const hash = randomBytes(32).toString('hex');
  const {
    payment: { id },
  } = await submitTopUp(page.request, '150', { txHash: hash });

  await page.reload();
  const history = page.getByRole('region', { name: 'Transaction History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Pending');

  await decide(staff.admin, id, 'approve');
  await staff.close();

  await page.reload();
  await expect(tile(page, 'Available Balance')).toContainText('£118.50');
  await expect(tile(page, 'Transactions')).toContainText('1');
  // A top-up fills the balance; it is not spending.
  await expect(tile(page, 'Spent')).toContainText('£0.00');
  const row = history.getByRole('listitem');
  await expect(row).toContainText('Add Funds');
  await expect(row).toContainText('$150.00');
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(`${hash.slice(0, 8)}…${hash.slice(-8)}`);
  await expect(page.getByRole('link', { name: 'New payment' })).toHaveAttribute('href', '/payment');
});

test('the dashboard in Arabic, charts and dialog included, has no serious axe violations', async ({
  page,
}) => {
  test.setTimeout(90_000); // two axe scans of a page with charts, in Arabic
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('chart-box').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'إضافة رصيد' }).click();
  await page.getByRole('dialog').getByLabel('المبلغ (USD)').fill('5');
  await page.getByRole('dialog').getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(
    page.getByRole('dialog').getByText('الحد الأدنى للإيداع 100 دولار أمريكي'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
