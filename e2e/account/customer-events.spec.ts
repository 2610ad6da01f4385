import { signedUpCustomer } from '../support/accounts';
import { toastViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';

test('a customer sees their payment approved live: a toast and the new balance, no reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { admin, close } = await adminWithWallet(browser);

  // The stream is subscribed once its response has started.
  const streamOpen = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await signedUpCustomer(page);
  await streamOpen;
  const menu = page.getByRole('button', { name: /Account menu for / });
  await menu.click();
  await expect(page.getByText('Balance: £0.00')).toBeVisible();
  await page.keyboard.press('Escape');
  // Anything set here survives only if the page is never reloaded.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The customer pays through the API, with the browser's own session.
  const { quote, payment } = await submitTopUp(page.request);
  expect(payment).toMatchObject({ status: 'pending', creditAmount: quote.creditAmount });
  await decide(admin, payment.id, 'approve');

  await expect(page.getByText('Payment approved', { exact: true })).toBeVisible();
  // Readable: the toast's colours and names pass axe.
  expect(await toastViolations(page)).toEqual([]);
  // The toast sits below the navigation bar, never over it.
  const bar = await page.locator('header').first().boundingBox();
  await expect
    .poll(async () => {
      const toast = await page.locator('[data-sonner-toast]').boundingBox();
      return toast && bar ? toast.y - (bar.y + bar.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await expect(
    page.getByText('Your payment has been approved and your balance is updated.'),
  ).toBeVisible();
  await menu.click();
  await expect(page.getByText(`Balance: £${quote.creditAmount}`)).toBeVisible();
  await page.keyboard.press('Escape');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await close();
});

test('a customer sees their payment rejected live', async ({ page, browser }) => {
  const { admin, close } = await adminWithWallet(browser);

  const streamOpen = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await signedUpCustomer(page);
  await streamOpen;
  const { payment } = await submitTopUp(page.request, '120.00');
  await decide(admin, payment.id, 'reject');

  await expect(page.getByText('Payment rejected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Account menu for / }).click();
  await expect(page.getByText('Balance: £0.00')).toBeVisible();
  await close();
});
