import type { APIRequestContext, Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, fundedCustomer } from '../support/funding';
import { message } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

type Trunks = {
  items: {
    id: string;
    name: string;
    authMethod: string;
    allowedIps: string[];
    callerId: string | null;
    failover: boolean;
  }[];
  numbers: { id: string; number: string; trunkId: string | null }[];
};

const trunksOf = async (request: APIRequestContext): Promise<Trunks> =>
  (await request.get('/api/sip-trunk/trunks')).json();

/** Buys the cheapest number for sale from the balance: its E.164. */
async function buyCheapestNumber(request: APIRequestContext): Promise<string> {
  const listed = await (await request.get('/api/numbers')).json();
  const numbers = (listed.items ?? listed) as {
    id: string;
    number: string;
    balanceMonthlyPrice: string | null;
    balanceSetupPrice: string | null;
  }[];
  const cost = (n: (typeof numbers)[number]) =>
    Number(n.balanceMonthlyPrice ?? 1e9) + Number(n.balanceSetupPrice ?? 0);
  const cheapest = [...numbers].sort((a, b) => cost(a) - cost(b))[0];
  if (!cheapest) throw new Error('no number for sale');
  expect((await request.post('/api/orders', { data: { itemId: cheapest.id } })).status()).toBe(201);
  return cheapest.number;
}

/** A customer with a Trunk Starter bought from their balance through the API. */
async function customerWithTrunk(page: Page, admin: APIRequestContext) {
  const funded = await fundedCustomer(page, admin);
  const packages = (await (await page.request.get('/api/packages?service=sip-trunk')).json()) as {
    id: string;
    name: string;
  }[];
  const starter = packages.find((p) => p.name === 'Trunk Starter');
  expect((await page.request.post('/api/orders', { data: { itemId: starter?.id } })).status()).toBe(
    201,
  );
  return funded;
}

test('a customer buys Trunk Starter, sets it up for their PBX and routes a number to it; the admin sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await adminWithWallet(browser);
  const { email } = await fundedCustomer(page, staff.admin);
  await staff.close();

  // No trunk yet: the page offers the packages instead of settings.
  await page.goto('/services/sip-trunk');
  const offer = page.getByRole('region', { name: 'You have no SIP trunk yet' });
  await offer.getByRole('link', { name: 'Purchase Now (Trunk Starter)' }).click();
  await expect(page).toHaveURL(/\/payment\?/);
  await page.getByRole('button', { name: 'Pay £25.00 from balance' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await confirm.getByRole('button', { name: 'Pay £25.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const number = await buyCheapestNumber(page.request);

  // The trunk, its state and the credentials for the PBX.
  await page.goto('/services/sip-trunk');
  const trunk = page.getByRole('region', { name: /Trunk Starter/ });
  await expect(trunk.getByTestId('trunk-status')).toHaveText('Active');
  await expect(trunk.getByTestId('trunk-username')).toHaveText(/^t\d{9}$/);
  await expect(trunk.getByTestId('trunk-domain')).toHaveText('sip.e2e.example');
  await expect(trunk.getByTestId('trunk-password')).toHaveText(/^•+$/);
  await trunk.getByRole('button', { name: 'Show password' }).click();
  await expect(trunk.getByTestId('trunk-password')).toHaveText(/^[^•\s]{8,}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // IP authentication with a range; a private address is refused by the server, with
  // its reason under that entry.
  await trunk.getByRole('button', { name: 'Configure Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Service' });
  await dialog.getByLabel('Authentication method').selectOption('ip');
  const box = dialog.getByLabel('Address or range to add');
  await box.fill('81.2.69.0/24');
  await box.press('Enter');
  await box.fill('192.168.1.0/24');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByLabel('Default caller ID').selectOption(number);
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  const privateOne = dialog.getByRole('button', { name: 'Remove (192.168.1.0/24)' });
  await expect(privateOne).toHaveAccessibleDescription(
    'Each allowed address must be a public address',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await privateOne.click();
  await expect(dialog.getByRole('button', { name: 'Remove (81.2.69.0/24)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();
  await expect(trunk).toContainText('IP address allow-list');
  await expect(trunk).toContainText('81.2.69.0/24');
  const [saved] = (await trunksOf(page.request)).items;
  expect(saved).toMatchObject({ authMethod: 'ip', allowedIps: ['81.2.69.0/24'], callerId: number });

  // The number rings the trunk's PBX now.
  const route = page.getByLabel(new RegExp(number.replace('+', '\\+')));
  await route.selectOption(saved?.id ?? '');
  await expect(page.getByText(/now rings on/)).toBeVisible();
  await expect
    .poll(
      async () => (await trunksOf(page.request)).numbers.find((n) => n.number === number)?.trunkId,
    )
    .toBe(saved?.id);

  // The admin's SIP trunks tab lists it with the customer.
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=sip-trunks');
  const panel = admin.getByRole('tabpanel', { name: 'SIP trunks' });
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Trunk Starter');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('IP address allow-list');
  await expect(row).toContainText('0 of 10');
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();
});

test('an add-on bought from a trunk’s Add-ons tab attaches to the trunk shown', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  await customerWithTrunk(page, staff.admin);
  await staff.close();
  const packages = (await (await page.request.get('/api/packages?service=sip-trunk')).json()) as {
    id: string;
    name: string;
  }[];
  const starter = packages.find((p) => p.name === 'Trunk Starter');
  expect((await page.request.post('/api/orders', { data: { itemId: starter?.id } })).status()).toBe(
    201,
  );
  const [, second] = (await trunksOf(page.request)).items;
  await page.goto('/services/sip-trunk');
  await page.getByLabel('Trunk shown').selectOption(second?.id ?? '');
  await page.getByRole('tab', { name: 'Add-ons' }).click();
  await page.getByRole('link', { name: 'Purchase Now (Failover)' }).click();
  await expect(page).toHaveURL(new RegExp(`trunk=${second?.id}`));
  await page.getByRole('button', { name: 'Pay £20.00 from balance' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await confirm.getByRole('button', { name: 'Pay £20.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await trunksOf(page.request)).items.map((t) => t.failover)).toEqual([false, true]);
});

test('without a trunk the page sells the packages and its tabs say what a trunk will show', async ({
  page,
}) => {
  await signedUpCustomer(page);
  await page.goto('/services/sip-trunk');
  await expect(page.getByRole('heading', { name: 'Enterprise SIP Trunk' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Configure Service' })).toHaveCount(0);
  const offer = page.getByRole('region', { name: 'You have no SIP trunk yet' });
  await expect(offer.getByRole('link', { name: /^Purchase Now \(/ })).toHaveCount(3);

  for (const tab of ['Overview', 'Technical', 'Monitoring', 'Add-ons', 'Pricing'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  // The configured SIP domain and ports, not the address the page was opened on.
  await page.getByRole('tab', { name: 'Technical' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('sip.e2e.example');
  await expect(panel).not.toContainText('127.0.0.1');
  await page.getByRole('tab', { name: 'Monitoring' }).click();
  await expect(page.getByText('No trunk to monitor yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Add-ons' }).click();
  await expect(panel.getByRole('link', { name: /^Purchase Now \(/ })).toHaveCount(4);
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(panel).toContainText('£25.00');
  await panel.getByRole('link', { name: 'Purchase Now (Trunk Professional)' }).click();
  await expect(page).toHaveURL(
    /\/payment\?service=sip-trunk&type=Trunk\+Professional&price=75\.00&item=[0-9a-f-]{36}$/,
  );
});

test('the trunk page and the admin tab in Arabic on a phone: no sideways scroll, no serious axe findings', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const staff = await adminWithWallet(browser);
  await customerWithTrunk(page, staff.admin);
  await staff.close();
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));

  await page.goto('/services/sip-trunk');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: message('ar', 'sipTrunk.title') })).toBeVisible();
  await expect(page.getByTestId('trunk-username')).toHaveText(/^t\d{9}$/);
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);

  for (const tab of ['technical', 'monitoring']) {
    await page.getByRole('tab', { name: message('ar', `sipTrunk.tabs.${tab}`) }).click();
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: message('ar', 'sipTrunk.configure.open') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(message('ar', 'sipTrunk.configure.authMethod')).selectOption('ip');
  await expect(dialog.getByLabel(message('ar', 'sipTrunk.configure.newIp'))).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await signInAdmin(page.request);
  await page.goto('/admin?tab=sip-trunks');
  const panel = page.getByRole('tabpanel', { name: message('ar', 'sipTrunk.admin.title') });
  await expect(panel.getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await phone.close();
});
