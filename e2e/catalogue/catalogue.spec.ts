import { signedUpCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await signedUpCustomer(page);
});

test('prices and coverage lists countries by region, searchable, in their real currency', async ({
  page,
}) => {
  await page.goto('/prices-coverage');
  await expect(page.getByRole('heading', { name: 'Prices & Coverage' })).toBeVisible();
  for (const region of ['Africa', 'Europe', 'North America', 'Middle East']) {
    await expect(page.getByRole('heading', { name: region, exact: true })).toBeVisible();
  }
  await page.getByLabel('Search by country name or code').fill('germany');
  const europe = page.getByRole('region', { name: 'Europe' });
  await expect(europe.getByRole('row')).toHaveCount(2);
  await expect(europe.getByRole('row').last()).toContainText(/Germany \(DE\)\s*\$0\.\d{4}/);
  await expect(page.getByRole('heading', { name: 'Africa', exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'DID Numbers' }).click();
  await expect(page.getByRole('columnheader', { name: 'Monthly' })).toBeVisible();
  await page.getByLabel('Search by country name or code').fill('jp');
  await expect(page.getByRole('row').last()).toContainText(/Japan \(JP\)\s*\$\d+\.\d{2}/);

  await page.getByLabel('Search by country name or code').fill('zzzz');
  await expect(page.getByText('No countries match your search.')).toBeVisible();
});

test('the VoIP page shows the plans from the catalogue and Purchase Now remembers the choice', async ({
  page,
}) => {
  await page.goto('/services/voip');
  const plans = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /Purchase Now \(/ }) });
  await expect(plans).toHaveCount(3);
  await expect(plans.nth(0)).toContainText('£99.00');
  await expect(plans.nth(1)).toContainText('Most popular');
  await expect(plans.nth(2)).toContainText('£499.00');
  await page.getByRole('button', { name: 'Purchase Now (Professional)' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('selectedVoIPPackage') ?? 'null'),
  );
  expect(stored).toEqual({
    type: 'voip-package',
    id: expect.any(String),
    name: 'VoIP Professional Plan',
    price: 199,
    details: {
      features: [
        '5000 minutes',
        '25 concurrent calls',
        'Priority support',
        'Call recording',
        'Advanced analytics',
      ],
      billingPeriod: 'monthly',
      period: 'monthly',
    },
  });
});

test('a visitor does not have these pages', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/prices-coverage');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the DID page searches by country and area code', async ({ page }) => {
  await page.goto('/services/did');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Area code').fill('212');
  await page.getByRole('button', { name: 'Search' }).click();
  const us = page.getByRole('region', { name: 'United States' });
  await expect(us.getByRole('listitem').first()).toContainText('+1212');
  await expect(page.getByRole('region')).toHaveCount(1);
  const buy = us.getByRole('link', { name: /^Purchase \(\+1212/ }).first();
  await expect(buy).toHaveAttribute(
    'href',
    /^\/payment\?service=did&type=local&number=%2B1212\d+&price=\d+\.\d{2}&location=/,
  );
});

test('the choose-number page filters by type and text, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/did-numbers');
  await page.getByLabel('Type').selectOption('tollfree');
  await expect(page.getByText(/Numbers found: \d+/)).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items.first()).toContainText('Toll-free');
  // The list re-renders after the filter: wait until no other type is left in it.
  await expect(items.filter({ hasNotText: 'Toll-free' })).toHaveCount(0);
  for (const text of await items.allTextContents()) expect(text).toContain('Toll-free');

  await page.getByLabel('Type').selectOption('');
  await page.getByLabel('Search').fill('london');
  await expect(page.getByRole('region', { name: 'United Kingdom' })).toBeVisible();
  await expect(page.getByRole('region')).toHaveCount(1);

  await page.getByLabel('Search').fill('zzzz');
  await expect(page.getByText('No numbers found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await page.getByRole('link', { name: 'Back to DID numbers' }).click();
  await expect(page).toHaveURL(/\/services\/did$/);
});

test('a service page lists its packages with a way to buy them', async ({ page }) => {
  await page.goto('/services/smtp');
  await expect(page.getByRole('heading', { level: 1, name: 'SMTP Email' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /Purchase Now \(/ }) });
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('per month');
  await expect(cards.first().getByRole('link')).toHaveAttribute(
    'href',
    /^\/payment\?service=smtp&type=.+&price=\d+\.\d{2}&item=[0-9a-f-]{36}$/,
  );
  await page.goto('/services/nope');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the SIP services catalogue compares six plans and sells the 17 SIP domains', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Compare all SIP services' }).click();
  await expect(page).toHaveURL(/\/sip-services$/);
  await expect(page.getByRole('heading', { name: 'SIP Services', exact: true })).toBeVisible();
  const plans = page.getByRole('region', { name: 'Plans', exact: true }).locator('> ul > li');
  await expect(plans).toHaveCount(6);
  const hrefs = await page
    .getByRole('link', { name: /^Access \(/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual(
    [
      '/services/sip',
      '/services/voip',
      '/services/pbx',
      '/services/call-center',
      '/services/sip-trunk-advanced',
      '/services/analytics',
    ].sort(),
  );
  await expect(plans.filter({ hasText: 'Cloud PBX' })).toContainText('From £25.00');
  await expect(page.getByRole('region', { name: 'Compare plans' }).getByRole('row')).toHaveCount(8);
  const domains = page.getByRole('region', { name: 'Premium SIP domains' }).locator('> ul > li');
  await expect(domains).toHaveCount(17);
  await expect(domains.first()).toContainText('£400.00 one-time setup');
  const addons = page.getByRole('region', { name: 'Add-ons', exact: true });
  await expect(addons.getByRole('link', { name: /^Purchase Now \(/ })).toHaveCount(2);

  await page.getByRole('link', { name: 'Access (Advanced SIP Trunking)' }).click();
  await expect(page).toHaveURL(/\/services\/sip-trunk-advanced$/);
  await expect(page.getByRole('heading', { name: 'Advanced SIP Trunking' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What makes it advanced' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase Now (Advanced SIP Trunk)' })).toBeVisible();
});
