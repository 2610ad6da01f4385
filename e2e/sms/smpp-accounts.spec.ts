import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { message } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

const smppPort = process.env.E2E_SMPP_PORT ?? '';

/** Creates an account from the SMS screen and returns its credentials, still on screen. */
async function createAccount(page: Page, lang: string, name: string, addresses: string) {
  const m = (key: string) => message(lang, key);
  await page.getByRole('button', { name: m('smpp.create') }).click();
  const form = page.getByRole('dialog', { name: m('smpp.create') });
  await form.getByLabel(m('smpp.form.name')).fill(name);
  await form.getByLabel(m('smpp.form.addresses')).fill(addresses);
  await expect(form.getByLabel(m('smpp.form.rate'))).toHaveValue('10');
  await form.getByRole('button', { name: m('smpp.form.create') }).click();
  const shown = page.getByRole('dialog', { name: m('smpp.created.dialogTitle') });
  await expect(shown.getByRole('alert')).toHaveText(m('smpp.created.warning'));
  const password = (await shown.getByTestId('smpp-password').innerText()).trim();
  const systemId = (await shown.getByTestId('smpp-system-id').innerText()).trim();
  expect(password).not.toBe('');
  expect(systemId).not.toBe('');
  return { shown, password, systemId };
}

test('a customer creates an SMPP account, sees the password once, then removes the account', async ({
  page,
}) => {
  await signedUpCustomer(page);
  await page.goto('/services/sms');
  const section = page.getByRole('region', { name: 'SMPP accounts' });
  await expect(section.getByText('127.0.0.1', { exact: true })).toBeVisible();
  await expect(section.getByText(smppPort, { exact: true })).toBeVisible();
  await expect(section.getByText('No SMPP accounts yet.')).toBeVisible();

  const { shown, password, systemId } = await createAccount(
    page,
    'en',
    'Office gateway',
    '127.0.0.1\n198.51.100.0/24',
  );
  await expect(shown.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(password)).toHaveCount(0);

  const row = page.getByTestId(`smpp-account-${systemId}`);
  await expect(row).toContainText('Office gateway');
  await expect(row).toContainText('Not bound');
  await expect(row).toContainText('198.51.100.0/24');
  await expect(row).toContainText('Throughput: 10 messages/s');
  await expect(row).toContainText('Never bound yet');
  // Nothing the page loads again holds the password.
  await page.reload();
  await expect(row).toContainText('Not bound');
  expect(await page.content()).not.toContain(password);

  await row.getByRole('button', { name: /^Remove/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this SMPP account?' });
  await expect(confirm).toContainText(systemId);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The SMPP account was removed.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No SMPP accounts yet.')).toBeVisible();
});

test('the SMPP accounts work at 390 px in Arabic without sideways scroll or serious axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/services/sms');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = page.getByRole('region', { name: message('ar', 'smpp.title') });
  await expect(section.getByText(smppPort, { exact: true })).toBeVisible();

  const { shown, systemId } = await createAccount(
    page,
    'ar',
    'بوابة المكتب',
    '127.0.0.1, 2001:db8::/32',
  );
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole('button', { name: message('ar', 'smpp.created.done') }).click();
  await expect(shown).toBeHidden();

  const row = page.getByTestId(`smpp-account-${systemId}`);
  await expect(row).toContainText('بوابة المكتب');
  await expect(row).toContainText(message('ar', 'smpp.state.unbound'));
  await expect(row).toContainText('2001:db8::/32');
  await row.scrollIntoViewIfNeeded();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
});
