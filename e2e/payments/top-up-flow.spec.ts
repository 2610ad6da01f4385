import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newCustomer, signedUpCustomer, signInAdmin, signUpThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, BTC_WALLET } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';
import { readQr } from '../support/qr';

const PHONE = { width: 390, height: 844 };

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

async function calm(page: Page) {
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
}

test('the payment QR code reads with a standard decoder told never to invert, at 390 px', async ({
  page,
  browser,
}) => {
  const staff = await adminWithWallet(browser);
  await page.setViewportSize(PHONE);
  await signedUpCustomer(page);
  await page.goto('/payment?service=balance&type=Add+Funds&amount=185');
  // The address comes without another click.
  const heading = page.getByRole('heading', { name: /Send exactly\s+0\.\d+ BTC/ });
  await expect(heading).toBeVisible();
  const amount = ((await heading.textContent()) ?? '').match(/0\.\d+/)?.[0] ?? '';
  await page.getByRole('button', { name: 'Show QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay with BTC' });
  await expect(dialog.getByRole('img', { name: 'QR code for the BTC payment' })).toBeVisible();
  // The framed code as a scanner sees it: brand frame included, no inversion tried.
  expect(await readQr(page, dialog.locator('[data-qr-frame]'))).toBe(
    `bitcoin:${BTC_WALLET}?amount=${amount}`,
  );
  await calm(page);
  await staff.close();
});

test('a top-up in Arabic at 390 px asks once, survives a reload, and its outcome reaches the bell', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  await page.setViewportSize(PHONE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedUpCustomer(page);
  await inArabic(page);
  const payable: string[] = [
    ...new Set(
      (
        (await (await page.request.get('/api/payments/wallets')).json()) as { currency: string }[]
      ).map((w) => w.currency),
    ),
  ];

  // The Add Funds dialog offers only coins with a wallet; its amount and coin carry through.
  await page.getByRole('button', { name: 'إضافة رصيد' }).first().click();
  const dialog = page.getByRole('dialog');
  const coin = dialog.locator('#add-funds-currency');
  await expect
    .poll(async () =>
      coin.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))),
    )
    .toEqual(
      ['BTC', 'ETH', 'USDT', 'USDC', 'LTC', 'SOL', 'BNB', 'TRX', 'MATIC'].filter((c) =>
        payable.includes(c),
      ),
    );
  await coin.selectOption('BTC');
  await dialog.locator('#add-funds-amount').fill('250');
  await calm(page);
  await dialog.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment\?.*amount=250.*currency=BTC/);
  await expect(page.locator('#pay-amount')).toHaveValue('250');

  // The address without another click; the credit in pounds told before paying.
  const send = page.locator('#pay-send');
  await expect(send).toContainText('BTC');
  const cryptoAmount = ((await send.textContent()) ?? '').match(/0\.\d+/)?.[0] ?? '';
  expect(cryptoAmount).not.toBe('');
  // $250 at the seeded 0.79: £197.50, in the page's digits.
  const credit = page.getByText('سيُضاف', { exact: false });
  await expect(credit).toContainText('£');
  await expect(credit).toContainText(/197[.,٫]50|١٩٧٫٥٠/);
  await page.getByRole('button', { name: 'نسخ المبلغ' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cryptoAmount);
  await calm(page);

  // A reload shows the same quote, not a new one.
  await page.reload();
  await expect(page.locator('#pay-send')).toContainText(cryptoAmount);
  await page.locator('#pay-hash').fill(randomBytes(32).toString('hex'));
  await page.getByRole('button', { name: 'إرسال للمراجعة اليدوية' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });

  // The payment awaiting approval shows beside the balance.
  await expect(page.getByTestId('balance-pending')).toContainText(/197[.,٫]50|١٩٧٫٥٠/);
  await calm(page);

  // The admin rejects it with a reason (in the panel, asked for): the bell tells the customer.
  const [payment] = (await (await page.request.get('/api/transactions')).json()) as {
    id: string;
  }[];
  const rejected = await staff.admin.post(`/api/admin/payments/${payment?.id}/reject`, {
    data: { adminNotes: 'No such transaction on chain' },
  });
  expect(rejected.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('balance-pending')).toHaveCount(0);
  // The bell names its unread count: one, this notice.
  const bell = page.getByRole('button', { name: /^الإشعارات، غير المقروءة: [1١]$/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'الإشعارات' });
  await expect(panel).toContainText('تم رفض الدفعة');
  await expect(panel).toContainText('No such transaction on chain');
  await calm(page);
  await staff.close();
});

test('the admin’s reject dialog asks for the reason, at 390 px in Arabic', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A customer's pending payment, through the API.
  const staff = await adminWithWallet(browser);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpThroughApi(customer, newCustomer());
  const quote = await (
    await customer.request.post('/api/payments/quote', {
      data: { amount: '190', currency: 'BTC', fiatCurrency: 'USD' },
    })
  ).json();
  const hash = randomBytes(32).toString('hex');
  const created = await customer.request.post('/api/transactions/create', {
    data: {
      amount: quote.fiatAmount,
      currency: 'BTC',
      walletAddress: quote.address,
      serviceName: 'Add Funds',
      quoteId: quote.id,
      txHash: hash,
    },
  });
  expect(created.status()).toBe(201);

  await page.setViewportSize(PHONE);
  await signInAdmin(page.request);
  await page.goto('/admin?tab=payments');
  await inArabic(page);
  const row = page.locator('tr, li, [role="row"], article').filter({ hasText: hash }).last();
  await row.getByRole('button', { name: 'رفض' }).click();
  const confirm = page.getByRole('alertdialog');
  const reason = confirm.getByRole('textbox');
  await expect(reason).toHaveAttribute('aria-required', 'true');
  await calm(page);
  const rejectPayment = confirm.getByRole('button', { name: 'رفض الدفعة' });
  await rejectPayment.click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await reason.fill('المبلغ لم يصل');
  await rejectPayment.click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('المبلغ لم يصل');

  // The customer reads it on their payment.
  const [mine] = await (await customer.request.get('/api/transactions')).json();
  expect(mine).toMatchObject({ status: 'rejected', adminNotes: 'المبلغ لم يصل' });
  await customerContext.close();
  await staff.close();
});
