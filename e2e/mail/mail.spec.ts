import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { fundedByOwnAdmin } from '../support/funding';
import { message } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';
import { startEmptyDns } from './empty-dns';

/** A sending domain no other test adds (every test shares one server). */
const aDomain = () => `e2e-${randomBytes(4).toString('hex')}.example.com`;

// The DNS the server's domain checks ask (MAIL_DNS_SERVERS): it knows no name. This file's
// tests run in one worker, one after the other.
let dns: Awaited<ReturnType<typeof startEmptyDns>>;
test.beforeAll(async () => {
  dns = await startEmptyDns(Number(process.env.E2E_DNS_PORT));
});
test.afterAll(() => dns.close());

/** Buys SMTP Basic from the balance through the API. */
async function buySmtpBasic(page: Page) {
  const packages = (await (await page.request.get('/api/packages?service=smtp')).json()) as {
    id: string;
    name: string;
  }[];
  const basic = packages.find((p) => p.name === 'SMTP Basic');
  expect((await page.request.post('/api/orders', { data: { itemId: basic?.id } })).status()).toBe(
    201,
  );
}

test('a customer buys SMTP Basic, makes an SMTP user, adds a sending domain and verifies it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await fundedByOwnAdmin(page, browser);

  // No package yet: the relay area only points at the packages above it.
  await page.goto('/services/smtp');
  const relay = page.getByRole('region', { name: 'Your SMTP relay' });
  await expect(relay).toContainText('Buy one of the SMTP packages above');
  await expect(relay.getByRole('button', { name: 'Create SMTP user' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Purchase Now (SMTP Basic)' }).click();
  await expect(page).toHaveURL(/\/payment\?/);
  await page.getByRole('button', { name: /^Pay £[\d.]+ from balance$/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await confirm.getByRole('button', { name: /^Pay £[\d.]+$/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The relay: where to connect and this period's allowance.
  await page.goto('/services/smtp');
  const settings = relay.getByRole('region', { name: 'Connection settings' });
  await expect(settings.getByTestId('mail-host')).toHaveText('mail.e2e.example');
  await expect(settings.getByTestId('mail-submission-port')).toHaveText('587');
  await expect(settings.getByTestId('mail-smtps-port')).toHaveText('465');
  const usage = relay.getByRole('region', { name: 'Usage this period' });
  await expect(usage).toContainText('0 of 10,000 emails used');
  await expect(usage).toContainText('£0.80 per 1,000 emails');
  await expect(relay.getByRole('region', { name: 'Delivery log' })).toContainText(
    'Messages stay in this log for 7 days',
  );

  // An SMTP user: its password is shown once.
  await relay.getByRole('button', { name: 'Create SMTP user' }).click();
  const create = page.getByRole('dialog', { name: 'Create SMTP user' });
  await expect(create.getByLabel('Hourly limit')).toHaveValue('1000');
  await create.getByRole('button', { name: 'Create SMTP user' }).click();
  const created = page.getByRole('dialog', { name: 'SMTP user created' });
  await expect(created.getByRole('alert')).toContainText('you will not see it again');
  const username = (await created.getByTestId('mail-new-username').textContent()) ?? '';
  expect(username).toMatch(/^smtp-[a-z0-9]{10}$/);
  const password = (await created.getByTestId('mail-new-password').textContent()) ?? '';
  expect(password).toMatch(/^\S{12,}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const users = relay.getByRole('region', { name: 'SMTP users' });
  await expect(users.getByTestId(`mail-user-${username}`)).toContainText('1,000 an hour');
  await expect(page.getByText(password)).toHaveCount(0);

  // A sending domain: refused in words when it is not one, then its three records.
  const domains = relay.getByRole('region', { name: 'Sending domains' });
  const field = domains.getByRole('textbox', { name: 'Domain', exact: true });
  await field.fill('not a domain');
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains.getByText('Enter a domain name such as example.com')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const domain = aDomain();
  await field.fill(domain.toUpperCase());
  await domains.getByRole('button', { name: 'Add domain' }).click();
  const item = domains.getByTestId(`mail-domain-${domain}`);
  await expect(item.getByTestId('mail-domain-state')).toHaveText('Not verified');
  const records = item.getByRole('listitem');
  await expect(records).toHaveCount(3);
  const dkim = item.getByRole('listitem', { name: /^DKIM/ });
  await expect(dkim.getByTestId('mail-record-host')).toHaveText(`parley._domainkey.${domain}`);
  await expect(dkim.getByTestId('mail-record-value')).toHaveText(/^v=DKIM1; k=rsa; p=\S{200,}$/);
  await expect(
    item.getByRole('listitem', { name: /^SPF/ }).getByTestId('mail-record-type'),
  ).toHaveText('TXT');
  await expect(
    item.getByRole('listitem', { name: /^Return path/ }).getByTestId('mail-record-host'),
  ).toHaveText(`pm-bounces.${domain}`);
  await expect(item.getByTestId('mail-record-status')).toHaveText([
    'Not checked',
    'Not checked',
    'Not checked',
  ]);

  // This server's DNS holds none of them: Verify reports each one missing.
  await item.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(item.getByTestId('mail-domain-result')).toContainText('0 of 3 records found', {
    timeout: 20_000,
  });
  await expect(item.getByTestId('mail-record-status')).toHaveText([
    'Missing',
    'Missing',
    'Missing',
  ]);
  await expect(item.getByTestId('mail-domain-state')).toHaveText('Not verified');

  // The server refuses the same domain twice, told under the field.
  await field.fill(domain);
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains.getByText('You have added this domain already')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the SMTP page in Arabic on a phone: no sideways scroll, no serious axe findings', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await fundedByOwnAdmin(page, browser);
  await buySmtpBasic(page);
  const domain = aDomain();
  expect((await page.request.post('/api/mail/domains', { data: { domain } })).status()).toBe(201);
  expect((await page.request.post('/api/mail/credentials', { data: {} })).status()).toBe(201);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));

  await page.goto('/services/smtp');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const relay = page.getByRole('region', { name: message('ar', 'mail.title') });
  await expect(relay.getByTestId(`mail-domain-${domain}`)).toBeVisible();
  await expect(relay.getByTestId('mail-record-value')).toHaveCount(3);
  await expect(
    relay.getByRole('button', { name: message('ar', 'mail.users.create') }),
  ).toBeEnabled();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);

  // The field's refusal in Arabic.
  await relay
    .getByRole('textbox', { name: message('ar', 'mail.domains.domain'), exact: true })
    .fill('x');
  await relay.getByRole('button', { name: message('ar', 'mail.domains.add') }).click();
  await expect(relay.getByText(message('ar', 'fieldErrors.MAIL_DOMAIN_INVALID'))).toBeVisible();

  // The password shown once, in a dialog as narrow as the phone.
  await relay.getByRole('button', { name: message('ar', 'mail.users.create') }).click();
  const dialog = page.getByRole('dialog', { name: message('ar', 'mail.users.create') });
  await dialog.getByRole('button', { name: message('ar', 'mail.users.create') }).click();
  await expect(
    page.getByRole('dialog', { name: message('ar', 'mail.users.createdTitle') }),
  ).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await phone.close();
});
