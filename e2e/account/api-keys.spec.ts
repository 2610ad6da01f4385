import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

const ar = messagesIn('ar');

// Each test signs up (a proof-of-work security check) and runs axe: slow on a busy machine.
test.slow();

test('a key made on /account works for a system, and stops when revoked', async ({
  page,
  request,
}) => {
  await signedUpCustomer(page);
  await page.goto('/account');
  await page.getByLabel('Name', { exact: true }).fill('Billing system');
  await page.getByRole('checkbox', { name: /balance:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^prl_live_[0-9A-Za-z]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText('Billing system').first()).toBeVisible();

  // A system's request: the key alone, from a context without the browser's cookies.
  const asSystem = (url: string) =>
    request.get(url, { headers: { authorization: `Bearer ${secret}` } });
  expect((await asSystem('/api/ledger')).status()).toBe(200);
  expect((await asSystem('/api/sms/history')).status()).toBe(403);

  await page.getByRole('button', { name: /Revoke\s+Billing system/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  expect((await asSystem('/api/ledger')).status()).toBe(401);
});

test('creating a key at 390 px in Arabic, without serious axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: ar.apiKeys.title, level: 2 })).toBeVisible();
  await page.getByLabel(ar.apiKeys.name, { exact: true }).fill('نظام الفوترة');
  await page.getByRole('checkbox', { name: /sms:send/ }).check();
  await page.getByRole('button', { name: ar.apiKeys.create }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveText(/^prl_live_/);
  await expect(page.getByRole('button', { name: ar.apiKeys.copy })).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: ar.apiKeys.done }).click();
  await expect(page.getByText('نظام الفوترة').first()).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
});
