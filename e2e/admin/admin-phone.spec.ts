import type { Locator } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughForm } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, submitTopUp } from '../support/funding';
import { messagesIn } from '../support/locales';

/** The admin's tables with actions, on a phone: every action in reach without scrolling sideways. */
const ar = messagesIn('ar');
const PHONE = { width: 390, height: 844 };

/** Wholly inside the screen's width as the page lies, with no sideways scroll anywhere. */
async function inReach(button: Locator) {
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  // No box around the table scrolls sideways to get there.
  const scrolled = await button.evaluate((el) => {
    for (let a = el.parentElement; a; a = a.parentElement)
      if (a.scrollWidth > a.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(a).overflowX))
        return a.className;
    return null;
  });
  expect(scrolled).toBeNull();
}

test('at 390 px in Arabic, Approve and Reject of payments and sender IDs are in reach', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  const customer = await (await browser.newContext()).newPage();
  const who = newCustomer();
  await signUpThroughForm(customer, who);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await submitTopUp(customer.request, '151.23');
  const sender = `Phone${String(Date.now()).slice(-5)}`;
  const asked = await customer.request.post('/api/sms/senders', {
    data: { senderId: sender, reason: 'Order updates from our shop' },
  });
  expect(asked.status()).toBe(201);
  await customer.context().close();
  await staff.close();

  await signInAdmin(page.request);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/admin?tab=payments');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const payment = page.getByRole('row').filter({ hasText: who.email });
  await inReach(payment.getByRole('button', { name: ar.admin.payments.approve }));
  await inReach(payment.getByRole('button', { name: ar.admin.payments.reject }));
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('payments-ar-390.png') });

  await page.goto('/admin?tab=sender-ids');
  const request = page.getByRole('row').filter({ hasText: sender });
  await inReach(request.getByRole('button', { name: ar.admin.senderIds.approve }));
  await inReach(request.getByRole('button', { name: ar.admin.senderIds.reject }));
  expect(await seriousViolations(page)).toEqual([]);
});
