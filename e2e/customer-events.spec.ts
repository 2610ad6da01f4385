import { ADMIN, newCustomer, signUpThroughForm } from './accounts';
import { expect, test } from './fixtures';

const BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

test('a customer sees their payment approved live: a toast and the new balance, no reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/admin/login', { data: ADMIN })).status()).toBe(200);
  const wallet = await admin.post('/api/admin/crypto-wallets', {
    data: { currency: 'BTC', network: 'bitcoin', address: BTC_WALLET, walletType: 'cold_storage' },
  });
  expect([201, 409]).toContain(wallet.status());

  // The stream is subscribed once its response has started.
  const streamOpen = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await signUpThroughForm(page, newCustomer());
  await expect(page).toHaveURL(/\/dashboard$/);
  await streamOpen;
  const menu = page.getByRole('button', { name: /^Account menu for / });
  await menu.click();
  await expect(page.getByText('Balance: £0.00')).toBeVisible();
  await page.keyboard.press('Escape');
  // Anything set here survives only if the page is never reloaded.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The customer pays through the API, with the browser's own session.
  const quoted = await page.request.post('/api/payments/quote', {
    data: { amount: '150', currency: 'BTC', fiatCurrency: 'USD' },
  });
  expect(quoted.status()).toBe(201);
  const quote = await quoted.json();
  const created = await page.request.post('/api/transactions/create', {
    data: {
      amount: quote.fiatAmount,
      currency: 'BTC',
      walletAddress: quote.address,
      serviceName: 'Add Funds',
      quoteId: quote.id,
    },
  });
  expect(created.status()).toBe(201);
  const payment = await created.json();
  expect(payment).toMatchObject({ status: 'pending', creditAmount: quote.creditAmount });

  const approved = await admin.post(`/api/admin/payments/${payment.id}/approve`, { data: {} });
  expect(approved.status()).toBe(200);

  await expect(page.getByText('Payment approved', { exact: true })).toBeVisible();
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
  await adminContext.close();
});

test('a customer sees their payment rejected live', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/admin/login', { data: ADMIN })).status()).toBe(200);
  const wallet = await admin.post('/api/admin/crypto-wallets', {
    data: { currency: 'BTC', network: 'bitcoin', address: BTC_WALLET, walletType: 'cold_storage' },
  });
  expect([201, 409]).toContain(wallet.status());

  const streamOpen = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await signUpThroughForm(page, newCustomer());
  await expect(page).toHaveURL(/\/dashboard$/);
  await streamOpen;
  const created = await page.request.post('/api/transactions/create', {
    data: {
      amount: '120.00',
      currency: 'BTC',
      walletAddress: BTC_WALLET,
      serviceName: 'Add Funds',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await admin.post(`/api/admin/payments/${id}/reject`, { data: {} })).status()).toBe(200);

  await expect(page.getByText('Payment rejected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect(page.getByText('Balance: £0.00')).toBeVisible();
  await adminContext.close();
});
