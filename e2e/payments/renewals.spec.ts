import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { fundedByOwnAdmin } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';

test('a monthly plan the balance cannot renew: the runway, the reminder notification, stopping and resuming renewal', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // £118.50 on the balance, then the £99 Starter plan: £19.50 left, the renewal is £99.
  await fundedByOwnAdmin(page, browser);
  const plans = await (await page.request.get('/api/packages?service=voip')).json();
  const starter = plans.find((p: { name: string }) => p.name === 'Starter');
  const bought = await page.request.post('/api/orders', { data: { itemId: starter.id } });
  expect(bought.status()).toBe(201);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Renewals and runway' });
  // The balance lasts until the renewal a month on (30 or 31 days less the moments since the
  // purchase), which it cannot pay.
  await expect(card.getByTestId('runway')).toHaveText(/^(29|30) days$/);
  const active = page.getByRole('region', { name: 'Your active services and numbers' });
  await expect(active).toContainText('Starter (VoIP Calling)');
  await expect(active.getByText('Active', { exact: true })).toBeVisible();
  await expect(active).toContainText(/Renews .+ for £99\.00/);

  // The job (every 2 s here, reminding a month ahead) tells the customer the balance will
  // not cover the renewal: the bell counts it (beside the top-up's approval notice) and
  // the list words it.
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const reminder = panel.getByTestId('notice').filter({ hasText: 'renews soon' });
  await expect(reminder).toContainText('Starter (VoIP Calling)');
  await expect(reminder).toContainText(/for £99\.00\. Your balance does not cover it: add £79\.50/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Stopping renewal is confirmed first; the plan then ends with its paid month.
  await active.getByRole('button', { name: 'Stop renewal' }).click();
  const ask = page.getByRole('alertdialog', {
    name: /^Stop renewing \W?Starter \(VoIP Calling\)\W?\?$/,
  });
  await expect(ask).toContainText('Nothing more is charged for it.');
  await ask.getByRole('button', { name: 'Stop renewal' }).click();
  await expect(active.getByText('Ends', { exact: true })).toBeVisible();
  await expect(active).toContainText(/Renewal stopped: ends /);
  await expect(card.getByTestId('runway')).toHaveText('Nothing to pay');
  await active.getByRole('button', { name: 'Renew again' }).click();
  await page
    .getByRole('alertdialog', { name: /^Renew \W?Starter \(VoIP Calling\)\W? again\?$/ })
    .getByRole('button', { name: 'Renew again' })
    .click();
  await expect(active.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByTestId('runway')).toHaveText(/^(29|30) days$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Arabic on a phone: the card and the controls fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  const cardAr = page.getByRole('region', { name: 'التجديدات ومدة التغطية' });
  await expect(cardAr).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  await cardAr.scrollIntoViewIfNeeded();
  const shot = test.info().outputPath('renewals-ar-390.png');
  await page.screenshot({ path: shot });
  await test.info().attach('renewals-ar-390', { path: shot, contentType: 'image/png' });
});
