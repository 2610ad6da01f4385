import type { Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';

const notice = (page: Page) => page.getByTestId('sender-notice');
const senderStatus = (page: Page, sender: string) => page.getByTestId(`sender-status-${sender}`);

/** The page is no wider than the window: nothing runs off the side at 390 px. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a customer asks for a sender ID, an admin approves it, and the SMS screen then uses it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = await signedUpCustomer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services/sms');

  // Before asking: the form says the brand sender will be used, and why.
  await page.getByLabel('Sender ID').fill('Acme');
  await expect(notice(page)).toHaveText(
    'Acme is not approved: messages go out as Parley until an admin approves it.',
  );
  await page.getByLabel('Recipient', { exact: true }).fill('+447400123456');
  await page.getByLabel('Message Content').fill('Hello');
  await expect(page.getByTestId('quote-sender')).toContainText('Sent as Parley');

  await page.getByRole('button', { name: 'Request approval' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request a sender ID' });
  await expect(dialog.getByLabel('Sender ID')).toHaveValue('Acme');
  await dialog.getByLabel('What is it for?').fill('Order updates from our shop');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('An admin will review Acme.')).toBeVisible();
  await expect(senderStatus(page, 'Acme')).toHaveText('Waiting for approval');
  await expect(notice(page)).toHaveText(
    "Acme is waiting for an admin's approval: until then messages go out as Parley.",
  );

  // The admin approves it in the Sender IDs tab.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAdmin(admin.request);
  await admin.goto('/admin?tab=sender-ids');
  await expect(admin.getByRole('heading', { level: 2, name: 'Sender IDs' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: who.email });
  await expect(row).toContainText('Acme');
  await expect(row).toContainText('Order updates from our shop');
  expect(await seriousViolations(admin)).toEqual([]);
  await row.getByLabel('Note for Acme').fill('Known brand');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Acme approved')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.getByLabel('Status').selectOption('approved');
  await expect(admin.getByRole('row').filter({ hasText: who.email })).toContainText('Approved');
  await context.close();

  // Back on the SMS screen: approved, and used.
  await page.reload();
  await expect(senderStatus(page, 'Acme')).toHaveText('Approved');
  await page.getByLabel('Sender ID').fill('Acme');
  await expect(notice(page)).toHaveText('Acme is approved: messages go out as Acme.');
  await page.getByLabel('Recipient', { exact: true }).fill('+447400123456');
  await page.getByLabel('Message Content').fill('Hello');
  await expect(page.getByTestId('quote-sender')).toContainText('Sent as Acme');
  expect(await fitsWidth(page)).toBe(true);

  // In Arabic, right to left, at 390 px.
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(senderStatus(page, 'Acme')).toHaveText('معتمد');
  await page.getByLabel('معرّف المرسل').fill('Beta');
  await expect(notice(page)).toContainText('Beta غير معتمد');
  await page.getByRole('button', { name: 'طلب الاعتماد' }).first().click();
  await expect(page.getByRole('dialog', { name: 'طلب معرّف مرسل' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
});

test('a sender ID decision reaches the SMS page live, without a reload (390 px, Arabic)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ar = messagesIn('ar');
  await signedUpCustomer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  const sender = `Live${String(Date.now()).slice(-5)}`;
  const asked = await page.request.post('/api/sms/senders', {
    data: { senderId: sender, reason: 'Order updates from our shop' },
  });
  expect(asked.status()).toBe(201);
  const { id } = await asked.json();
  // The page's event stream is held back until the decision is made: a decision that
  // lands while the page is still opening its stream must reach it all the same.
  let release: () => void = () => undefined;
  const decisionMade = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/events*', async (route) => {
    await decisionMade;
    await route.continue();
  });
  await page.goto('/services/sms');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(senderStatus(page, sender)).toHaveText(ar.sms.senders.status.pending);

  const context = await browser.newContext();
  await signInAdmin(context.request);
  const decided = await context.request.post(`/api/admin/sender-ids/${id}/reject`, {
    data: { note: 'Not a registered brand' },
  });
  expect(decided.status()).toBe(200);
  await context.close();
  release();

  // No reload: the stream brings the decision (it started where the page was sent), the
  // list follows and a toast says so.
  await expect(senderStatus(page, sender)).toHaveText(ar.sms.senders.status.rejected);
  await expect(page.getByText(ar.senderEvents.rejected)).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
