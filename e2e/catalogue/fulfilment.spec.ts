import { signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, fundedCustomer } from '../support/funding';
import { message } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

test('an item fulfilled by our team: the customer sees it being set up until an admin marks it done', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  // £118.50 on the balance: a $150 top-up, approved.
  const { email } = await fundedCustomer(page, staff.admin);
  await staff.close();

  await page.goto('/services/pbx');
  await page.getByRole('link', { name: 'Purchase Now (Cloud PBX)' }).click();
  await expect(page).toHaveURL(/\/payment\?/);
  await page.getByRole('button', { name: 'Pay £25.00 from balance' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await confirm.getByRole('button', { name: 'Pay £25.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const active = page.getByRole('region', { name: 'Your active services and numbers' });
  const item = active.getByRole('listitem').filter({ hasText: 'Cloud PBX' });
  await expect(item).toContainText('Being set up');
  await expect(item).toContainText('Our team is setting this up and will contact you in the chat.');

  // The admin sees it in the queue, with the customer and a link to their chat.
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=fulfilment');
  const panel = admin.getByRole('tabpanel', { name: 'Fulfilment' });
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Cloud PBX');
  await expect(row.getByRole('link', { name: `Open chat (${email})` })).toHaveAttribute(
    'href',
    /^\/admin-chat\?session=[0-9a-f-]{36}$/,
  );
  expect(await seriousViolations(admin)).toEqual([]);
  await row.getByRole('button', { name: /^Mark done \(Cloud PBX/ }).click();
  const ask = admin.getByRole('alertdialog', { name: 'Mark this item done?' });
  await expect(ask).toContainText(email);
  await ask.getByRole('button', { name: 'Mark done' }).click();
  await expect(panel.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  // The customer's dashboard follows (live, through their event stream): active now.
  await expect(item).not.toContainText('Being set up');
  await expect(item).toContainText('Active');
  const orders = await (await page.request.get('/api/orders')).json();
  expect(orders[0]).toMatchObject({ fulfilment: 'done', status: 'active' });
});

test('the fulfilment queue in Arabic on a phone: no sideways scroll, no serious axe findings', async ({
  browser,
}) => {
  // A customer who bought an item the team sets up, so the queue has a row.
  const customer = await browser.newContext();
  const staff = await adminWithWallet(browser);
  await fundedCustomer(await customer.newPage(), staff.admin);
  await staff.close();
  const [pkg] = (await (
    await customer.request.get('/api/packages?service=call-center')
  ).json()) as {
    id: string;
  }[];
  expect((await customer.request.post('/api/orders', { data: { itemId: pkg?.id } })).status()).toBe(
    201,
  );
  await customer.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.addInitScript(() => localStorage.setItem('parley.lang', 'ar'));
  await signInAdmin(page.request);
  await page.goto('/admin?tab=fulfilment');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const panel = page.getByRole('tabpanel', { name: message('ar', 'fulfilment.admin.title') });
  await expect(
    panel
      .getByRole('button', { name: new RegExp(message('ar', 'fulfilment.admin.markDone')) })
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await phone.close();
});

test('the package editor sets whether the team fulfils an item', async ({ browser }) => {
  const context = await browser.newContext();
  await signInAdmin(context.request);
  const page = await context.newPage();
  await page.goto('/admin?tab=packages');
  const row = page.getByRole('row').filter({ hasText: 'Trunk Enterprise' });
  await expect(row).toContainText('Provisioned automatically');
  const setTo = async (label: string) => {
    await row.getByRole('button', { name: 'Edit Trunk Enterprise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit package' });
    await dialog.getByLabel('Fulfilment').selectOption({ label });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(label);
  };
  await setTo('Fulfilled by our team');
  const packages = await (await page.request.get('/api/admin/packages')).json();
  expect(packages.find((p: { name: string }) => p.name === 'Trunk Enterprise')).toMatchObject({
    fulfilment: 'team',
  });
  await setTo('Provisioned automatically');
  // The seeded Cloud PBX starts as fulfilled by our team.
  await expect(page.getByRole('row').filter({ hasText: 'Cloud PBX' }).first()).toContainText(
    'Fulfilled by our team',
  );
  await context.close();
});
