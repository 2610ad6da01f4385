import { randomBytes } from 'node:crypto';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, BTC_WALLET, fundedCustomer } from '../support/funding';

test('a customer tops up in BTC, an admin sees it live and approves, and the balance grows', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // The admin panel, open before the payment arrives.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request);
  const wallet = await admin.request.post('/api/admin/crypto-wallets', {
    data: { currency: 'BTC', network: 'bitcoin', address: BTC_WALLET, walletType: 'cold_storage' },
  });
  expect([201, 409]).toContain(wallet.status());
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Payments' })).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedUpCustomer(page);
  await page.goto('/payment?service=balance&type=Add+Funds&amount=175');
  await expect(page.getByRole('heading', { name: 'Selected Package' })).toBeVisible();
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('175');
  await expect(page.getByText('Minimum top-up: $100')).toBeVisible();

  // Only coins with a wallet are offered, and the address comes without a click.
  await expect(page.getByLabel('Cryptocurrency').locator('option[value="ETH"]')).toHaveCount(0);
  await expect(page.getByLabel('Cryptocurrency')).toHaveValue('BTC');
  // 175 USD at the seeded 95,000 USD per BTC, rounded up to 8 places; a few satoshis
  // more if another open quote held that amount. No other test tops up $175, so the
  // admin's notice below is this payment's.
  const heading = page.getByRole('heading', {
    name: /Send exactly\s+0\.001842(1[1-9]|[2-9]\d) BTC/,
  });
  await expect(heading).toBeVisible();
  const cryptoAmount = ((await heading.textContent()) ?? '').match(/0\.\d+/)?.[0] ?? '';
  await expect(page.getByText('This amount is yours alone', { exact: false })).toBeVisible();
  await expect(page.getByText(BTC_WALLET)).toBeVisible();
  await expect(page.getByText(/This amount is held for\s+1[45]:\d\d/)).toBeVisible();

  await page.getByRole('button', { name: 'Copy Address' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(BTC_WALLET);
  await expect(page.getByRole('button', { name: 'Copy Address' })).toBeVisible({ timeout: 4000 });

  await page.getByRole('button', { name: 'Show QR code' }).click();
  const qr = page.getByRole('dialog', { name: 'Pay with BTC' });
  await expect(qr.getByRole('img', { name: 'QR code for the BTC payment' })).toBeVisible();
  await expect(qr.getByRole('link', { name: 'Download QR' })).toHaveAttribute(
    'download',
    'btc-payment-qr.png',
  );
  await page.keyboard.press('Escape');

  // The hash is required, and the form says why.
  const hashField = page.getByLabel('Transaction hash', { exact: true });
  await expect(hashField).toHaveAttribute('aria-required', 'true');
  await expect(
    page.getByText('every customer pays the same address', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Submit for manual review' }).click();
  await expect(
    page.getByText('Enter the transaction hash of your payment', { exact: false }),
  ).toBeVisible();
  await expect(hashField).toBeFocused();
  await expect(page).toHaveURL(/\/payment/);
  await hashField.fill('0xnot-a-hash');
  await expect(
    page.getByText('This does not look like a transaction hash', { exact: false }),
  ).toBeVisible();
  const hash = randomBytes(32).toString('hex');
  await hashField.fill(hash.toUpperCase());
  await page.getByRole('button', { name: 'Submit for manual review' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });

  // The admin hears about it without reloading, then approves it.
  // Other tests' payments may be announced at the same time.
  await expect(admin.getByText('New payment').first()).toBeVisible();
  await expect(admin.getByText('Add Funds: 175.00 USD, paid in BTC')).toBeVisible();
  // The full hash (stored in lower case), linked to the bitcoin explorer, beside the
  // exact amount the quote asked for and the address it went to.
  const row = admin.getByRole('row').filter({ hasText: hash });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('175.00 USD');
  await expect(row).toContainText(`${cryptoAmount} BTC`);
  await expect(row).toContainText(BTC_WALLET);
  await expect(row.getByRole('link', { name: hash })).toHaveAttribute(
    'href',
    `https://mempool.space/tx/${hash}`,
  );
  // The pending filter shows it too; an approved one leaves that list.
  await admin.getByLabel('Show').selectOption('pending');
  await expect(admin.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(row).toContainText('Pending');
  await admin.getByLabel('Show').selectOption('all');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Approve this payment?' });
  await expect(confirm).toContainText('£138.25 will be added to the balance of');
  await confirm.getByRole('button', { name: 'Approve £138.25' }).click();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('Payment approved by admin');

  await page.reload();
  await expect(page.getByText('£138.25').first()).toBeVisible();
  // The books balance, and the admin can see it.
  await admin.goto('/admin?tab=analytics');
  await expect(admin.getByRole('region', { name: 'Ledger check' })).toContainText(
    'Every balance equals the sum of its ledger entries.',
  );
  await adminContext.close();
});

test('a plan bought from the balance is active at once; a dearer item offers crypto instead', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const staff = await adminWithWallet(browser);

  // £118.50 on the balance: a $150 top-up, approved.
  await fundedCustomer(page, staff.admin);

  await page.goto('/services/voip');
  await page.getByRole('button', { name: 'Purchase Now (Starter)' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText('Starter (VoIP Calling)')).toBeVisible();
  await expect(page.getByText('Your balance: £118.50')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Or pay in cryptocurrency' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay £99.00 from balance' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await expect(confirm).toContainText('£99.00\u2069 will be taken from your balance');
  await confirm.getByRole('button', { name: 'Pay £99.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('£19.50').first()).toBeVisible();
  const active = page.getByRole('region', { name: 'Your active services and numbers' });
  await expect(active).toContainText('Starter (VoIP Calling)');
  await expect(active).toContainText(/Renews /);
  const orders = await (await page.request.get('/api/orders')).json();
  expect(orders).toMatchObject([
    { name: 'Starter (VoIP Calling)', charged: '99.00', status: 'active', paidWith: 'balance' },
  ]);

  // A SIP domain costs £400: the balance does not cover it, crypto is offered at its price.
  const [domain] = await (await page.request.get('/api/sip-domains')).json();
  await page.goto(`/payment?service=sip-domain&type=domain&price=1.00&item=${domain.id}`);
  await expect(page.getByText('£400.00').first()).toBeVisible();
  await expect(page.getByText(/Your balance does not cover £400\.00/)).toBeVisible();
  await expect(page.getByRole('button', { name: /from balance/ })).toHaveCount(0);
  await expect(page.getByLabel('Amount (GBP)')).toHaveValue('400.00');
  await expect(page.getByRole('heading', { name: /Send exactly\s+[\d.]+ BTC/ })).toBeVisible();
  await page.getByLabel('Transaction hash', { exact: true }).fill(randomBytes(32).toString('hex'));
  await page.getByRole('button', { name: 'Submit for manual review' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
  const mine = await (await page.request.get('/api/transactions')).json();
  expect(mine[0]).toMatchObject({
    kind: 'purchase',
    serviceName: domain.domain,
    status: 'pending',
  });
  await staff.close();
});
