import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const NOTE = 'Goodwill credit for the 3 May outage';

/** The page does not scroll sideways: wide tables scroll inside their own box. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('an admin finds a customer, credits them after confirming, suspends and reactivates them, and downloads a statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = await signedUpCustomer(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request);
  await admin.goto('/admin?tab=users');
  const panel = admin.getByRole('tabpanel', { name: 'Users' });
  // The search runs on the server: part of the address finds exactly this customer.
  await panel.getByLabel('Email or name').fill(who.email.slice(4, 20).toUpperCase());
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('Users found: 1')).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: who.email });
  await expect(row).toContainText('£0.00');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Open ${who.email}` }).click();

  const detail = admin.getByRole('dialog', { name: `${who.first} ${who.last}` });
  await expect(detail.getByTestId('user-balance')).toHaveText('£0.00');
  await expect(admin).toHaveURL(/[?&]user=[0-9a-f-]{36}/);

  // A credit of £12.34 with a note, applied only once confirmed.
  await detail.getByLabel('Amount (GBP)').fill('12.34');
  await detail.getByRole('button', { name: 'Review' }).click();
  await expect(detail.getByText('This field is required')).toBeVisible();
  await detail.getByLabel('Note', { exact: true }).fill(NOTE);
  await detail.getByRole('button', { name: 'Review' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Confirm the adjustment' });
  // Amount and address are isolated (FSI…PDI) so they keep their order in Arabic.
  await expect(confirm).toContainText(/Credit \u2068£12\.34\u2069 to/);
  await expect(confirm).toContainText(who.email);
  await expect(confirm).toContainText(NOTE);
  await confirm.getByRole('button', { name: /^Credit .*12\.34/ }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByTestId('user-balance')).toHaveText('£12.34');
  const ledgerRow = detail.getByRole('row').filter({ hasText: NOTE });
  await expect(ledgerRow).toContainText('Adjustment');
  await expect(ledgerRow).toContainText('+£12.34');
  await expect(ledgerRow).toContainText('£12.34');
  // A debit beyond the balance is refused and changes nothing.
  await detail.getByRole('radio', { name: 'Debit' }).check();
  await detail.getByLabel('Amount (GBP)').fill('20');
  await detail.getByLabel('Note', { exact: true }).fill('Chargeback');
  await detail.getByRole('button', { name: 'Review' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Confirm the adjustment' })
    .getByRole('button', { name: /^Debit / })
    .click();
  await expect(detail.getByRole('alert')).toContainText('does not cover this debit');
  await expect(detail.getByTestId('user-balance')).toHaveText('£12.34');

  // The customer sees the adjustment, its note and the new balance.
  await page.reload();
  const adjustment = page.getByTestId('adjustment');
  await expect(adjustment).toContainText('Balance adjustment');
  await expect(adjustment).toContainText('+£12.34');
  await expect(adjustment).toContainText(NOTE);
  await expect(page.getByText('£12.34').first()).toBeVisible();

  // Suspend, confirmed: the customer is signed out. Then reactivate.
  await detail.getByRole('button', { name: 'Suspend' }).click();
  const suspend = admin.getByRole('alertdialog', { name: 'Suspend this user?' });
  await expect(suspend).toContainText(who.email);
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(detail.getByText('Suspended', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await detail.getByRole('button', { name: 'Reactivate' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Reactivate this user?' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(detail.getByText('Active', { exact: true })).toBeVisible();

  // This month's statement: opening, the credit with its note, closing.
  const downloading = admin.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^statement-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = fs
    .readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('Date,Kind,Reference,Note,Credit,Debit,Balance,Currency');
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},Opening balance,,,,,0\.00,GBP$/);
  expect(lines[2]).toMatch(
    new RegExp(`,adjustment,adjustment:[0-9a-f-]{36},${NOTE},12\\.34,,12\\.34,GBP$`),
  );
  expect(lines[3]).toMatch(/^\d{4}-\d{2}-\d{2},Closing balance,,,,,12\.34,GBP$/);
  expect(lines).toHaveLength(4);
  await adminContext.close();
});

test('the Users tab and a user’s detail fit 390 px and read right to left in Arabic', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?tab=users');
  const panel = page.getByRole('tabpanel', { name: 'Users' });
  await expect(panel.getByRole('row').nth(1)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(391);
  expect(await seriousViolations(page)).toEqual([]);
  await panel
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Open / })
    .click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('tab', { name: 'Ledger' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(391);
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('dialog');
  await expect(arabic.getByRole('tab', { name: 'القيود' })).toBeVisible();
  await expect(arabic.getByText('كشف الحساب')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(391);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).not.toHaveURL(/user=/);
});
