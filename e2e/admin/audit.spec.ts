import { randomBytes } from 'node:crypto';
import { ADMIN, newCustomer, signInAdmin, signUpThroughForm } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';

const hash = () => randomBytes(32).toString('hex');

test('an admin cannot approve their own payment; the audit tab lists an approval, filtered, at 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { admin, close } = await adminWithWallet(browser);
  try {
    // The admin's own top-up: approving it is refused, and it stays pending.
    const own = await submitTopUp(admin, '150', { txHash: hash() });
    const refused = await admin.post(`/api/admin/payments/${own.payment.id}/approve`, {
      data: {},
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('SELF_APPROVAL_FORBIDDEN');

    // A customer's top-up, approved by the admin.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await signUpThroughForm(customerPage, newCustomer());
    await expect(customerPage).toHaveURL(/\/dashboard$/);
    const { payment } = await submitTopUp(customerPage.request, '150', { txHash: hash() });
    await customerContext.close();
    await decide(admin, payment.id, 'approve');
  } finally {
    await close();
  }
  await signInAdmin(page.request);
  const approved = (
    await (await page.request.get('/api/admin/audit?action=payment.approve&pageSize=1')).json()
  ).items[0] as { targetId: string };
  expect(approved.targetId).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?tab=audit');
  const panel = page.getByRole('tabpanel', { name: 'Audit log' });
  await expect(panel.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await panel.getByLabel('Action').selectOption({ label: 'Payment approved' });
  await panel.getByLabel('Target ID').fill(approved.targetId);
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Payment approved');
  await expect(rows.first()).toContainText(ADMIN.email);
  await expect(rows.first()).toContainText(approved.targetId);
  await expect(rows.first()).toContainText(/Status: was pending → now approved/);
  await expect(panel.getByText('Entries: 1')).toBeVisible();
  // The page itself does not scroll sideways at 390 px; the table scrolls in its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
  expect(await seriousViolations(page)).toEqual([]);

  // A filter that matches nothing says so; clearing shows every entry again.
  await panel.getByLabel('From').fill('2000-01-01');
  await panel.getByLabel('To', { exact: true }).fill('2000-01-02');
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await expect(panel.getByText('No entries match these filters.')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);

  // In Arabic, right to left, the same tab reads and passes axe.
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/admin?tab=audit');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
  expect(await seriousViolations(page)).toEqual([]);
});
