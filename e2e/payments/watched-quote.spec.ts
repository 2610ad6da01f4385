import { signedUpCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { adminWithWallet } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';

// BIP84 test vector: account 0; receive addresses are bc1q… of its /0/i children.
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const PHONE = { width: 390, height: 844 };

test('a BTC quote on a watched network shows its own derived address and waits for the payment', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  const set = await staff.admin.put('/api/admin/chains/watch-keys/bitcoin', {
    data: { key: ZPUB },
  });
  expect(set.status()).toBe(200);
  // The key's receive chain as the admin's preview shows it: the quote's address is one of them.
  const preview = await staff.admin.post('/api/admin/chains/watch-keys/preview', {
    data: { family: 'bitcoin', key: ZPUB, count: 20 },
  });
  const derived: string[] = (await preview.json()).addresses.map(
    (a: { address: string }) => a.address,
  );
  try {
    await page.setViewportSize(PHONE);
    await signedUpCustomer(page);
    await page.goto('/payment?service=balance&type=Add+Funds&amount=150');
    await expect(page.getByRole('heading', { name: /Send exactly\s+0\.\d+ BTC/ })).toBeVisible();
    const address = (await page.locator('p.font-mono').first().textContent())?.trim() ?? '';
    expect(address).toMatch(/^bc1q/);
    // Handed out by the counter: one of the key's first addresses, never the fixed wallet.
    expect(derived).toContain(address);
    const status = page.getByTestId('deposit-status');
    await expect(status).toHaveText('Waiting for your payment');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    // A top-up needs no hash and no submission.
    await expect(page.getByText(/Nothing to submit/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit for manual review' })).toHaveCount(0);
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    // In Arabic at 390 px: the same quote (a reload reuses it) and its line, in Arabic.
    await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText(address)).toBeVisible();
    await expect(page.getByTestId('deposit-status')).toHaveText('في انتظار دفعتك');
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  } finally {
    // Other specs pay BTC to the fixed wallet: the key goes again.
    await staff.admin.delete('/api/admin/chains/watch-keys/bitcoin');
    await staff.close();
  }
});
